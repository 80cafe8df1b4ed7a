import { addSeconds, iso } from "../clock.ts";
import type { AppContext } from "../context.ts";

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

export async function pruneExpiredRecords(
  ctx: Pick<AppContext, "db" | "clock">,
): Promise<Record<string, number>> {
  const now = ctx.clock.now();
  const before = (days: number) => iso(addSeconds(now, -days * DAY));
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  return {
    smsOutbox: deleted(
      await ctx.db
        .deleteFrom("sms_outbox")
        .where("createdAt", "<", before(retentionDays.smsRecords))
        .executeTakeFirst(),
    ),
    phoneCodes: deleted(
      await ctx.db
        .deleteFrom("phone_codes")
        .where("createdAt", "<", before(retentionDays.smsRecords))
        .executeTakeFirst(),
    ),
    loginAttempts: deleted(
      await ctx.db
        .deleteFrom("login_attempts")
        .where("createdAt", "<", before(retentionDays.securityLogs))
        .executeTakeFirst(),
    ),
    sessions: deleted(
      await ctx.db
        .deleteFrom("sessions")
        .where("expiresAt", "<", before(retentionDays.securityLogs))
        .executeTakeFirst(),
    ),
    otherLoginUses: deleted(
      await ctx.db
        .deleteFrom("other_login_uses")
        .where("usedAt", "<", before(retentionDays.otherLoginUses))
        .executeTakeFirst(),
    ),
  };
}
