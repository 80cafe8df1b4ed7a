import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_RETRY_WINDOW_HOURS, webhookTexts } from "@wjgj/core";
import type { FastifyBaseLogger } from "fastify";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/tables/webhooks.ts";
import type { JobRun } from "../../jobs/worker.ts";
import type { OutboundClient } from "../../outbound/index.ts";
import { buildBodies } from "./payload.ts";
import { signedHeaders, unwrapWebhookSecret } from "./signing.ts";

/**
 * Delivering webhook messages: the `webhook_dispatch` job of the shared queue drains due deliveries.
 *
 * - One dispatcher at a time, site-wide: the job has one key, so the queue's lease decides who runs it. An
 *   instance killed mid-delivery leaves the job's lease to lapse; another instance takes the job over and sends
 *   what is still pending again, with the same `webhook-id` (at-least-once; receivers de-duplicate on it).
 *   Nothing is marked sent before the receiver's 2xx has been recorded.
 * - Per hook, messages go out one after another in id order (the order of their events) among those due: a
 *   receiver sees them in the order they were attempted. Hooks are served side by side, so a slow receiver
 *   delays only its own messages.
 * - 2xx is delivered; anything else — another status, a 3xx (never followed), a timeout, a refused address —
 *   is a failed attempt, retried after 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h … until 24 h after
 *   the event, then failed. The URL is checked again at every attempt by the outbound client (outbound/).
 * - An attempt that gets no HTTP answer at all (refused, unreachable, timed out) pauses the hook until that
 *   message's retry: its other messages, and new ones, wait without spending attempts — each would only fail
 *   the same way, costing a timeout — and go out in order behind it once it gets through. A message that waited
 *   out its whole window behind a pause is failed without an attempt. An HTTP error is that message's own: the
 *   next message is still tried.
 * - A hook is disabled, and its owner notified, once its failures have lasted a whole window: a message given
 *   up with no success since its first attempt, or WEBHOOK_DISABLE_AFTER_HOURS of nothing but failures.
 * - Outcomes of a batch are written in one transaction (one commit, not one per message).
 * - Delivery yields to requests: while the instance has many requests in flight it slows to one message per
 *   BUSY_PAUSE_MS (submits first; the messages wait in the table and catch up when the burst is over).
 */

export const WEBHOOK_JOB = "webhook_dispatch";
export const WEBHOOK_JOB_KEY = "webhook_dispatch";

/** Waits before the next attempt, after the n-th failed one. */
const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];

export function retryDelaySeconds(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_SECONDS.length) - 1;
  return RETRY_DELAYS_SECONDS[index] as number;
}

/** A run hands the queue back after this long (other jobs of the instance get their turn; it is enqueued again). */
const RUN_BUDGET_MS = 5000;
/** Hooks served side by side in a run. */
const HOOKS_AT_ONCE = 16;
/** Messages of one hook read, sent and recorded together. */
const BATCH = 100;
/** Delivered and failed messages stay in the log this long. */
const LOG_DAYS = 30;

const USER_AGENT = "wjgj-webhooks/1";
const DAY = 86_400;

type Outcome =
  | {
      kind: "attempt";
      delivery: WebhookDeliveryRow;
      body: string;
      at: Date;
      ok: boolean;
      status: number | null;
      latencyMs: number;
      excerpt: string;
      error: string;
      /** No HTTP answer came (refused, unreachable, timed out): the hook pauses until this one's retry. */
      unreachable: boolean;
    }
  /** Never attempted within its window (the hook was paused all along): failed without an attempt. */
  | { kind: "expired"; delivery: WebhookDeliveryRow; at: Date };

export interface DispatchContext {
  ctx: Pick<AppContext, "db" | "clock" | "dialect">;
  log: FastifyBaseLogger;
  client: () => OutboundClient;
  /**
   * Whether this instance is busy answering requests. Delivery is background work: while requests queue up, it
   * sends one message per BUSY_PAUSE_MS, so a burst of submits keeps the CPU and the messages catch up after.
   */
  busy?: () => boolean;
  /** Where the last round of hooks stopped (rounds take turns), and when the log was last pruned. */
  state: { served: number; prunedAt: number | null };
}

/** The pause between two messages while the instance is busy (at most 100 a second then, per hook). */
const BUSY_PAUSE_MS = 10;

