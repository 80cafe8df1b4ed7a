import { sql } from "kysely";
import { addSeconds, iso } from "../clock.ts";
import type { AppContext } from "../context.ts";
import type { JobHandler } from "../jobs/worker.ts";
import { completeDueDeletions } from "./account/deletion.ts";
import { pruneExports } from "./exports/prune.ts";
import { expireUnpaid } from "./form-orders/expire.ts";
import { scheduleOverdueOrders } from "./money/order-expiry.ts";
import { retireOldKeys, scheduleSealing } from "./privacy/key-rotation.ts";
import { scheduleRetention } from "./privacy/retention.ts";
import { releaseEndedRedPackets } from "./rewards/red-packets.ts";

const DAY = 86_400;

/**
 * Retention promised by the privacy policy (/Agreement): SMS records 30 days; security logs (login
 * attempts, sessions) kept at least six months, pruned after a year; spent partner-login signatures
 * a day after their 5-minute validity.
 */
export const retentionDays = {
  smsRecords: 30,
  securityLogs: 365,
  otherLoginUses: 1,
} as const;

/** Each pruned table with the timestamp column that ages it and how long its rows are kept. */
const rules = [
  ["smsOutbox", "sms_outbox", "createdAt", retentionDays.smsRecords],
  ["phoneCodes", "phone_codes", "createdAt", retentionDays.smsRecords],
  ["loginAttempts", "login_attempts", "createdAt", retentionDays.securityLogs],
  ["sessions", "sessions", "expiresAt", retentionDays.securityLogs],
  ["otherLoginUses", "other_login_uses", "usedAt", retentionDays.otherLoginUses],
  ["loginCaptchas", "login_captchas", "expiresAt", retentionDays.otherLoginUses],
  // WeChat sign-in: states live ten minutes, tickets five.
  ["wechatOauthStates", "wechat_oauth_states", "createdAt", retentionDays.otherLoginUses],
  ["wechatLoginTickets", "wechat_login_tickets", "expiresAt", retentionDays.otherLoginUses],
  // Calls made with API keys are a security log too; the per-minute counters matter only for the minute.
  ["apiCalls", "api_calls", "at", retentionDays.securityLogs],
  ["apiKeyUsage", "api_key_usage", "minute", retentionDays.otherLoginUses],
] as const;

/** Failed queue entries stay for inspection (their last error) this long. */
const FAILED_JOB_DAYS = 30;

export async function pruneExpiredRecords(
  ctx: Pick<AppContext, "db" | "clock" | "config" | "storage">,
): Promise<Record<string, number>> {
  const now = ctx.clock.now();
  const deleted: Record<string, number> = {};
  for (const [name, table, column, days] of rules) {
    const result = await ctx.db
      .deleteFrom(table)
      .where(sql.ref(column), "<", iso(addSeconds(now, -days * DAY)))
      .executeTakeFirst();
    deleted[name] = Number(result.numDeletedRows);
  }
  // Export files expire after exportRetentionDays (the export tab says so).
  Object.assign(deleted, await pruneExports(ctx));
  // Account deletions whose cooling-off period has ended (个人中心 · 注销账号 promises the date).
  deleted.accountDeletions = await completeDueDeletions(ctx);
  // Red-packet budgets of questionnaires whose end time has passed go back to their payers.
  deleted.endedRedPackets = await releaseEndedRedPackets(ctx);
  // 答卷保留期限: questionnaires whose responses are past their date get a retention run.
  deleted.retentionRuns = await scheduleRetention(ctx);
  // Personal answers written before encryption get sealed; data keys replaced long enough ago are forgotten.
  deleted.sealingRuns = await scheduleSealing(ctx);
  deleted.retiredDataKeys = await retireOldKeys(ctx);
  // Unpaid orders past their time to pay whose closing was never queued (made before it was).
  deleted.overdueOrders = await scheduleOverdueOrders(ctx);
  // 商品 orders (issue #41) unpaid past their time to pay: closed, their reserved stock given back.
  deleted.expiredFormOrders = await expireUnpaid(ctx);
  const failedJobs = await ctx.db
    .deleteFrom("jobs")
    .where("status", "=", "failed")
    .where("updatedAt", "<", iso(addSeconds(now, -FAILED_JOB_DAYS * DAY)))
    .executeTakeFirst();
  deleted.failedJobs = Number(failedJobs.numDeletedRows);
  return deleted;
}

/** The queue's job kind for the pruning above; every instance enqueues it, the key lets one run it. */
export const MAINTENANCE_JOB = "maintenance";
export const MAINTENANCE_EVERY_HOURS = 6;

/** One key per six-hour slot: `maintenance:2026-11-27T12`. */
export function maintenanceJobKey(now: Date): string {
  const slot = Math.floor(now.getTime() / (MAINTENANCE_EVERY_HOURS * 3600_000)) * MAINTENANCE_EVERY_HOURS;
  return `${MAINTENANCE_JOB}:${new Date(slot * 3600_000).toISOString().slice(0, 13)}`;
}

/** Each step deletes only what is due, so a run repeated after a takeover changes nothing more. */
export function maintenanceJobHandler(
  ctx: Pick<AppContext, "db" | "clock" | "config" | "storage">,
): JobHandler {
  return {
    async run() {
      await pruneExpiredRecords(ctx);
    },
  };
}
