import { definitionSchema, type ExportFilter, type ExportKind } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { AppError, ConflictError } from "../../errors.ts";
import {
  countResponses,
  exportLayout,
  labelsMayVary,
  RevisionQuestions,
  responseBatches,
  responseRow,
} from "./rows.ts";
import { csvSink, type RowSink, xlsxSink } from "./sinks.ts";
import { responseEntries, zipWriter } from "./zip.ts";

export interface ExportRequest {
  questionnaireId: number;
  kind: ExportKind;
  filter: ExportFilter | null;
  /** Where the file is written (the caller picks a random name and removes it on failure). */
  filePath: string;
  /** DATA_DIR/uploads, for zips. */
  uploadsDir: string;
  signal?: AbortSignal;
  /** Called after every batch of responses with those written so far and the total selected. */
  onProgress?: (rows: number, total: number) => Promise<void>;
}

/** Thrown when a zip would hold nothing: the job fails with a message saying so. */
export class NoFilesError extends AppError {
  constructor() {
    super(400, "exportNoFiles");
  }
}

/** The latest published definition: it gives the export its columns. */
export async function latestDefinition(db: Db, questionnaireId: number) {
  const row = await db
    .selectFrom("questionnaires")
    .innerJoin("questionnaire_revisions", (join) =>
      join
        .onRef("questionnaire_revisions.questionnaireId", "=", "questionnaires.id")
        .onRef("questionnaire_revisions.version", "=", "questionnaires.publishedVersion"),
    )
    .select("questionnaire_revisions.definition")
    .where("questionnaires.id", "=", questionnaireId)
    .executeTakeFirst();
  if (!row) throw new ConflictError("exportNotPublished");
  return definitionSchema.parse(JSON.parse(row.definition));
}

/**
 * Writes one export file: the function a job runs (and the export bench measures). Responses are read
 * in keyset-paged batches and written as they come, so memory stays flat whatever their number.
 * Returns how many responses the file holds (for a zip: responses with at least one file).
 */
export async function writeExportFile(db: Db, request: ExportRequest): Promise<{ rows: number }> {
  const { questionnaireId, filter, signal } = request;
  const layout = exportLayout(await latestDefinition(db, questionnaireId), filter);
  const total = await countResponses(db, questionnaireId, filter);
  const revisions = new RevisionQuestions(db);
  let seq = 0;
  signal?.throwIfAborted();

  if (request.kind === "zip") {
    const zip = zipWriter(request.filePath);
    let rows = 0;
    let files = 0;
    try {
      for await (const batch of responseBatches(db, questionnaireId, filter, { withLabels: false })) {
        signal?.throwIfAborted();
        const seqs = new Map(batch.map((r) => [r.id, ++seq]));
        const entries = await responseEntries(
          db,
          request.uploadsDir,
          layout,
          batch,
          (id) => seqs.get(id) ?? 0,
        );
        for (const entry of entries) await zip.add(entry);
        files += entries.length;
        rows += new Set(entries.map((e) => e.name.slice(0, e.name.indexOf("/")))).size;
        await request.onProgress?.(seq, total);
      }
      if (files === 0) throw new NoFilesError();
      await zip.close();
    } catch (error) {
      await zip.abort();
      throw error;
    }
    return { rows };
  }

  const sink: RowSink = (request.kind === "xlsx" ? xlsxSink : csvSink)(request.filePath, layout.headers);
  try {
    const withLabels = await labelsMayVary(db, questionnaireId);
    for await (const batch of responseBatches(db, questionnaireId, filter, { withLabels })) {
      signal?.throwIfAborted();
      await revisions.load(batch.map((r) => r.revisionId));
      // Rows first, then the writer in one run: each hot loop stays monomorphic for the JIT.
      const rows = batch.map((response) =>
        responseRow(layout, response, ++seq, revisions.of(response.revisionId)),
      );
      for (const row of rows) sink.add(row);
      await sink.drain();
      await request.onProgress?.(seq, total);
    }
    await sink.close();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  return { rows: seq };
}
