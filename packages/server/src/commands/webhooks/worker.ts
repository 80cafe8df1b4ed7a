import type { Server, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { deleteJob } from "../../jobs/queue.ts";
import type { JobWorker } from "../../jobs/worker.ts";
import { type OutboundClient, outboundClientFromConfig } from "../../outbound/index.ts";
import {
  type DispatchContext,
  deliveriesDue,
  dispatchDue,
  WEBHOOK_JOB,
  WEBHOOK_JOB_KEY,
} from "./dispatch.ts";
import { setWebhookWaker } from "./events.ts";

/**
 * This instance's part in webhook delivery: the `webhook_dispatch` job's handler, a wake after a commit that
 * wrote deliveries (`wakeWebhooks`), and a poll every JOB_POLL_MS for messages whose retry time has come (or
 * whose wake was lost: the job may have been finishing when they were written).
 *
 * A wake costs the submit that gives it nothing: while this instance's run is going it only notes that there
 * is more (the run looks again before it ends, and is queued again if the note came after its last look);
 * otherwise, WAKE_DELAY_MS later and once for all the wakes of that while, it reads whether anything is due
 * (nothing is, for a paused hook) and only then queues the job.
 */
export class WebhookDispatch {
  /** Every message goes through this client (tests put one with their own name resolution here). */
  client: OutboundClient;
  private scheduled: NodeJS.Timeout | null = null;
  private running = false;
  private wokenWhileRunning = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** HTTP requests this instance is answering now (counted on its server: `countRequests`). */
  private requestsInFlight = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly worker: JobWorker,
    private readonly log: FastifyInstance["log"],
  ) {
    this.client = outboundClientFromConfig(ctx.config);
    const dispatch: DispatchContext = {
      ctx,
      log,
      client: () => this.client,
      busy: () => this.requestsInFlight >= BUSY_REQUESTS,
      state: { served: 0, prunedAt: null },
    };
    worker.register(WEBHOOK_JOB, {
      run: async (run) => {
        this.running = true;
        this.wokenWhileRunning = false;
        let outcome: Awaited<ReturnType<typeof dispatchDue>> = "done";
        try {
          outcome = await dispatchDue(dispatch, run);
        } finally {
          this.running = false;
        }
        // Its time was up with messages still due, or some came after its last look: queued again (the wake's
        // delay lets this run leave the queue first).
        if (outcome === "more" || this.wokenWhileRunning) this.wake();
      },
      // Its attempts spent (a database error each time): the key is freed, so the next wake queues it anew.
      giveUp: async () => {
        await deleteJob(ctx.db, WEBHOOK_JOB_KEY);
      },
    });
    setWebhookWaker(ctx.db, () => this.wake());
  }

  /** Deliveries were written: see to it that the dispatch job runs (see the class comment). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    if (this.scheduled) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = null;
      void this.enqueueIfDue();
    }, WAKE_DELAY_MS);
    this.scheduled.unref();
  }

  /** Queues the job when something is due (a queued or running one already covers it: the key is unique). */
  private async enqueueIfDue(): Promise<void> {
    try {
      if (!this.stopped && (await deliveriesDue(this.ctx)))
        await this.worker.enqueue(WEBHOOK_JOB, WEBHOOK_JOB_KEY, {});
    } catch (error) {
      this.log.warn({ err: error }, "queueing webhook delivery failed");
    }
  }

  /** Counts the requests in flight on `server`, for `busy` (a request's `close` always comes, aborted or not). */
  countRequests(server: Server): void {
    server.on("request", (_request, response: ServerResponse) => {
      this.requestsInFlight += 1;
      response.once("close", () => {
        this.requestsInFlight -= 1;
      });
    });
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.poll(), this.ctx.config.jobs.pollMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (!this.running) await this.enqueueIfDue();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.scheduled) clearTimeout(this.scheduled);
    this.timer = null;
    this.scheduled = null;
  }

  /**
   * Tests: sends whatever is due by the app's clock and waits until it is done (the job may first have to be
   * taken over from a dead instance, which spends a run).
   */
  async settle(): Promise<void> {
    for (let round = 0; round < 5; round++) {
      await this.enqueueIfDue();
      await this.worker.idle();
      if (!(await deliveriesDue(this.ctx))) return;
    }
  }
}

/** Requests in flight from which the instance counts as busy (delivery then slows down: dispatch.ts). */
const BUSY_REQUESTS = 4;
/** A wake's delay: the wakes of that while are one, and a run that just ended has left the queue. */
const WAKE_DELAY_MS = 20;

const dispatches = new WeakMap<FastifyInstance, WebhookDispatch>();

export function webhookDispatchOf(app: FastifyInstance): WebhookDispatch {
  const dispatch = dispatches.get(app);
  if (!dispatch) throw new Error("webhook delivery is not registered on this app");
  return dispatch;
}

/** Called by registerJobs: the handler on the app's worker, the poll from ready until close. */
export function registerWebhookDispatch(app: FastifyInstance, ctx: AppContext, worker: JobWorker): void {
  const dispatch = new WebhookDispatch(ctx, worker, app.log);
  dispatches.set(app, dispatch);
  app.addHook("onReady", async () => {
    dispatch.countRequests(app.server);
    dispatch.start();
  });
  app.addHook("onClose", async () => dispatch.stop());
}
