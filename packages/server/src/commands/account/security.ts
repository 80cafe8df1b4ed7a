import { type AccountSecurity, limits } from "@wjgj/core";
import { addSeconds, chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { hashPassword, verifyPassword } from "../../security/hashing.ts";
import { ownPhone, withPhoneCode } from "./codes.ts";
import { checkPhoneCode, codeCheckError, consumePhoneCode } from "./phone-codes.ts";
import { revokeOtherSessions } from "./sessions.ts";
import { findUserByPhone } from "./users.ts";

const DAY = 86_400;

export function deletionEffectiveAt(requestedAt: string): string {
  return iso(addSeconds(new Date(requestedAt), limits.deletionCoolingOffDays * DAY));
}

/** `user/getAccountSecurity`. */
export function presentAccountSecurity(viewer: Viewer): AccountSecurity {
  const requested = viewer.user.deletionRequestedAt;
  return {
    hasPassword: viewer.user.passwordHash !== null,
    phone: viewer.user.phone ?? "",
    deletion: requested
      ? { requestedAt: chinaDateTime(requested), effectiveAt: chinaDateTime(deletionEffectiveAt(requested)) }
      : null,
  };
}

async function writePassword(ctx: AppContext, trx: Trx, viewer: Viewer, passwordHash: string) {
  await trx
    .updateTable("users")
    .set({ passwordHash, updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", viewer.user.id)
    .execute();
  await revokeOtherSessions(trx, ctx.clock, viewer.user.id, viewer.session.id);
}

/**
 * Sets or changes the password and ends the account's other sessions. A first password needs only the
 * session (accounts made by SMS login have none); a change needs the old password or a `password` code
 * sent to the account's phone.
 */
export async function setPassword(
  ctx: AppContext,
  viewer: Viewer,
  args: { password: string; oldPassword?: string | undefined; code?: string | undefined },
): Promise<void> {
  const passwordHash = await hashPassword(args.password, ctx.config.passwordHashCost);
  if (viewer.user.passwordHash && args.code && !args.oldPassword) {
    const phone = ownPhone(viewer);
    await withPhoneCode(ctx, { phone, purpose: "password", code: args.code }, (trx) =>
      writePassword(ctx, trx, viewer, passwordHash),
    );
    return;
  }
  if (
    viewer.user.passwordHash &&
    !(await verifyPassword(args.oldPassword ?? "", viewer.user.passwordHash, ctx.config.passwordHashCost))
  ) {
    throw InvalidInputError.field(
      "oldPassword",
      args.oldPassword ? "oldPasswordWrong" : "passwordProofRequired",
    );
  }
  await transaction(ctx.db, (trx) => writePassword(ctx, trx, viewer, passwordHash));
}

/** 忘记密码: a `reset` code sets a new password and signs the account out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  args: { phone: string; code: string; password: string },
): Promise<void> {
  const user = await findUserByPhone(ctx.db, args.phone);
  if (user?.status !== "active") throw InvalidInputError.field("phone", "phoneNotRegistered");
  const passwordHash = await hashPassword(args.password, ctx.config.passwordHashCost);
  await withPhoneCode(ctx, { phone: args.phone, purpose: "reset", code: args.code }, async (trx) => {
    const now = iso(ctx.clock.now());
    await trx.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", user.id).execute();
    await trx
      .updateTable("sessions")
      .set({ revokedAt: now })
      .where("userId", "=", user.id)
      .where("revokedAt", "is", null)
      .execute();
  });
}

/** `user/sendNewPhoneCode`: refused up front when the phone is the current one or another account's. */
export async function assertNewPhoneFree(ctx: AppContext, viewer: Viewer, phone: string): Promise<void> {
  if (viewer.user.phone === phone) throw InvalidInputError.field("phone", "phoneSame");
  const owner = await findUserByPhone(ctx.db, phone);
  if (owner && owner.id !== viewer.user.id) throw new ConflictError("phoneTaken");
}

/**
 * Changes the bound phone: a `phone-new` code proves the new number; the old one is proved by its own
 * `phone-old` code or, when it can no longer receive SMS, by the password. Both codes are consumed only
 * when both are right, so a typo in one never spends the other.
 */
export async function changePhone(
  ctx: AppContext,
  viewer: Viewer,
  args: { phone: string; code: string; oldCode?: string | undefined; password?: string | undefined },
) {
  await assertNewPhoneFree(ctx, viewer, args.phone);
  const oldPhone = viewer.user.phone;
  if (oldPhone && !args.oldCode) {
    if (!args.password) throw InvalidInputError.field("oldCode", "oldPhoneProofRequired");
    if (!(await verifyPassword(args.password, viewer.user.passwordHash, ctx.config.passwordHashCost))) {
      throw InvalidInputError.field("password", "loginPasswordWrong");
    }
  }
  const outcome = await transaction(ctx.db, async (trx) => {
    const newCheck = await checkPhoneCode(
      ctx,
      trx,
      { phone: args.phone, purpose: "phone-new", code: args.code },
      { consume: false },
    );
    if (newCheck !== "ok") return { check: newCheck, field: "code" } as const;
    if (oldPhone && args.oldCode) {
      const oldCheck = await checkPhoneCode(
        ctx,
        trx,
        { phone: oldPhone, purpose: "phone-old", code: args.oldCode },
        { consume: false },
      );
      if (oldCheck !== "ok") return { check: oldCheck, field: "oldCode" } as const;
      await consumePhoneCode(ctx, trx, { phone: oldPhone, purpose: "phone-old" });
    }
    await consumePhoneCode(ctx, trx, { phone: args.phone, purpose: "phone-new" });
    const user = await trx
      .updateTable("users")
      .set({ phone: args.phone, updatedAt: iso(ctx.clock.now()) })
      .where("id", "=", viewer.user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeOtherSessions(trx, ctx.clock, viewer.user.id, viewer.session.id);
    return { check: "ok", user } as const;
  });
  if (outcome.check !== "ok") throw codeCheckError(outcome.check, outcome.field);
  return outcome.user;
}
