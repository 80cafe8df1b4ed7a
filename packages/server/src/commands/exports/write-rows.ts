import type { ExportFilter, ExportKind, FactPredicate, Question } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { serialsInIdOrder } from "../results/serials.ts";
import { appendBatchXml } from "./batch-xml.ts";
import { drawnPapers } from "./drawn.ts";
import {
  type ExportLayout,
  labelsMayVary,
  type ResponseSlice,
  RevisionQuestions,
  responseBatches,
  responseRow,
  serialOf,
} from "./rows.ts";
import { columnNames, type XmlBytes } from "./sheet-xml.ts";
import { csvSink, type RowSink, type XlsxSink, xlsxSink } from "./sinks.ts";
import { startXmlWorker, type XmlWorker, type XmlWorkerInput } from "./xml-worker-client.ts";

/**
 * Rows between two calls of the sink's `drain`, each a turn of the event loop. The xlsx compressor works
 * off this thread but takes its next 64 KB of sheet XML (about 20 rows) only in such a turn: once per
 * 100-row batch left it idle most of the time, and an export as slow as mapping plus compressing in turn.
 */
const DRAIN_EVERY_ROWS = 10;

/**
 * Below this many responses an xlsx export renders its rows on this thread alone: it is over before a
 * worker thread would have started.
 */
const WORKER_MIN_ROWS = 10_000;

/**
 * Responses per query once the worker takes the rows: a batch lives here only until it is posted, so larger
 * batches than rows.ts's cost no memory and save queries.
 */
const WORKER_BATCH_SIZE = 500;

/**
 * Batches sent to the xlsx worker and not yet written: enough that neither thread waits for the other,
 * few enough that memory stays flat (a batch of 500 responses is 1–2 MB either way).
 */
const WORKER_BATCHES_AHEAD = 4;

/** Rows this thread renders between two turns of the event loop when it renders a batch itself. */
const RENDER_RUN_ROWS = 25;

/** What of an export request (write-file.ts's ExportRequest) a spreadsheet's rows need. */
export interface SpreadsheetRequest {
  questionnaireId: number;
  kind: ExportKind;
  filter: ExportFilter | null;
  filePath: string;
  signal?: AbortSignal;
  onProgress?: (rows: number, total: number) => Promise<void>;
  rowThread?: "always" | "never";
}

/**
 * The rows of an xlsx or csv export. An xlsx export of many responses (without 随机组卷, 编码 or 下载链接
 * columns: `rowThread` set) shares its rows with a worker thread (issue #37: a machine of two cores): this
 * thread reads the batches — the database, the keys of sealed answers and the candidates stay here, on either
 * database — and zips the sheet XML; the worker parses the answers and renders the rows of most batches, and
 * this thread renders the others while the worker is busy. Until the worker is ready every row is rendered
 * here, so a slow start costs nothing.
 */
export async function writeSpreadsheet(
  db: Db,
  request: SpreadsheetRequest,
  layout: ExportLayout,
  options: {
    /** What the worker thread needs; null renders every row on this thread. */
    rowThread: XmlWorkerInput | null;
    withPapers: boolean;
    predicate: FactPredicate | null;
    total: number;
  },
): Promise<{ rows: number }> {
  const { questionnaireId, filter, signal } = request;
  const { total } = options;
  const revisions = new RevisionQuestions(db);
  const xlsx = request.kind === "xlsx" ? await xlsxSink(request.filePath, layout.headers) : null;
  const sink: RowSink = xlsx ?? csvSink(request.filePath, layout.headers);
  const mode = request.rowThread ?? "auto";
  const useWorker = xlsx !== null && options.rowThread !== null && mode !== "never";
  let worker: XmlWorker | null = null;
  let rowsRead = 0;
  let written = 0;
  try {
    if (useWorker && options.rowThread && (mode === "always" || total >= WORKER_MIN_ROWS)) {
      worker = startXmlWorker(options.rowThread);
      if (mode === "always") {
        if (!worker) throw new Error("this build has no xlsx worker thread");
        await worker.whenReady();
      }
    }
    const reading = {
      // One numbering for both readers below: the worker's reader goes on where this thread's stopped.
      serials: serialsInIdOrder(db, questionnaireId),
      withLabels: await labelsMayVary(db, questionnaireId),
      predicate: options.predicate,
      mask: layout.masked,
      ...(layout.withCandidates
        ? { candidates: layout.maskIp ? ("masked" as const) : ("full" as const) }
        : {}),
    };
    // Rows rendered here: all of them without a worker, else until it is ready.
    let after = 0;
    let handOver = worker?.ready === true;
    if (!handOver) {
      for await (const batch of responseBatches(db, questionnaireId, filter, reading)) {
        signal?.throwIfAborted();
        worker?.throwIfFailed();
        await revisions.load(batch.map((r) => r.revisionId));
        const papers = options.withPapers ? await drawnPapers(db, questionnaireId, batch) : undefined;
        for (const response of batch) {
          sink.add(
            responseRow(
              layout,
              response,
              serialOf(response),
              revisions.of(response.revisionId),
              papers?.get(response.id),
            ),
          );
          if (++rowsRead % DRAIN_EVERY_ROWS === 0) await sink.drain();
        }
        written = rowsRead;
        await sink.drain();
        await request.onProgress?.(rowsRead, total);
        after = (batch[batch.length - 1] as { id: number }).id;
        if (worker?.ready) {
          handOver = true;
          break;
        }
      }
    }
    if (handOver && worker && xlsx) {
      const shared = new SharedRendering(
        worker,
        xlsx,
        layout,
        (id) => revisions.of(id),
        async (rows) => {
          written += rows;
          await request.onProgress?.(written, total);
        },
      );
      // The answers as bytes, masked after parsing by whichever thread renders them (batch-xml.ts).
      const { mask: _masked, ...unmasked } = reading;
      for await (const batch of responseBatches(db, questionnaireId, filter, {
        ...unmasked,
        after,
        batchSize: WORKER_BATCH_SIZE,
        answersAsBytes: true,
      })) {
        signal?.throwIfAborted();
        await revisions.load(batch.map((r) => r.revisionId));
        await shared.add(batch, rowsRead + 1);
        rowsRead += batch.length;
      }
      await shared.finish(signal);
    }
    // A cancel that came with the last rows' progress still stops the export: no file is finished after it.
    signal?.throwIfAborted();
    await sink.close();
  } catch (error) {
    await sink.abort();
    throw error;
  } finally {
    await worker?.stop();
  }
  return { rows: rowsRead };
}

