import { type LoginResult, limits, messages } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount, transaction } from "../../db/index.ts";
import { ForbiddenError, InvalidInputError } from "../../errors.ts";
import { verifyPassword } from "../../security/hashing.ts";
import { consumeLoginCaptcha } from "./login-captcha.ts";
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

/** Failed password logins in the window: this client's for the phone, the phone's, this client's phones. */
async function recentFailures(ctx: AppContext, phone: string, ip: string) {
  const since = iso(addSeconds(ctx.clock.now(), -throttle.windowSeconds));
  const failed = ctx.db
    .selectFrom("login_attempts")
    .where("success", "=", 0)
    .where("createdAt", ">", since)
    // The access-password gates (answering page, shared 数据报告) keep their tries here too: `q:{id}`, `r:{id}`.
    .where("phone", "not like", "q:%")
    .where("phone", "not like", "r:%");
  const [own, byPhone, phones] = await Promise.all([
    failed
      .select((eb) => eb.fn.countAll().as("count"))
      .where("phone", "=", phone)
      .where("ip", "=", ip)
      .executeTakeFirst(),
    failed
      .select((eb) => eb.fn.countAll().as("count"))
      .where("phone", "=", phone)
      .executeTakeFirst(),
    failed
      .select((eb) => eb.fn.count("phone").distinct().as("count"))
      .where("ip", "=", ip)
      .executeTakeFirst(),
  ]);
  return { own: toCount(own), byPhone: toCount(byPhone), phones: toCount(phones) };
}

/**
 * Whether this try must come with an image captcha. Only a client that has itself failed for the phone is
 * ever asked, so someone guessing elsewhere (or behind the same school NAT on other phones… but not this
 * one) never stands between a person and their right password; the SMS code login is never asked.
 */
export async function passwordNeedsCaptcha(ctx: AppContext, phone: string, ip: string): Promise<boolean> {
  const failures = await recentFailures(ctx, phone, ip);
  if (failures.own === 0) return false;
  return (
    failures.own >= throttle.perClientPhone ||
    failures.byPhone >= throttle.perPhone ||
    failures.phones >= throttle.perIpPhones
  );
}

/** Password login; guessing is capped by an image captcha (see `passwordNeedsCaptcha`), never refused. */
export async function loginWithPassword(
  ctx: AppContext,
  args: { phone: string; password: string; captchaId?: string | undefined; captchaCode?: string | undefined },
  origin: SessionOrigin,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  if (await passwordNeedsCaptcha(ctx, args.phone, origin.ip)) {
    if (!args.captchaId || !args.captchaCode) throw InvalidInputError.field("captchaCode", "captchaRequired");
    if (!(await consumeLoginCaptcha(ctx, args.captchaId, args.captchaCode)))
      throw InvalidInputError.field("captchaCode", "captchaWrong");
  }

  const user = await findUserByPhone(ctx.db, args.phone);
  const valid = await verifyPassword(args.password, user?.passwordHash ?? null, ctx.config.passwordHashCost);
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
