import { createHash, timingSafeEqual } from "node:crypto";
import type { MessageKey } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount } from "../../db/index.ts";
import type { AnsweringRow } from "../../db/tables/questionnaires.ts";
import { TooManyRequestsError } from "../../errors.ts";

/**
 * Wrong access passwords of a questionnaire (and of its shared 数据报告), throttled like password logins: the
 * attempts go to the same `login_attempts` table (pruned with it), under a subject `q:{questionnaire id}` (or
 * `r:…`) in its `phone` column,
 * which never holds a real phone number of that shape. Short passwords such as "8888" would otherwise fall
 * to a script in minutes.
 */
export const passwordGateLimits = {
  /** Wrong tries one IP may make on one questionnaire in the window. */
  perIp: 10,
  /** Wrong tries from all IPs together, against guessing spread over many addresses. */
  perQuestionnaire: 200,
  windowSeconds: 600,
} as const;

/** Whose tries are counted together, and what a locked-out visitor reads. */
export interface PasswordGate {
  /** `q:{questionnaire id}` for the answering page, `r:{questionnaire id}` for its shared 数据报告. */
  subject: string;
  throttled: MessageKey;
}

/** The answering page's 访问密码 of a questionnaire. */
export function answerGate(row: AnsweringRow): PasswordGate {
  return { subject: `q:${row.id}`, throttled: "answerPasswordThrottled" };
}

/** Equal-time comparison: digests have one length whatever was typed, and timingSafeEqual reads them all. */
function samePassword(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether `given` opens the password gate of `row` (true when it has none). A blank `given` is a visit,
 * not a guess. Refuses with 429 while this IP, or everyone together, has too many recent wrong tries —
 * even before looking at the password, so a right guess is not revealed during the lockout.
 */
export async function passesPasswordGate(
  ctx: AppContext,
  gate: PasswordGate,
  expected: string,
  given: string | undefined,
  ip: string,
): Promise<boolean> {
  if (!expected) return true;
  if (!given) return false;
  await refuseWhileThrottled(ctx, gate.subject, ip, gate.throttled);
  if (samePassword(given, expected)) return true;
  await recordWrongTry(ctx, gate.subject, ip);
  return false;
}

/**
 * Refuses (429, `throttled`) while this IP, or everyone together, has too many recent wrong tries at `subject`
 * (a questionnaire's password, an exam's sign-in) in `login_attempts`.
 */
export async function refuseWhileThrottled(
  ctx: AppContext,
  subject: string,
  ip: string,
  throttled: MessageKey,
): Promise<void> {
  const since = iso(addSeconds(ctx.clock.now(), -passwordGateLimits.windowSeconds));
  const failures = (byIp: boolean) => {
    let query = ctx.db
      .selectFrom("login_attempts")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("phone", "=", subject)
      .where("success", "=", 0)
      .where("createdAt", ">", since);
    if (byIp) query = query.where("ip", "=", ip.slice(0, 64));
    return query.executeTakeFirst().then(toCount);
  };
  if ((await failures(true)) >= passwordGateLimits.perIp) throw new TooManyRequestsError(throttled);
  if ((await failures(false)) >= passwordGateLimits.perQuestionnaire)
    throw new TooManyRequestsError(throttled);
}

/** One wrong try at `subject` from `ip` (what `refuseWhileThrottled` counts). */
export async function recordWrongTry(ctx: AppContext, subject: string, ip: string): Promise<void> {
  await ctx.db
    .insertInto("login_attempts")
    .values({ phone: subject, ip: ip.slice(0, 64), success: 0, createdAt: iso(ctx.clock.now()) })
    .execute();
}
