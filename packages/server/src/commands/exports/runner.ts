import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { type ExportFilter, exportRetentionDays, type MessageKey, messages } from "@wjgj/core";
import type { FastifyBaseLogger } from "fastify";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { AppError } from "../../errors.ts";
import { writeExportFile } from "./write-file.ts";

/** An export file's key in storage. */
export function exportStorageKey(fileKey: string): string {
  return `exports/${fileKey}`;
}

/** Progress is written to the job at most once per this many rows (the page polls every 1.5 s anyway). */
export const PROGRESS_EVERY_ROWS = 1000;

/** What a job does with the exporter's progress reports: keeps its row's progress and row count current. */
export function progressRecorder(db: Db, jobId: number) {
  let recorded = 0;
  return async (written: number, total: number): Promise<void> => {
    if (written - recorded < PROGRESS_EVERY_ROWS && written < total) return;
    recorded = written;
    const progress = total === 0 ? 0 : Math.min(99, Math.floor((written * 100) / total));
    await db.updateTable("export_jobs").set({ progress, rows: written }).where("id", "=", jobId).execute();
  };
}

/** Why a running job was stopped: the server is closing, or its owner deleted it. */
type StopReason = "shutdown" | "cancel";

function failureMessage(error: unknown, reason: StopReason | undefined): string {
  if (reason === "shutdown") return messages.exportStopped;
  if (error instanceof AppError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const key: MessageKey =
    typeof code === "string" && /^E[A-Z]+$/.test(code) ? "exportStorageFailed" : "exportFailed";
  return messages[key];
}

/**
 * Runs export jobs in this process, one at a time, off the request that queued them. Nothing survives a
 * restart: `recover` fails whatever an earlier process left queued or running. `stop` (on app close)
 * interrupts the current job and waits for it to record that; tests await `idle`.
 */
export class ExportRunner {
  private readonly queue: number[] = [];
  private current: { id: number; controller: AbortController; done: Promise<void> } | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** At startup: jobs of a previous process will never finish. */
  async recover(): Promise<number> {
    const now = iso(this.ctx.clock.now());
    const result = await this.ctx.db
      .updateTable("export_jobs")
      .set({ status: "failed", error: messages.exportInterrupted, finishedAt: now })
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  enqueue(jobId: number): void {
    if (this.stopped) return;
    this.queue.push(jobId);
    this.kick();
  }

  private kick(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.drainQueue()
      .catch((error: unknown) => this.log.error({ err: error }, "export runner failed"))
      .finally(() => {
        this.loop = null;
        // A job queued while the loop was finishing.
        if (this.queue.length > 0) this.kick();
      });
  }

  /** Resolves once nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Drops a queued job, or interrupts it if it is running; resolves when it no longer runs. */
  async cancel(jobId: number): Promise<void> {
    const index = this.queue.indexOf(jobId);
    if (index !== -1) this.queue.splice(index, 1);
    if (this.current?.id === jobId) {
      this.current.controller.abort("cancel" satisfies StopReason);
      await this.current.done;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.current?.controller.abort("shutdown" satisfies StopReason);
    await this.idle();
  }

  private async drainQueue(): Promise<void> {
    // Start after the request that queued the job has been answered.
    await new Promise((resolve) => setImmediate(resolve));
    for (let id = this.queue.shift(); id !== undefined && !this.stopped; id = this.queue.shift()) {
      const controller = new AbortController();
      const done = this.run(id, controller.signal);
      this.current = { id, controller, done };
      try {
        await done;
      } finally {
        this.current = null;
      }
    }
  }

  private async run(jobId: number, signal: AbortSignal): Promise<void> {
    const { db, clock } = this.ctx;
    const started = await db
      .updateTable("export_jobs")
      .set({ status: "running", progress: 0 })
      .where("id", "=", jobId)
      .where("status", "=", "queued")
      .returningAll()
      .executeTakeFirst();
    if (!started) return;
    const fileKey = `${randomBytes(16).toString("hex")}.${started.kind}`;
    const key = exportStorageKey(fileKey);
    // Written to a scratch file and moved in (durably, on local disk) before the job says "done": a file
    // reported ready survives a power cut, and a half-written one never carries the final name.
    let partPath: string | null = null;
    try {
      partPath = await this.ctx.storage.scratchFile(key);
      const { rows } = await writeExportFile(db, {
        questionnaireId: started.questionnaireId,
        kind: started.kind,
        filter: started.filter === null ? null : (JSON.parse(started.filter) as ExportFilter),
        filePath: partPath,
        storage: this.ctx.storage,
        signal,
        onProgress: progressRecorder(db, jobId),
      });
      const { size } = await fs.stat(partPath);
      await this.ctx.storage.putFile(key, partPath);
      const now = clock.now();
      await db
        .updateTable("export_jobs")
        .set({
          status: "done",
          progress: 100,
          rows,
          fileKey,
          fileSize: size,
          finishedAt: iso(now),
          expiresAt: iso(addSeconds(now, exportRetentionDays * 86_400)),
        })
        .where("id", "=", jobId)
        .execute();
    } catch (error) {
      // The folder itself may be what failed; a leftover partial file is worse than a failed removal.
      if (partPath) await fs.rm(partPath, { force: true }).catch(() => {});
      await this.ctx.storage.remove(key).catch(() => {});
      const reason = signal.aborted ? (signal.reason as StopReason) : undefined;
      if (reason === "cancel") return;
      if (!(error instanceof AppError)) this.log.error({ err: error, jobId }, "export job failed");
      await db
        .updateTable("export_jobs")
        .set({ status: "failed", error: failureMessage(error, reason), finishedAt: iso(clock.now()) })
        .where("id", "=", jobId)
        .execute()
        .catch((cause: unknown) => this.log.error({ err: cause, jobId }, "recording a failed export failed"));
    }
  }
}
