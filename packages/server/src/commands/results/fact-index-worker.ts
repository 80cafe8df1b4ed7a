import { parentPort, threadId, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import type { Database } from "../../db/schema.ts";
import { appendNew } from "./fact-bitset-append.ts";
import { encodeSnapshot, writeSnapshot } from "./fact-bitset-snapshot.ts";
import { FactBitsets } from "./fact-bitsets.ts";
import type { IndexWorkerInput, IndexWorkerMessage } from "./fact-index-build.ts";

/**
 * A fact bitset index built on a thread of its own (fact-index-build.ts starts it): its own read-only
 * SQLite connection reads the responses and facts in rounds, so the app's connection and event loop stay
 * free for requests and submits meanwhile. After each round it reports the progress and waits for the
 * word to go on (a test hook can hold it there). The finished index travels back as its snapshot bytes
 * (transferred, not copied), which the worker has also written to the snapshot directory.
 */
const input = workerData as IndexWorkerInput;
const port = parentPort;
if (!port) throw new Error("fact-index-worker runs as a worker thread");

let proceed: (() => void) | null = null;
port.on("message", (message: "go") => {
  if (message === "go") proceed?.();
});
const send = (message: IndexWorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

const sqlite = new SQLite(input.file, { readonly: true, fileMustExist: true });
sqlite.pragma("busy_timeout = 5000");
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  plugins: [new CamelCasePlugin()],
});
try {
  const index = new FactBitsets();
  const expected = Math.max(1, input.expected);
  await appendNew(db, "sqlite", input.questionnaireId, index, input.chunk, async () => {
    const progress = Math.min(99, Math.floor((index.validCount / expected) * 100));
    const next = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    send({ kind: "round", progress, threadId });
    await next;
  });
  index.version = input.version;
  const buffers = encodeSnapshot(input.questionnaireId, index);
  if (input.dir && index.size > 0) await writeSnapshot(input.dir, input.questionnaireId, buffers);
  const joined = Buffer.concat(buffers);
  // A Buffer from concat may sit in a shared pool: hand over an ArrayBuffer of its own.
  const bytes = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength) as ArrayBuffer;
  send({ kind: "done", bytes, saved: Boolean(input.dir) && index.size > 0 }, [bytes]);
} finally {
  await db.destroy();
}
