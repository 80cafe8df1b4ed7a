import { sql } from "kysely";
import { addSeconds, iso } from "../clock.ts";
import type { AppContext } from "../context.ts";
import { completeDueDeletions } from "./account-deletion.ts";
import { pruneExports } from "./exports/prune.ts";

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
] as const;

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
  return deleted;
}
