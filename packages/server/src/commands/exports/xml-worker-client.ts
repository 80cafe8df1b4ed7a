import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ExportFilter, Question, SurveyDefinition } from "@wjgj/core";
import type { ResponseSlice } from "./row-layout.ts";
import { sourceWorkerUrl } from "./xml-worker-source.ts";

/** What the xlsx worker thread builds the export's layout from (exportLayout's arguments, all cloneable). */
export interface XmlWorkerInput {
  definition: SurveyDefinition;
  filter: ExportFilter | null;
  options: {
    hidePersonal: boolean;
    fullPersonal: boolean;
    wechat: boolean;
    candidates: boolean;
    review?: boolean;
  };
  /** The export's columns: the worker refuses to start when its layout differs. */
  headers: string[];
}

/**
 * A batch for the worker: its responses (each with its 序号, `seq`), the place in the file of the first, the revisions it has not been sent yet, and
 * the answers read as bytes (`answersAsBytes`), one after the other in `answers`: response i's end at
 * `ends[i]` (its `answers` text is "" then).
 */
export interface ToXmlWorker {
  revisions: [number, Map<string, Question>][];
  responses: ResponseSlice[];
  firstRow: number;
  answers: ArrayBuffer;
  ends: number[];
}

/** The sheet XML of one batch's rows: the first `length` bytes of `buffer` (UTF-8). */
export interface RenderedRows {
  buffer: ArrayBuffer;
  length: number;
  rows: number;
}

/** The rows of a batch, and the buffer its answers came in, back for the next batch. */
export type FromXmlWorker = { kind: "ready" } | ({ kind: "rows"; answers: ArrayBuffer } & RenderedRows);

/** The smallest buffer answers are packed in: reused, as fresh memory costs page faults. */
const ANSWERS_BUFFER_BYTES = 1 << 20;

let sourceBundle: Promise<URL> | null = null;

/**
 * The worker's code. The production build bundles it as dist/xml-worker.js beside dist/main.js (an entry of
 * scripts/build.mjs); a build without it exports on the main thread alone (null). Run from source (tsx,
 * vitest) this module's URL ends in .ts and the same entry is bundled on first use (xml-worker-source.ts).
 */
function workerUrl(): URL | Promise<URL> | null {
  if (import.meta.url.endsWith(".ts")) {
    sourceBundle ??= sourceWorkerUrl(fileURLToPath(new URL("./xml-worker.ts", import.meta.url)));
    return sourceBundle;
  }
  const url = new URL("./xml-worker.js", import.meta.url);
  return fs.existsSync(fileURLToPath(url)) ? url : null;
}

/**
 * Starts the xlsx worker thread for an export (not waiting for it: see `ready`); null when this build has
 * none. No preloads (tsx's --import) in the thread: its code is plain JavaScript.
 */
export function startXmlWorker(input: XmlWorkerInput): XmlWorker | null {
  const url = workerUrl();
  if (url === null) return null;
  const start = (at: URL) => new Worker(at, { workerData: input, execArgv: [] });
  return new XmlWorker(url instanceof URL ? start(url) : url.then(start));
}

/**
 * The main thread's end of the xlsx worker: batches go in with `send`, their rows come back in the same
 * order from `next`. A worker that fails (a thrown error, an exit, a message it cannot read) fails every
 * waiting and later call with the reason, so the export job fails instead of waiting forever.
 */
export class XmlWorker {
  private readonly done: RenderedRows[] = [];
  private waiter: { resolve: (rows: RenderedRows) => void; reject: (error: Error) => void } | null = null;
  private readyWaiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly sentRevisions = new Set<number>();
  /** Buffers the worker has handed back with rows, for the next batches' answers. */
  private readonly freeAnswers: ArrayBuffer[] = [];
  private failure: Error | null = null;
  private stopped = false;
  private started = false;
  /** Batches sent whose rows `next` has not returned yet. */
  pending = 0;

  private worker: Worker | null = null;
  private readonly attached: Promise<Worker | null>;

  /** Takes the thread, or the thread once it is started (a failure to start fails it like a crash). */
  constructor(worker: Worker | Promise<Worker>) {
    if (worker instanceof Worker) {
      this.attach(worker);
      this.attached = Promise.resolve(worker);
    } else
      this.attached = worker.then(
        (started) => {
          this.attach(started);
          return started;
        },
        (error: Error) => {
          this.fail(new Error(`xlsx worker thread did not start: ${error.message}`, { cause: error }));
          return null;
        },
      );
  }

