import { type LoginResult, limits, messages } from "@wjgj/core";
import { addSeconds, iso } from "../clock.ts";
import type { AppContext } from "../context.ts";
import { toCount, transaction } from "../db/index.ts";
import { ForbiddenError, InvalidInputError, TooManyRequestsError } from "../errors.ts";
import { verifyPassword } from "../security/hashing.ts";
import { checkPhoneCode, codeCheckError } from "./phone-codes.ts";
import { createSession, type SessionOrigin } from "./sessions.ts";
import { findOrCreateUserByPhone, findUserByPhone } from "./users.ts";

/** SMS login: a right code logs in, creating the account on its first login. */
export async function loginWithPhoneCode(
  ctx: AppContext,
  args: { phone: string; code: string },
  origin: SessionOrigin,
): Promise<LoginResult> {
  const outcome = await transaction(ctx.db, async (trx) => {
    const check = await checkPhoneCode(ctx, trx, { ...args, purpose: "login" });
    if (check !== "ok") return { kind: "bad-code", check } as const;
    const user = await findOrCreateUserByPhone(trx, ctx.clock.now(), args.phone);
    if (user.status !== "active") return { kind: "disabled" } as const;
    const login = await createSession(trx, ctx.clock, ctx.config.sessionTtlDays, user, origin);
    return { kind: "ok", login } as const;
  });
  // Thrown after commit so that a wrong try is counted.
  if (outcome.kind === "bad-code") throw codeCheckError(outcome.check);
  if (outcome.kind === "disabled") throw new ForbiddenError("accountDisabled");
  return outcome.login;
}

const throttle = limits.passwordLogin;

/** Password login, throttled per phone and per IP over a sliding window of failed attempts. */
export async function loginWithPassword(
  ctx: AppContext,
  args: { phone: string; password: string },
  origin: SessionOrigin,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  const since = iso(addSeconds(now, -throttle.windowSeconds));
  const failures = (column: "phone" | "ip", value: string) =>
    ctx.db
      .selectFrom("login_attempts")
      .select((eb) => eb.fn.countAll().as("count"))
      .where(column, "=", value)
      .where("success", "=", 0)
      .where("createdAt", ">", since)
      .executeTakeFirst()
      .then(toCount);
  if ((await failures("phone", args.phone)) >= throttle.perPhone)
    throw new TooManyRequestsError("loginThrottled");
  if ((await failures("ip", origin.ip)) >= throttle.perIp) throw new TooManyRequestsError("loginThrottled");

  const user = await findUserByPhone(ctx.db, args.phone);
  const valid = await verifyPassword(args.password, user?.passwordHash ?? null);
  await ctx.db
    .insertInto("login_attempts")
    .values({ phone: args.phone, ip: origin.ip, success: valid ? 1 : 0, createdAt: iso(now) })
    .execute();
  if (!user || !valid) {
    throw new InvalidInputError([{ field: "password", message: messages.loginFailed }], "loginFailed");
  }
  if (user.status !== "active") throw new ForbiddenError("accountDisabled");
  return createSession(ctx.db, ctx.clock, ctx.config.sessionTtlDays, user, origin);
}
