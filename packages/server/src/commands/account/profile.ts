import type { UserInfo } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { ConflictError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentUserInfo } from "../../presenters/user.ts";
import { checkPhoneCode, codeCheckError, sendPhoneCode } from "./phone-codes.ts";
import { findUserByPhone } from "./users.ts";

/**
 * /ConfirmPhone binds a phone to an account that has none (accounts from partner platforms). Replacing
 * an existing phone would need proof of the old one too, so it is refused here.
 */
async function assertPhoneFree(ctx: AppContext, user: UserRow, phone: string): Promise<void> {
  if (user.phone && user.phone !== phone) throw new ConflictError("phoneAlreadyBound");
  const owner = await findUserByPhone(ctx.db, phone);
  if (owner && owner.id !== user.id) throw new ConflictError("phoneTaken");
}

/** Code for /ConfirmPhone: refused up front when another account already owns the phone. */
export async function sendBindPhoneCode(
  ctx: AppContext,
  viewer: Viewer,
  phone: string,
  ip: string,
): Promise<void> {
  await assertPhoneFree(ctx, viewer.user, phone);
  await sendPhoneCode(ctx, { phone, purpose: "bind", ip });
}

export async function bindPhone(
  ctx: AppContext,
  viewer: Viewer,
  args: { phone: string; code: string },
): Promise<UserInfo> {
  await assertPhoneFree(ctx, viewer.user, args.phone);
  const outcome = await transaction(ctx.db, async (trx) => {
    const check = await checkPhoneCode(ctx, trx, { ...args, purpose: "bind" });
    if (check !== "ok") return { check } as const;
    const user = await trx
      .updateTable("users")
      .set({ phone: args.phone, updatedAt: iso(ctx.clock.now()) })
      .where("id", "=", viewer.user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { check, user } as const;
  });
  if (outcome.check !== "ok") throw codeCheckError(outcome.check);
  return presentUserInfo(outcome.user);
}

export async function updateProfile(
  ctx: AppContext,
  viewer: Viewer,
  changes: { nickName?: string | undefined; avatar?: string | undefined },
): Promise<UserInfo> {
  const user = await ctx.db
    .updateTable("users")
    .set({
      ...(changes.nickName !== undefined ? { nickName: changes.nickName } : {}),
      ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
      updatedAt: iso(ctx.clock.now()),
    })
    .where("id", "=", viewer.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentUserInfo(user);
}
