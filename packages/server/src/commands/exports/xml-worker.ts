import { parentPort, workerData } from "node:worker_threads";
import type { Question } from "@wjgj/core";
import { appendBatchXml } from "./batch-xml.ts";
import { exportLayout } from "./row-layout.ts";
import { columnNames, type XmlBytes } from "./sheet-xml.ts";
import type { FromXmlWorker, ToXmlWorker, XmlWorkerInput } from "./xml-worker-client.ts";

/**
 * The xlsx export's second thread (xml-worker-client.ts starts it, write-rows.ts feeds it): turns batches of
 * responses read on the main thread into the UTF-8 sheet XML of their rows (batch-xml.ts) — parsing the
 * answers, building the cells and rendering them, most of an export's own work — while the main thread reads
 * the next batches and zips. It builds the export's layout from the same definition and options (and checks
 * the columns), so its rows are the sink's, byte for byte.
 */
const input = workerData as XmlWorkerInput;
const port = parentPort;
if (!port) throw new Error("xml-worker runs as a worker thread");

const layout = exportLayout(input.definition, input.filter, input.options);
if (layout.headers.length !== input.headers.length || layout.headers.some((h, i) => h !== input.headers[i]))
  throw new Error("the xlsx worker's columns differ from the export's");
const columns = columnNames(layout.headers.length);
const questionsOf = new Map<number, Map<string, Question>>();
/** Bytes to start a batch's XML with: the last batch's, so that a buffer seldom grows (and copies). */
let capacity = 1 << 20;

port.on("message", (message: ToXmlWorker) => {
  for (const [id, questions] of message.revisions) questionsOf.set(id, questions);
  message.responses.forEach((response, i) => {
    const start = i === 0 ? 0 : (message.ends[i - 1] ?? 0);
    const end = message.ends[i] ?? start;
    if (end > start) response.answerBytes = Buffer.from(message.answers, start, end - start);
  });
  // A new buffer per batch: the sheet keeps it until the compressor has taken it.
  const out: XmlBytes = { bytes: new Uint8Array(capacity), length: 0 };
  appendBatchXml(out, layout, columns, (id) => questionsOf.get(id), message.responses, message.firstRow);
  capacity = out.bytes.length;
  const reply: FromXmlWorker = {
    kind: "rows",
    buffer: out.bytes.buffer as ArrayBuffer,
    length: out.length,
    rows: message.responses.length,
    answers: message.answers,
  };
  port.postMessage(reply, [reply.buffer, message.answers]);
});

const ready: FromXmlWorker = { kind: "ready" };
port.postMessage(ready);
