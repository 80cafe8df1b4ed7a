import { limits } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { verifyPassword } from "../../security/hashing.ts";
import { ownPhone, withPhoneCode } from "./codes.ts";
import { revokeOtherSessions } from "./sessions.ts";

/**
 * `user/requestDeletion`: proved by the password or a `delete` code. The account keeps working during the
 * cooling-off period (its owner may withdraw the request); other devices are signed out.
 */
export async function requestDeletion(
  ctx: AppContext,
  viewer: Viewer,
  args: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  if (viewer.user.deletionRequestedAt) throw new ConflictError("deletionAlreadyRequested");
  const now = iso(ctx.clock.now());
  const mark = async (trx: Trx) => {
    await trx
      .updateTable("users")
      .set({ deletionRequestedAt: now, updatedAt: now })
      .where("id", "=", viewer.user.id)
      .where("deletionRequestedAt", "is", null)
      .execute();
    await revokeOtherSessions(trx, ctx.clock, viewer.user.id, viewer.session.id);
  };
  if (args.code) {
    await withPhoneCode(ctx, { phone: ownPhone(viewer), purpose: "delete", code: args.code }, mark);
    return;
  }
  if (!args.password) throw InvalidInputError.field("password", "deletionProofRequired");
  if (!(await verifyPassword(args.password, viewer.user.passwordHash))) {
    throw InvalidInputError.field("password", "loginPasswordWrong");
  }
  await transaction(ctx.db, mark);
}

/** `user/cancelDeletion`: withdraws a pending request. */
export async function cancelDeletion(ctx: AppContext, viewer: Viewer): Promise<void> {
  const result = await ctx.db
    .updateTable("users")
    .set({ deletionRequestedAt: null, updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", viewer.user.id)
    .where("deletionRequestedAt", "is not", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ConflictError("deletionNotRequested");
}

/**
 * Run by the maintenance timer: accounts whose cooling-off period has ended are anonymised — phone,
 * nickname, avatar and password removed, partner-platform links dropped, every session ended, the account
 * disabled — so nobody can sign in to it again and the phone is free for a new account. Questionnaires
 * and responses stay for their respondents' records (the privacy policy's retention), owned by no one
 * who can sign in.
 */
export async function completeDueDeletions(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const now = ctx.clock.now();
  const due = iso(addSeconds(now, -limits.deletionCoolingOffDays * 86_400));
  const rows = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("deletionRequestedAt", "is not", null)
    .where("deletionRequestedAt", "<=", due)
    .where("deletedAt", "is", null)
    .execute();
  for (const { id } of rows) {
    await transaction(ctx.db, async (trx) => {
      await trx
        .updateTable("users")
        .set({
          phone: null,
          nickName: "已注销用户",
          avatar: "",
          passwordHash: null,
          status: "disabled",
          deletedAt: iso(now),
          updatedAt: iso(now),
        })
        .where("id", "=", id)
        .where("deletedAt", "is", null)
        .execute();
      await trx.deleteFrom("external_accounts").where("userId", "=", id).execute();
      await trx
        .updateTable("sessions")
        .set({ revokedAt: iso(now) })
        .where("userId", "=", id)
        .where("revokedAt", "is", null)
        .execute();
    });
  }
  return rows.length;
}
