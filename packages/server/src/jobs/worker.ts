import { randomBytes } from "node:crypto";
import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.ts";
import { isSqlite } from "../db/index.ts";
import type { JobRow } from "../db/tables/jobs.ts";
import { claimJob, completeJob, deleteJob, enqueueJob, failJob, releaseJob, renewLease } from "./queue.ts";

/** Why a running job was interrupted: this instance is stopping, its owner cancelled it, or it was lost. */
export type StopReason = "shutdown" | "cancel" | "lost";

export interface JobRun {
  job: JobRow;
  payload: unknown;
  /** Aborted with a StopReason; the handler stops between steps and throws. */
  signal: AbortSignal;
}

export interface JobHandler {
  /** Does the work; throws to have it retried. Must be safe to repeat from the start. */
  run(run: JobRun): Promise<void>;
  /** The last attempt failed: record that where users see it. */
  giveUp?(run: JobRun, error: unknown): Promise<void>;
}

/**
 * Runs the shared queue's jobs in this instance, one at a time: polls for due work (another instance may
 * have queued it, or died holding it), renews the lease while a job runs, retries failures with back-off.
 * `stop` (app close) interrupts the running job and hands it back to the queue; tests await `idle`.
 */
export class JobWorker {
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private readonly handlers = new Map<string, JobHandler>();
  private current: { job: JobRow; controller: AbortController; done: Promise<void> } | null = null;
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: Pick<AppContext, "db" | "clock" | "config">,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Starts polling; the timer never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.ctx.config.jobs.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Queues a job (once per key) and looks for work at once instead of at the next poll. */
  async enqueue(kind: string, key: string, payload: unknown, runAt?: Date): Promise<boolean> {
    const added = await enqueueJob(this.ctx.db, this.ctx.clock.now(), {
      kind,
      key,
      payload,
      maxAttempts: this.ctx.config.jobs.maxAttempts,
      ...(runAt ? { runAt } : {}),
    });
    this.kick();
    return added;
  }

  kick(): void {
    if (this.draining || this.stopped) return;
    this.draining = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, "job worker failed"))
      .finally(() => {
        this.draining = null;
      });
  }

  /** Resolves once no job is due (one waiting for its retry time is not). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
    if (this.stopped) return;
    this.kick();
    while (this.draining) await this.draining;
  }

  /** Removes a job; if this instance runs it, interrupts it and resolves once it no longer runs. */
  async cancel(key: string): Promise<void> {
    await deleteJob(this.ctx.db, key);
    if (this.current?.job.key === key) {
      this.current.controller.abort("cancel" satisfies StopReason);
      await this.current.done;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.current?.controller.abort("shutdown" satisfies StopReason);
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // Start after the request that queued the job has been answered.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.stopped) {
      const job = await claimJob(this.ctx.db, isSqlite(this.ctx.db), {
        instanceId: this.instanceId,
        now: this.ctx.clock.now(),
        leaseMs: this.ctx.config.jobs.leaseMs,
      });
      if (!job) return;
      const controller = new AbortController();
      const done = this.runJob(job, controller);
      this.current = { job, controller, done };
      try {
        await done;
      } finally {
        this.current = null;
      }
    }
  }

  private async runJob(job: JobRow, controller: AbortController): Promise<void> {
    const { db, clock, config } = this.ctx;
    const run: JobRun = { job, payload: JSON.parse(job.payload) as unknown, signal: controller.signal };
    const handler = this.handlers.get(job.kind);
    // Renewed well before it lapses, so a slow statement does not let another instance in.
    const renewal = setInterval(
      () => {
        renewLease(db, job, clock.now(), config.jobs.leaseMs)
          .then((held) => {
            if (!held) controller.abort("lost" satisfies StopReason);
          })
          .catch((error: unknown) =>
            this.log.warn({ err: error, jobId: job.id }, "renewing a job lease failed"),
          );
      },
      Math.max(50, Math.floor(config.jobs.leaseMs / 3)),
    );
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // A job whose runs keep dying with their instance (leases lapsed each time) is not tried forever.
      if (job.attempts > job.maxAttempts) throw new Error("lease lapsed on every attempt");
      await handler.run(run);
      await completeJob(db, job);
    } catch (error) {
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : undefined;
      if (reason === "shutdown") await releaseJob(db, job, clock.now());
      if (reason) return;
      this.log.warn({ err: error, jobId: job.id, kind: job.kind }, "job failed");
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(db, job, clock.now(), message);
      if (outcome === "failed") await handler?.giveUp?.(run, error);
    } finally {
      clearInterval(renewal);
    }
  }
}
