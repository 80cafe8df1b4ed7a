import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import { type Page, type PageInput, pageNewestFirst } from "../../db/paging.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentSession } from "../../presenters/admin.ts";
import { presentAdminUser } from "../../presenters/user.ts";
import type { UserUpdate } from "../../routes/admin/schema.ts";
import { hashPassword, newPassword } from "../../security/hashing.ts";
import { recordAudit } from "./audit.ts";

async function findUserOrFail(trx: Trx, id: number): Promise<UserRow> {
  const user = await trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!user) throw new NotFoundError("userNotFound");
  return user;
}

/** Ends every session of a user at once: a disabled account or a reset password must log out everywhere. */
async function revokeAllSessions(trx: Trx, userId: number, now: string): Promise<number> {
  const result = await trx
    .updateTable("sessions")
    .set({ revokedAt: now })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Status, membership and the template-author mark (isTemplate) changed by an admin. Disabling ends the account's sessions; level 0 clears
 * the expiry; a paid level needs an expiry (given now or already stored).
 */
export async function updateUserByAdmin(
  ctx: AppContext,
  admin: Viewer,
  input: UserUpdate,
): Promise<ReturnType<typeof presentAdminUser>> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await findUserOrFail(trx, input.id);
    if (input.status === "disabled" && before.id === admin.user.id) {
      throw InvalidInputError.field("status", "cannotDisableSelf");
    }
    if (input.status === "disabled" && before.role === "admin" && before.status === "active") {
      // The console must always keep an admin who can log in. Two admins disabling each other at once
      // would each see the other still active: on PostgreSQL every active admin row is locked in id order
      // (one order, so no deadlock) and re-read after a wait, so the second counts none; SQLite runs one
      // writer at a time.
      let active = trx
        .selectFrom("users")
        .select("id")
        .where("role", "=", "admin")
        .where("status", "=", "active")
        .orderBy("id");
      if (ctx.dialect === "postgres") active = active.forUpdate();
      const admins = await active.execute();
      if (!admins.some((row) => row.id !== before.id))
        throw InvalidInputError.field("status", "cannotDisableLastAdmin");
    }
    const vipLevel = input.vipLevel ?? before.vipLevel;
    const vipStopTime = vipLevel === 0 ? null : (input.vipStopTime ?? before.vipStopTime);
    if (vipLevel !== 0 && !vipStopTime) throw InvalidInputError.field("vipStopTime", "vipStopTimeRequired");
    // A membership given or taken by hand is money's worth: it needs a reason, which the audit log keeps.
    const vipChanged = vipLevel !== before.vipLevel || vipStopTime !== before.vipStopTime;
    if (vipChanged && !input.vipReason) throw InvalidInputError.field("vipReason", "vipChangeReasonInvalid");
    const after = await trx
      .updateTable("users")
      .set({
        status: input.status ?? before.status,
        vipLevel,
        vipStopTime,
        isTemplate: input.isTemplate === undefined ? before.isTemplate : input.isTemplate ? 1 : 0,
        updatedAt: now,
      })
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (after.status === "disabled") await revokeAllSessions(trx, after.id, now);
    await recordAudit(trx, now, {
      adminId: admin.user.id,
      action: vipChanged ? "grantLevel" : "update",
      entity: "user",
      entityId: after.id,
      before: presentAdminUser(before),
      after: vipChanged ? { ...presentAdminUser(after), reason: input.vipReason } : presentAdminUser(after),
    });
    return presentAdminUser(after);
  });
}

/**
 * A new generated password, answered once; the account's sessions end so the old password's holder is out.
 * Not for the admin's own account: it would end the session doing it (own changes go through the profile).
 */
export async function resetUserPassword(
  ctx: AppContext,
  adminId: number,
  userId: number,
): Promise<{ password: string }> {
  if (userId === adminId) throw InvalidInputError.field("id", "cannotResetOwnPassword");
  const password = newPassword();
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  const now = iso(ctx.clock.now());
  await transaction(ctx.db, async (trx) => {
    const user = await findUserOrFail(trx, userId);
    await trx.updateTable("users").set({ passwordHash, updatedAt: now }).where("id", "=", user.id).execute();
    const revoked = await revokeAllSessions(trx, user.id, now);
    await recordAudit(trx, now, {
      adminId,
      action: "resetPassword",
      entity: "user",
      entityId: user.id,
      before: { hadPassword: user.passwordHash !== null },
      after: { passwordReset: true, sessionsRevoked: revoked },
    });
  });
  return { password };
}

export async function listUserSessions(
  ctx: AppContext,
  input: PageInput & { userId: number },
): Promise<Page<ReturnType<typeof presentSession>>> {
  const db: Db = ctx.db;
  const user = await db.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!user) throw new NotFoundError("userNotFound");
  const now = iso(ctx.clock.now());
  return pageNewestFirst(db.selectFrom("sessions").where("userId", "=", user.id), input, (row) =>
    presentSession(row, now),
  );
}