  private attach(worker: Worker): void {
    this.worker = worker;
    worker.on("message", (message: FromXmlWorker) => {
      if (message.kind === "ready") {
        this.started = true;
        this.readyWaiter?.resolve();
        this.readyWaiter = null;
        return;
      }
      this.freeAnswers.push(message.answers);
      const rows: RenderedRows = { buffer: message.buffer, length: message.length, rows: message.rows };
      if (this.waiter) {
        this.waiter.resolve(rows);
        this.waiter = null;
      } else this.done.push(rows);
    });
    worker.on("error", (error) =>
      this.fail(new Error(`xlsx worker thread failed: ${error.message}`, { cause: error })),
    );
    worker.on("messageerror", (error) =>
      this.fail(
        new Error(`xlsx worker thread sent an unreadable message: ${error.message}`, { cause: error }),
      ),
    );
    worker.on("exit", (code) => this.fail(new Error(`xlsx worker thread stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    if (this.stopped || this.failure) return;
    this.failure = error;
    this.waiter?.reject(error);
    this.waiter = null;
    this.readyWaiter?.reject(error);
    this.readyWaiter = null;
  }

  /** Whether the worker has built its layout and takes batches. */
  get ready(): boolean {
    return this.started && this.failure === null;
  }

  /** Throws the worker's failure, if it failed. */
  throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  whenReady(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.started) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.readyWaiter = { resolve, reject };
    });
  }

  /**
   * Sends a batch read with `answersAsBytes`; `questionsOf` gives each revision's questions (sent once per
   * revision). Only what its rows are built from travels: the answers' bytes packed in one transferred buffer,
   * answers opened here (sealed ones that could not be opened in part) as objects.
   */
  send(
    batch: readonly ResponseSlice[],
    firstRow: number,
    questionsOf: (revisionId: number) => Map<string, Question> | undefined,
  ): void {
    if (this.failure) throw this.failure;
    if (!this.worker || !this.started) throw new Error("the xlsx worker thread is not ready");
    const revisions: [number, Map<string, Question>][] = [];
    const responses: ResponseSlice[] = [];
    let bytes = 0;
    for (const response of batch) {
      if (!this.sentRevisions.has(response.revisionId)) {
        this.sentRevisions.add(response.revisionId);
        const questions = questionsOf(response.revisionId);
        if (questions) revisions.push([response.revisionId, questions]);
      }
      responses.push(slim(response));
      if (!response.opened) bytes += response.answerBytes?.length ?? 0;
    }
    // Copied into one buffer that moves to the worker (transferred, not copied again) and comes back with the rows.
    const answers = this.answersBuffer(bytes);
    const packed = new Uint8Array(answers);
    const ends: number[] = [];
    let at = 0;
    for (const response of batch) {
      // Opened (sealed) answers travel as `opened`: their stored bytes are not needed.
      if (response.answerBytes && !response.opened) {
        packed.set(response.answerBytes, at);
        at += response.answerBytes.length;
      }
      ends.push(at);
    }
    const message: ToXmlWorker = { revisions, responses, firstRow, answers, ends };
    this.worker.postMessage(message, [answers]);
    this.pending += 1;
  }

  private answersBuffer(bytes: number): ArrayBuffer {
    const index = this.freeAnswers.findIndex((buffer) => buffer.byteLength >= bytes);
    if (index >= 0) return this.freeAnswers.splice(index, 1)[0] as ArrayBuffer;
    return new ArrayBuffer(Math.max(ANSWERS_BUFFER_BYTES, bytes));
  }

  /** Whether `next` would return at once: the oldest batch's rows are back. */
  get hasRows(): boolean {
    return this.done.length > 0;
  }

  /** The rows of the oldest batch not yet returned. */
  next(): Promise<RenderedRows> {
    if (this.pending === 0) return Promise.reject(new Error("no batch is waiting for the xlsx worker"));
    const rows = this.done.shift();
    if (rows) {
      this.pending -= 1;
      return Promise.resolve(rows);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<RenderedRows>((resolve, reject) => {
      this.waiter = { resolve, reject };
    }).then((rendered) => {
      this.pending -= 1;
      return rendered;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await (await this.attached)?.terminate();
  }
}

/** What responseRow reads of a response (the sealed answers not copied when they were opened). */
function slim(response: ResponseSlice): ResponseSlice {
  const slice: ResponseSlice = {
    id: response.id,
    revisionId: response.revisionId,
    answers: response.opened || response.answerBytes ? "" : response.answers,
    labels: response.labels,
    score: response.score,
    status: response.status,
    ip: response.ip,
    source: response.source,
    durationSeconds: response.durationSeconds,
    submittedAt: response.submittedAt,
    deviceId: "",
  };
  if (response.seq !== undefined) slice.seq = response.seq;
  if (response.opened) slice.opened = response.opened;
  if (response.sealedText !== undefined) slice.sealedText = response.sealedText;
  if (response.skipped) slice.skipped = response.skipped;
  if (response.wechat !== undefined) slice.wechat = response.wechat;
  if (response.candidate) slice.candidate = response.candidate;
  if (response.reviewState) {
    slice.reviewState = response.reviewState;
    slice.reviewReason = response.reviewReason ?? null;
  }
  return slice;
}
