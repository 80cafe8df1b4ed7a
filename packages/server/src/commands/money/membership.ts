import { type Entitlements, messages, ResultCode, resolveEntitlements } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { AppError } from "../../errors.ts";

/** The level that counts now: a paid level lasts until its stop time, then the account is level 0 again. */
export function effectiveVipLevel(user: Pick<UserRow, "vipLevel" | "vipStopTime">, now: Date): number {
  if (user.vipLevel === 0 || !user.vipStopTime) return 0;
  return user.vipStopTime > iso(now) ? user.vipLevel : 0;
}

/**
 * Writes the fallback to level 0 once the stop time has passed, so every reader (header badge, admin
 * list) sees it; called when a session is resolved. Returns the row as it now is.
 */
export async function expireMembership(db: Db, user: UserRow, now: Date): Promise<UserRow> {
  if (user.vipLevel === 0 || effectiveVipLevel(user, now) !== 0) return user;
  await db
    .updateTable("users")
    .set({ vipLevel: 0, vipStopTime: null, updatedAt: iso(now) })
    .where("id", "=", user.id)
    .where("vipStopTime", "=", user.vipStopTime)
    .execute();
  return { ...user, vipLevel: 0, vipStopTime: null };
}

/**
 * A paid membership: the same level extends from the later of now and its stop time; another level
 * starts now (the order page says so before paying).
 */
export async function grantMembership(
  trx: Trx,
  userId: number,
  level: number,
  days: number,
  now: Date,
): Promise<void> {
  const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const from = effectiveVipLevel(user, now) === level && user.vipStopTime ? new Date(user.vipStopTime) : now;
  await trx
    .updateTable("users")
    .set({ vipLevel: level, vipStopTime: iso(addSeconds(from, days * 86_400)), updatedAt: iso(now) })
    .where("id", "=", userId)
    .execute();
}

function parseLimits(text: string | undefined): Record<string, unknown> {
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * What an account may use now: its level's limits over level 0's, and level 0's (the admin's 个人版 row,
 * when saved) over the built-in free defaults. A level's row that is not published still counts: hiding
 * a level from the pricing page must not take away what its members paid for.
 */
export async function entitlementsOf(
  db: Db | Trx,
  user: Pick<UserRow, "vipLevel" | "vipStopTime">,
  now: Date,
): Promise<Entitlements> {
  const level = effectiveVipLevel(user, now);
  const rows = await db
    .selectFrom("vip_sets")
    .select(["level", "limits"])
    .where("level", "in", level === 0 ? [0] : [0, level])
    .execute();
  return entitlementsFromLimits(
    level,
    rows.find((r) => r.level === 0)?.limits,
    rows.find((r) => r.level === level)?.limits,
  );
}

/** `entitlementsOf` from the `limits` texts already read: level 0's row and the effective level's row. */
export function entitlementsFromLimits(
  level: number,
  freeLimits: string | null | undefined,
  levelLimits: string | null | undefined,
): Entitlements {
  return resolveEntitlements(
    level,
    parseLimits(freeLimits ?? undefined),
    parseLimits(levelLimits ?? undefined),
  );
}

/** Refused by the account's level: a Chinese message and where to upgrade. */
export class EntitlementError extends AppError {
  constructor(text: string) {
    super(ResultCode.upgradeRequired, "forbidden", { upgradeUrl: "/website/version" }, text);
  }
}

/** Refuses creating one more questionnaire beyond the level's count (negative limits mean no limit). */
export async function assertQuestionnaireQuota(db: Db | Trx, user: UserRow, now: Date): Promise<void> {
  const { questionnaires } = await entitlementsOf(db, user, now);
  if (questionnaires < 0) return;
  const row = await db
    .selectFrom("questionnaires")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("ownerId", "=", user.id)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (Number(row?.count ?? 0) >= questionnaires) {
    throw new EntitlementError(messages.entitlementQuestionnaires.replace("{limit}", String(questionnaires)));
  }
}