/** When attempts of a message stop. */
function giveUpTime(delivery: WebhookDeliveryRow): Date {
  return delivery.giveUpAt
    ? new Date(delivery.giveUpAt)
    : addSeconds(new Date(delivery.createdAt), WEBHOOK_RETRY_WINDOW_HOURS * 3600);
}

/** Rejects once `signal` aborts: a request in flight is left to its own timeout, the run stops waiting for it. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Enabled, not paused, and with a message due: per hook, an index probe (there are few hooks, many messages). */
function openHooksWithDue(db: DispatchContext["ctx"]["db"], now: Date) {
  const at = iso(now);
  return db
    .selectFrom("webhooks")
    .where("webhooks.enabled", "=", 1)
    .where((eb) => eb.or([eb("webhooks.pausedUntil", "is", null), eb("webhooks.pausedUntil", "<=", at)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("webhook_deliveries")
          .select("webhook_deliveries.id")
          .whereRef("webhook_deliveries.webhookId", "=", "webhooks.id")
          .where("webhook_deliveries.status", "=", "pending")
          .where("webhook_deliveries.nextAttemptAt", "<=", at),
      ),
    );
}

/** Up to HOOKS_AT_ONCE hooks with due messages, taking turns (a disabled or paused hook's messages wait). */
async function dueHooks(dispatch: DispatchContext, now: Date): Promise<WebhookRow[]> {
  const { db } = dispatch.ctx;
  const after = await openHooksWithDue(db, now)
    .selectAll()
    .where("webhooks.id", ">", dispatch.state.served)
    .orderBy("webhooks.id")
    .limit(HOOKS_AT_ONCE)
    .execute();
  const before =
    after.length < HOOKS_AT_ONCE
      ? await openHooksWithDue(db, now)
          .selectAll()
          .where("webhooks.id", "<=", dispatch.state.served)
          .orderBy("webhooks.id")
          .limit(HOOKS_AT_ONCE - after.length)
          .execute()
      : [];
  const hooks = [...after, ...before];
  // Rounds go round the hooks, so many busy hooks all get their turn.
  dispatch.state.served = after.at(-1)?.id ?? before.at(-1)?.id ?? 0;
  return hooks;
}

/** Whether anything is due now (the poll's question, and a wake's). */
export async function deliveriesDue(ctx: Pick<AppContext, "db" | "clock">): Promise<boolean> {
  const row = await openHooksWithDue(ctx.db, ctx.clock.now())
    .select("webhooks.id")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One attempt: signed with the hook's current secret, sent through the outbound client. */
async function attempt(
  dispatch: DispatchContext,
  hook: WebhookRow,
  secret: Buffer,
  delivery: WebhookDeliveryRow,
  body: string,
  signal: AbortSignal,
): Promise<Outcome> {
  const at = dispatch.ctx.clock.now();
  const headers = {
    ...signedHeaders(secret, { id: delivery.eventId, timestamp: Math.floor(at.getTime() / 1000), body }),
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
  };
  const result = await abortable(
    dispatch.client().request({ url: hook.url, method: "POST", headers, body }),
    signal,
  );
  const base = { kind: "attempt" as const, delivery, body, at, latencyMs: result.latencyMs };
  if (result.ok) {
    const ok = result.status >= 200 && result.status < 300;
    return {
      ...base,
      ok,
      status: result.status,
      excerpt: result.bodyExcerpt,
      error: ok ? "" : webhookTexts.httpError(result.status),
      unreachable: false,
    };
  }
  return {
    ...base,
    ok: false,
    status: result.status ?? null,
    excerpt: "",
    error: result.message,
    unreachable: result.status === undefined,
  };
}

/**
 * Writes a batch's outcomes in one transaction, with the hook's failure streak, its pause and, when the
 * failures have lasted a whole window, its disabling.
 */
async function record(dispatch: DispatchContext, hook: WebhookRow, outcomes: readonly Outcome[]) {
  if (outcomes.length === 0) return;
  const { db, clock } = dispatch.ctx;
  const now = clock.now();
  let failures = hook.consecutiveFailures;
  let failingSince = hook.failingSince;
  let pausedUntil: string | null = null;
  let lastError = "";
  // Every attempt of a message failed over its whole window, and nothing succeeded meanwhile.
  let exhausted = false;
  await transaction(db, async (trx) => {
    for (const outcome of outcomes) {
      const { delivery } = outcome;
      if (outcome.kind === "expired") {
        await trx
          .updateTable("webhook_deliveries")
          .set({
            status: "failed",
            lastError: webhookTexts.expired,
          })
          .where("id", "=", delivery.id)
          .where("status", "=", "pending")
          .execute();
        continue;
      }
      const attempts = delivery.attempts + 1;
      const at = iso(outcome.at);
      const firstAttemptAt = delivery.firstAttemptAt ?? at;
      const last = {
        attempts,
        firstAttemptAt,
        lastAttemptAt: at,
        lastStatusCode: outcome.status,
        lastLatencyMs: outcome.latencyMs,
        lastResponseExcerpt: outcome.excerpt,
        lastError: outcome.error.slice(0, 500),
        body: outcome.body,
      };
      if (outcome.ok) {
        failures = 0;
        failingSince = null;
        await trx
          .updateTable("webhook_deliveries")
          .set({ ...last, status: "delivered", deliveredAt: at })
          .where("id", "=", delivery.id)
          .where("status", "=", "pending")
          .execute();
        continue;
      }
      failures += 1;
      failingSince ??= at;
      lastError = outcome.error;
      const next = addSeconds(outcome.at, retryDelaySeconds(attempts));
      const givenUp = next > giveUpTime(delivery);
      if (givenUp && failingSince <= firstAttemptAt) exhausted = true;
      if (outcome.unreachable)
        pausedUntil = iso(givenUp ? addSeconds(outcome.at, retryDelaySeconds(1)) : next);
      await trx
        .updateTable("webhook_deliveries")
        .set({ ...last, status: givenUp ? "failed" : "pending", nextAttemptAt: iso(next) })
        .where("id", "=", delivery.id)
        .where("status", "=", "pending")
        .execute();
    }
    await trx
      .updateTable("webhooks")
      .set({ consecutiveFailures: failures, failingSince, pausedUntil })
      .where("id", "=", hook.id)
      .execute();
    const streak = failingSince ? now.getTime() - new Date(failingSince).getTime() : 0;
    if (exhausted || streak >= WEBHOOK_DISABLE_AFTER_HOURS * 3600_000)
      await disableHook(trx, hook, now, webhookTexts.disabledAfterFailures(lastError));
  });
}

/** Disables a hook that keeps failing and tells its owner (once: only when it was still enabled). */
async function disableHook(trx: Trx, hook: WebhookRow, now: Date, reason: string) {
  const changed = await trx
    .updateTable("webhooks")
    .set({ enabled: 0, disabledReason: reason.slice(0, 300), updatedAt: iso(now) })
    .where("id", "=", hook.id)
    .where("enabled", "=", 1)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return;
  const title = hook.questionnaireId
    ? await trx
        .selectFrom("questionnaires")
        .select("title")
        .where("id", "=", hook.questionnaireId)
        .executeTakeFirst()
    : undefined;
  await trx
    .insertInto("notifications")
    .values({
      userId: hook.ownerId,
      kind: "webhookDisabled",
      title: webhookTexts.noticeTitle,
      content: webhookTexts.notice(title?.title ?? null, hook.url, reason).slice(0, 500),
      // Where the hook is managed: the questionnaire's 数据推送 tab, or 个人中心 for an account-wide hook.
      link: hook.questionnaireId
        ? `/dc/result?id=${hook.questionnaireId}&tab=webhooks`
        : "/dc/personalCenter?type=1",
      readAt: null,
      createdAt: iso(now),
    })
    .execute();
}

/**
 * Sends one hook's due messages in id order (the order of their events), a batch at a time, until none is due,
 * the receiver cannot be reached (the hook pauses) or the run's time is up.
 */
async function drainHook(
  dispatch: DispatchContext,
  first: WebhookRow,
  signal: AbortSignal,
  deadline: number,
) {
  const { db, clock } = dispatch.ctx;
  let hook: WebhookRow | undefined = first;
  while (hook && isOpen(hook, clock.now()) && !signal.aborted && performance.now() < deadline) {
    const due = await db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("webhookId", "=", hook.id)
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", iso(clock.now()))
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (due.length === 0) return;
    let secret: Buffer;
    try {
      secret = unwrapWebhookSecret(db, hook.id, hook.secret);
    } catch (error) {
      // Nothing can be signed: stop it rather than find it due again and again.
      dispatch.log.error({ err: error, webhookId: hook.id }, "a webhook secret does not open");
      const stopped = hook;
      await transaction(db, (trx) => disableHook(trx, stopped, clock.now(), webhookTexts.disabledSecretLost));
      return;
    }
    const bodies = await buildBodies(dispatch.ctx, due);
    const outcomes: Outcome[] = [];
    let unreachable = false;
    try {
      for (const delivery of due) {
        if (performance.now() >= deadline) break;
        const now = clock.now();
        if (delivery.attempts === 0 && now > giveUpTime(delivery)) {
          outcomes.push({ kind: "expired", delivery, at: now });
          continue;
        }
        if (dispatch.busy?.())
          await abortable(new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS)), signal);
        const outcome = await attempt(
          dispatch,
          hook,
          secret,
          delivery,
          bodies.get(delivery.id) ?? "{}",
          signal,
        );
        outcomes.push(outcome);
        // The rest would fail the same way, each costing a timeout: they wait for this one's retry.
        if (outcome.kind === "attempt" && outcome.unreachable) {
          unreachable = true;
          break;
        }
      }
    } finally {
      // What was sent is recorded even when the run is stopping (a repeat would be harmless, a lost record not).
      await record(dispatch, hook, outcomes).catch((error: unknown) =>
        dispatch.log.warn({ err: error, webhookId: hook?.id }, "recording webhook deliveries failed"),
      );
    }
    if (unreachable) return;
    // Read again: the owner may have disabled it, changed its URL or rotated its secret meanwhile.
    hook = await db.selectFrom("webhooks").selectAll().where("id", "=", hook.id).executeTakeFirst();
  }
}

