import { Worker } from "node:worker_threads";
import { decodeSnapshot } from "./fact-bitset-snapshot.ts";
import type { FactBitsets } from "./fact-bitsets.ts";

/** What the index-build worker is given. */
export interface IndexWorkerInput {
  file: string;
  questionnaireId: number;
  chunk: number;
  /** Valid responses expected (for the progress). */
  expected: number;
  /** The results version read before the build started: the snapshot carries it (see the cache). */
  version: number;
  /** Where the worker writes the snapshot of what it built; none when unset. */
  dir: string | undefined;
}

export type IndexWorkerMessage =
  | { kind: "round"; progress: number; threadId: number }
  | { kind: "done"; bytes: ArrayBuffer; saved: boolean };

/**
 * Run from source (tsx, vitest) this module's URL ends in .ts and the worker is started through a small
 * bootstrap that registers tsx in the new thread; the production build bundles the worker as
 * dist/fact-index-worker.js beside dist/main.js (scripts/build.mjs), where this module's code then lives.
 */
function workerOptions(input: IndexWorkerInput): { url: URL; workerData: unknown } {
  if (import.meta.url.endsWith(".ts")) {
    return {
      url: new URL("./fact-index-worker-tsx.mjs", import.meta.url),
      workerData: { ...input, entry: new URL("./fact-index-worker.ts", import.meta.url).href },
    };
  }
  return { url: new URL("./fact-index-worker.js", import.meta.url), workerData: input };
}

/**
 * Builds a questionnaire's index from a SQLite database file on a worker thread. `onRound` runs after each
 * round with the progress and where the round ran (the worker's thread id); the worker waits for it.
 * Resolves to the index and whether its snapshot was written.
 */
export function buildIndexInWorker(
  input: IndexWorkerInput,
  onRound: (progress: number, threadId: number) => void | Promise<void>,
): Promise<{ index: FactBitsets; saved: boolean }> {
  const { url, workerData } = workerOptions(input);
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData });
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject(error);
    };
    worker.on("message", (message: IndexWorkerMessage) => {
      if (message.kind === "round") {
        Promise.resolve(onRound(message.progress, message.threadId)).then(
          () => worker.postMessage("go"),
          fail,
        );
        return;
      }
      const index = decodeSnapshot(input.questionnaireId, Buffer.from(message.bytes));
      if (!index) return fail(new Error("index worker sent an unreadable index"));
      settled = true;
      resolve({ index, saved: message.saved });
      void worker.terminate();
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`index worker stopped (exit code ${code})`)));
  });
}
