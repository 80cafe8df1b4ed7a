import type { LoginResult } from "@wjgj/core";
import { addSeconds, type Clock, iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import type { UserRow } from "../../db/tables/users.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentUserInfo } from "../../presenters/user.ts";
import { newToken, sha256 } from "../../security/hashing.ts";
import { expireMembership } from "../money/membership.ts";

export interface SessionOrigin {
  ip: string;
  userAgent: string;
  fromType: number;
}

/** Opens a session for `user` and answers what every login call returns. */
export async function createSession(
  db: Db | Trx,
  clock: Clock,
  ttlDays: number,
  user: UserRow,
  origin: SessionOrigin,
): Promise<LoginResult> {
  const token = newToken();
  const now = clock.now();
  await db
    .insertInto("sessions")
    .values({
      tokenHash: sha256(token),
      userId: user.id,
      fromType: origin.fromType,
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 300),
      createdAt: iso(now),
      expiresAt: iso(addSeconds(now, ttlDays * 86_400)),
      revokedAt: null,
    })
    .execute();
  return { token, userInfo: presentUserInfo(user) };
}

/** The viewer a token belongs to, or null when it is unknown, expired, revoked or its account is gone. */
export async function resolveSession(db: Db, clock: Clock, token: string): Promise<Viewer | null> {
  const session = await db
    .selectFrom("sessions")
    .selectAll()
    .where("tokenHash", "=", sha256(token))
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", iso(clock.now()))
    .executeTakeFirst();
  if (!session) return null;
  const user = await db.selectFrom("users").selectAll().where("id", "=", session.userId).executeTakeFirst();
  return user ? { user: await expireMembership(db, user, clock.now()), session } : null;
}

export async function revokeSession(db: Db, clock: Clock, sessionId: number): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revokedAt: iso(clock.now()) })
    .where("id", "=", sessionId)
    .execute();
}

/** Ends every other session of a user, e.g. after a password change. */
export async function revokeOtherSessions(
  db: Db | Trx,
  clock: Clock,
  userId: number,
  keepId: number,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revokedAt: iso(clock.now()) })
    .where("userId", "=", userId)
    .where("id", "!=", keepId)
    .where("revokedAt", "is", null)
    .execute();
}