/** A batch's place in the sheet: rendered here (its XML), or by the worker (null until `next` gives it). */
interface Slot {
  rows: number;
  xml: XmlBytes | null;
}

/**
 * Batches rendered by the worker, and by this thread when the worker already has enough to do, written to
 * the sheet in their order. This thread renders in short runs between turns of the event loop: the
 * compressor takes its next piece of XML only in such a turn (see DRAIN_EVERY_ROWS).
 */
class SharedRendering {
  private readonly slots: Slot[] = [];
  /** Bytes to start a batch's XML with: the last one's, so that a buffer seldom grows (and copies). */
  private capacity = 1 << 20;
  private readonly columns: readonly string[];

  constructor(
    private readonly worker: XmlWorker,
    private readonly sheet: XlsxSink,
    private readonly layout: ExportLayout,
    private readonly questionsOf: (revisionId: number) => Map<string, Question> | undefined,
    private readonly onWritten: (rows: number) => Promise<void>,
  ) {
    this.columns = columnNames(layout.headers.length);
  }

  async add(batch: ResponseSlice[], firstRow: number): Promise<void> {
    if (this.worker.pending < WORKER_BATCHES_AHEAD) {
      this.worker.send(batch, firstRow, this.questionsOf);
      this.slots.push({ rows: batch.length, xml: null });
    } else {
      // A new buffer per batch, as the worker's: the sheet keeps it until the compressor has taken it.
      const xml: XmlBytes = { bytes: new Uint8Array(this.capacity), length: 0 };
      for (let from = 0; from < batch.length; from += RENDER_RUN_ROWS) {
        appendBatchXml(
          xml,
          this.layout,
          this.columns,
          this.questionsOf,
          batch,
          firstRow,
          from,
          from + RENDER_RUN_ROWS,
        );
        await this.writeReady();
        await new Promise((resolve) => setImmediate(resolve));
      }
      this.capacity = xml.bytes.length;
      this.slots.push({ rows: batch.length, xml });
    }
    await this.writeReady();
    while (this.slots.length > WORKER_BATCHES_AHEAD + 2) await this.writeFirst();
  }

  async finish(signal: AbortSignal | undefined): Promise<void> {
    while (this.slots.length > 0) {
      signal?.throwIfAborted();
      await this.writeFirst();
    }
  }

  /** Writes the batches at the head that are rendered, without waiting for the worker. */
  private async writeReady(): Promise<void> {
    for (let first = this.slots[0]; first && (first.xml || this.worker.hasRows); first = this.slots[0])
      await this.writeFirst();
  }

  private async writeFirst(): Promise<void> {
    const slot = this.slots.shift();
    if (!slot) return;
    if (slot.xml) this.sheet.addXml(slot.xml.bytes.subarray(0, slot.xml.length), slot.rows);
    else {
      const { buffer, length, rows } = await this.worker.next();
      this.sheet.addXml(new Uint8Array(buffer, 0, length), rows);
    }
    await this.sheet.drain();
    await this.onWritten(slot.rows);
  }
}
