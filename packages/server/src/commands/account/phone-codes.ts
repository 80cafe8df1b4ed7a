import { limits } from "@wjgj/core";
import { addSeconds, chinaDayStart, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, toCount, transaction } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import type { PhoneCodePurpose } from "../../db/tables/phone-codes.ts";
import { InvalidInputError, TooManyRequestsError } from "../../errors.ts";
import { newNumericCode, sha256 } from "../../security/hashing.ts";

const rules = limits.phoneCode;

function codeHash(phone: string, purpose: PhoneCodePurpose, code: string): string {
  return sha256(`${phone}:${purpose}:${code}`);
}

const USES: Record<PhoneCodePurpose, string> = {
  login: "登录",
  bind: "绑定手机号",
  reset: "找回密码",
  password: "修改密码",
  "phone-old": "更换手机号（原手机号验证）",
  "phone-new": "更换手机号（新手机号验证）",
  delete: "注销账号",
  remind: "问卷开始提醒",
  redPacket: "领取红包",
  draw: "抽奖",
  myResponses: "查询我的答卷",
  exam: "登录考试",
};

function smsContent(purpose: PhoneCodePurpose, code: string): string {
  const use = USES[purpose];
  return `【问卷管家】您的${use}验证码是${code}，${rules.ttlSeconds / 60}分钟内有效。如非本人操作，请忽略本短信。`;
}

/**
 * Sends a 6-digit code: at most one per 60 s and 10 per (China) day per phone, 20 per hour per IP.
 * A new code replaces any earlier unused one for the same phone and purpose.
 */
export async function sendPhoneCode(
  ctx: AppContext,
  args: { phone: string; purpose: PhoneCodePurpose; ip: string },
): Promise<void> {
  const now = ctx.clock.now();
  await transaction(ctx.db, async (trx, onCommit) => {
    await lockKey(trx, ctx.dialect, `sms:${args.phone}`);
    await lockKey(trx, ctx.dialect, `sms-ip:${args.ip}`);
    const last = await trx
      .selectFrom("phone_codes")
      .select("createdAt")
      .where("phone", "=", args.phone)
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last && now.getTime() - Date.parse(last.createdAt) < rules.resendSeconds * 1000) {
      throw new TooManyRequestsError("codeSentTooOften");
    }
    const today = await trx
      .selectFrom("phone_codes")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("phone", "=", args.phone)
      .where("createdAt", ">=", iso(chinaDayStart(now)))
      .executeTakeFirst();
    if (toCount(today) >= rules.perPhonePerDay) throw new TooManyRequestsError("codeDailyLimit");
    const lastHour = await trx
      .selectFrom("phone_codes")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("ip", "=", args.ip)
      .where("createdAt", ">", iso(addSeconds(now, -3600)))
      .executeTakeFirst();
    if (toCount(lastHour) >= ctx.config.smsPerIpPerHour) throw new TooManyRequestsError("codeIpLimit");

    await trx
      .updateTable("phone_codes")
      .set({ consumedAt: iso(now) })
      .where("phone", "=", args.phone)
      .where("purpose", "=", args.purpose)
      .where("consumedAt", "is", null)
      .execute();
    const code = newNumericCode(rules.length);
    await trx
      .insertInto("phone_codes")
      .values({
        phone: args.phone,
        purpose: args.purpose,
        codeHash: codeHash(args.phone, args.purpose, code),
        ip: args.ip,
        attempts: 0,
        createdAt: iso(now),
        expiresAt: iso(addSeconds(now, rules.ttlSeconds)),
        consumedAt: null,
      })
      .execute();
    const message = {
      phone: args.phone,
      purpose: args.purpose,
      content: smsContent(args.purpose, code),
      code,
    };
    await ctx.sms.record(trx, message, iso(now));
    onCommit(() => ctx.sms.deliver(message));
  });
}

export type CodeCheck = "ok" | "wrong" | "expired" | "none";

/**
 * Checks and, when right, consumes the latest code inside the caller's transaction. A wrong try is
 * counted; the fifth wrong try kills the code, so even the right code is refused afterwards. With
 * `consume: false` a right code stays usable (a call that checks two codes consumes both only when both
 * are right, with `consumePhoneCode`).
 */
export async function checkPhoneCode(
  ctx: AppContext,
  trx: Trx,
  args: { phone: string; purpose: PhoneCodePurpose; code: string },
  options: { consume: boolean } = { consume: true },
): Promise<CodeCheck> {
  const now = ctx.clock.now();
  await lockKey(trx, ctx.dialect, `sms:${args.phone}`);
  const row = await trx
    .selectFrom("phone_codes")
    .selectAll()
    .where("phone", "=", args.phone)
    .where("purpose", "=", args.purpose)
    .where("consumedAt", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return "none";
  if (row.expiresAt <= iso(now) || row.attempts >= rules.maxWrongTries) return "expired";
  if (row.codeHash !== codeHash(args.phone, args.purpose, args.code)) {
    await trx
      .updateTable("phone_codes")
      .set({ attempts: row.attempts + 1 })
      .where("id", "=", row.id)
      .execute();
    return "wrong";
  }
  if (!options.consume) return "ok";
  await trx
    .updateTable("phone_codes")
    .set({ consumedAt: iso(now) })
    .where("id", "=", row.id)
    .execute();
  return "ok";
}

/** Consumes the latest unused code of `phone` for `purpose` (one checked with `consume: false`). */
export async function consumePhoneCode(
  ctx: AppContext,
  trx: Trx,
  args: { phone: string; purpose: PhoneCodePurpose },
): Promise<void> {
  await trx
    .updateTable("phone_codes")
    .set({ consumedAt: iso(ctx.clock.now()) })
    .where("phone", "=", args.phone)
    .where("purpose", "=", args.purpose)
    .where("consumedAt", "is", null)
    .execute();
}

/** Turns a failed check into the 400 the caller answers with (after its transaction committed). */
export function codeCheckError(result: Exclude<CodeCheck, "ok">, field = "code"): InvalidInputError {
  const key = result === "wrong" ? "codeWrong" : result === "expired" ? "codeExpired" : "codeNotSent";
  return InvalidInputError.field(field, key);
}
