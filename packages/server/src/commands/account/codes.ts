import type { SecurityCodePurpose } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { PhoneCodePurpose } from "../../db/tables/phone-codes.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { checkPhoneCode, codeCheckError, sendPhoneCode } from "./phone-codes.ts";
import { findUserByPhone } from "./users.ts";

/** The account's own phone, which the security codes go to; an account without one must bind one first. */
export function ownPhone(viewer: Viewer): string {
  if (!viewer.user.phone) throw InvalidInputError.field("phone", "phoneMissing");
  return viewer.user.phone;
}

/** `user/sendSecurityCode`: a code to the signed-in account's own phone for one sensitive change. */
export async function sendSecurityCode(
  ctx: AppContext,
  viewer: Viewer,
  purpose: SecurityCodePurpose,
  ip: string,
): Promise<void> {
  await sendPhoneCode(ctx, { phone: ownPhone(viewer), purpose, ip });
}

/** `user/sendResetCode` (忘记密码): only a registered phone gets one, and the page says so plainly. */
export async function sendResetCode(ctx: AppContext, phone: string, ip: string): Promise<void> {
  const user = await findUserByPhone(ctx.db, phone);
  if (user?.status !== "active") throw InvalidInputError.field("phone", "phoneNotRegistered");
  await sendPhoneCode(ctx, { phone, purpose: "reset", ip });
}

/**
 * Runs `work` in one transaction with the code check: a right code is consumed together with the change,
 * a wrong one is counted (committed) and answered after the commit, so guessing is capped as at login.
 */
export async function withPhoneCode<T>(
  ctx: AppContext,
  args: { phone: string; purpose: PhoneCodePurpose; code: string; field?: string },
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  const outcome = await transaction(ctx.db, async (trx) => {
    const check = await checkPhoneCode(ctx, trx, args);
    if (check !== "ok") return { check } as const;
    return { check, value: await work(trx) } as const;
  });
  if (outcome.check !== "ok") throw codeCheckError(outcome.check, args.field);
  return outcome.value;
}
