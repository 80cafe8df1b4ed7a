import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/**
 * SQLite's WAL checkpoints on a thread of their own (issue #37, tail latency). By default the connection that
 * commits runs the checkpoint whenever the WAL passes 1,000 pages: it copies every page the WAL holds into the
 * database file and fsyncs it inside that COMMIT — on the server's one connection, so on the event loop. In the
 * submit bench at 64 clients one commit in twenty took 5–40 ms instead of about 1 ms, and every request queued
 * behind it waited as long.
 *
 * Here a worker thread with a connection of its own runs a PASSIVE checkpoint every `intervalMs`: it copies what
 * the WAL holds without waiting for, or blocking, the writer or any reader (SQLite's WAL allows one
 * checkpointer beside them), and is as durable as the one the commit would have run. With nothing new in the
 * WAL it reads the WAL's header and does no I/O. A checkpoint that a reader held back is simply finished by a
 * later one. The server's connection keeps a checkpoint of its own at `BACKSTOP_PAGES`: if the worker falls
 * behind or fails, the WAL stays bounded as before, only later; a worker that fails puts it back to 1,000.
 */
export interface Checkpointer {
  /** Resolves once the worker's connection is open and the server's connection checkpoints only as a backstop. */
  readonly ready: Promise<void>;
  /** Checkpoints of the worker that copied pages into the database file (tests). */
  copied(): number;
  /** Ends the worker and closes its connection; the server's connection checkpoints at 1,000 pages again. */
  stop(): Promise<void>;
}

/** The server connection's own checkpoint while the worker runs: far past SQLite's default of 1,000 pages. */
export const BACKSTOP_PAGES = 10_000;
const DEFAULT_PAGES = 1000;

/** How often the worker checkpoints. */
const INTERVAL_MS = 200;

// Plain JavaScript, evaluated as the worker's source: no build entry and no TypeScript loader in the thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const copied = new Int32Array(workerData.copied);
// The WAL's frames already in the database file, as the last checkpoint reported them.
let backfilled = 0;
const timer = setInterval(() => {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    if (result.checkpointed > 0 && result.checkpointed !== backfilled) Atomics.add(copied, 0, 1);
    backfilled = result.checkpointed;
  } catch (error) {
    clearInterval(timer);
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ ready: true });
`;

/**
 * Starts the checkpoint worker for the database file `file`, whose server connection is `sqlite`. The server's
 * connection goes on checkpointing at 1,000 pages until the worker reports its connection open (`ready`).
 * `onError` hears of a worker that failed (its connection could not open, or a checkpoint failed).
 */
export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  const copied = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Not the parent's loaders (tsx when run from source): the thread runs the plain source above.
    execArgv: [],
    workerData: {
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      file,
      copied: copied.buffer,
      intervalMs: options.intervalMs ?? INTERVAL_MS,
    },
  });
  let running = true;
  const fallBack = (message: string) => {
    if (!running) return;
    running = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    options.onError?.(message);
  };
  // Settled from the worker's events below (the executor runs at once, so `settle` is set before any of them).
  let settle!: { resolve(): void; reject(error: Error): void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A failure is reported through onError; `ready` is awaited only by those who want it.
  ready.catch(() => {});
  const failed = (message: string) => {
    fallBack(message);
    settle.reject(new Error(message));
  };
  worker.on("message", (message: { ready?: boolean; error?: string }) => {
    if (message.ready) {
      if (running) {
        sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
        // From here on the worker never keeps the process alive (a server's close ends it through stop());
        // until now it did, so that awaiting `ready` could not find the event loop empty.
        worker.unref();
      }
      settle.resolve();
    }
    if (message.error) failed(message.error);
  });
  worker.on("error", (error) => failed(error.message));
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", (code) => {
      failed(`检查点线程已退出（退出码 ${code}）`);
      resolve();
    }),
  );
  return {
    ready,
    copied: () => Atomics.load(copied, 0),
    async stop() {
      if (running) {
        running = false;
        // Held until it has exited: a close awaiting it must not find the event loop empty.
        worker.ref();
        worker.postMessage("stop");
        if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
      }
      await exited;
    },
  };
}