/** Enabled and not paused. */
function isOpen(hook: WebhookRow, now: Date): boolean {
  return hook.enabled === 1 && (hook.pausedUntil === null || hook.pausedUntil <= iso(now));
}

/** The log is kept LOG_DAYS; messages of hooks deleted with their questionnaire go too. At most hourly. */
async function pruneLog(dispatch: DispatchContext) {
  const { prunedAt } = dispatch.state;
  if (prunedAt !== null && performance.now() - prunedAt < 3600_000) return;
  dispatch.state.prunedAt = performance.now();
  const { db, clock } = dispatch.ctx;
  await db
    .deleteFrom("webhook_deliveries")
    .where("status", "in", ["delivered", "failed"])
    .where("createdAt", "<", iso(addSeconds(clock.now(), -LOG_DAYS * DAY)))
    .execute();
  await db
    .deleteFrom("webhook_deliveries")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhooks")
            .select("webhooks.id")
            .whereRef("webhooks.id", "=", "webhook_deliveries.webhookId"),
        ),
      ),
    )
    .execute();
}

/**
 * One run of the dispatch job: hooks with due messages, side by side, until nothing is due or RUN_BUDGET_MS has
 * passed. Answers whether messages were still due when it stopped (the caller enqueues the job again).
 */
export async function dispatchDue(
  dispatch: DispatchContext,
  run: Pick<JobRun, "signal">,
): Promise<"done" | "more" | "error"> {
  const deadline = performance.now() + RUN_BUDGET_MS;
  await pruneLog(dispatch).catch((error: unknown) =>
    dispatch.log.warn({ err: error }, "pruning the webhook log failed"),
  );
  while (!run.signal.aborted) {
    if (performance.now() >= deadline) return "more";
    const hooks = await dueHooks(dispatch, dispatch.ctx.clock.now());
    if (hooks.length === 0) return "done";
    const results = await Promise.allSettled(
      hooks.map((hook) => drainHook(dispatch, hook, run.signal, deadline)),
    );
    run.signal.throwIfAborted();
    const failed = results.filter((result) => result.status === "rejected");
    for (const result of failed)
      dispatch.log.warn({ err: result.reason }, "a webhook's deliveries failed to run");
    // Found due again at once, a failing hook would spin: the next poll tries again.
    if (failed.length > 0) return "error";
  }
  run.signal.throwIfAborted();
  return "done";
}
