import { type Entitlements, messages, type QuestionarySettings } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { Db, Trx } from "../../db/index.ts";
import { responseCount } from "../../db/tables/questionnaires.ts";
import { ConflictError } from "../../errors.ts";
import { EntitlementError, entitlementsOf } from "./membership.ts";

/**
 * Entitlements enforced where they are used (issue #16). What a questionnaire may do follows its
 * owner's level, also when a team member edits it or a respondent answers it. A creator is told to
 * upgrade (402 with the link); a respondent only sees a neutral refusal.
 */

const MB = 1024 * 1024;

export async function ownerEntitlements(db: Db | Trx, ownerId: number, now: Date): Promise<Entitlements> {
  const owner = await db
    .selectFrom("users")
    .select(["vipLevel", "vipStopTime"])
    .where("id", "=", ownerId)
    .executeTakeFirst();
  return entitlementsOf(db, owner ?? { vipLevel: 0, vipStopTime: null }, now);
}

/**
 * Whether the owner's level lets this questionnaire take one more response. A plan quota, checked from
 * the counter before the submit's transaction: concurrent submits at the very edge may pass together,
 * which costs the site a few responses and spares every submit a lock (the creator's own 回收上限 is the
 * exact one, checked inside the transaction).
 */
export async function underResponseCap(
  db: Db,
  questionnaire: { id: number; ownerId: number },
  now: Date,
): Promise<boolean> {
  const { responsesPerQuestionnaire: cap } = await ownerEntitlements(db, questionnaire.ownerId, now);
  if (cap < 0) return true;
  const row = await db
    .selectFrom("questionnaires")
    .select(responseCount.as("count"))
    .where("id", "=", questionnaire.id)
    .executeTakeFirst();
  return Number(row?.count ?? 0) < cap;
}

/** For the creator's list: the questionnaires whose owner's level paused collecting, with the message why. */
export async function responseCapNotices(
  db: Db,
  rows: ReadonlyArray<{ id: number; ownerId: number; status: string; responseCount: number }>,
  now: Date,
): Promise<Map<number, string>> {
  const notices = new Map<number, string>();
  const caps = new Map<number, number>();
  for (const row of rows) {
    if (row.status !== "published") continue;
    let cap = caps.get(row.ownerId);
    if (cap === undefined) {
      cap = (await ownerEntitlements(db, row.ownerId, now)).responsesPerQuestionnaire;
      caps.set(row.ownerId, cap);
    }
    if (cap >= 0 && row.responseCount >= cap) {
      notices.set(row.id, messages.entitlementResponses.replace("{limit}", String(cap)));
    }
  }
  return notices;
}

/** Bytes of every file stored with the owner's questionnaires (respondents' files and the owner's images). */
export async function usedUploadBytes(db: Db | Trx, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom("uploads")
    .innerJoin("questionnaires", "questionnaires.id", "uploads.questionnaireId")
    .select((eb) => eb.fn.sum<number | string | null>("uploads.size").as("bytes"))
    .where("questionnaires.ownerId", "=", ownerId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Refuses a file that would take the owner's stored files past the level's space. */
export async function assertUploadSpace(
  ctx: AppContext,
  ownerId: number,
  addBytes: number,
  audience: "owner" | "respondent",
): Promise<void> {
  const { uploadSpaceMb } = await ownerEntitlements(ctx.db, ownerId, ctx.clock.now());
  if (uploadSpaceMb < 0) return;
  if ((await usedUploadBytes(ctx.db, ownerId)) + addBytes <= uploadSpaceMb * MB) return;
  if (audience === "respondent") throw new ConflictError("entitlementUploadSpaceRespondent");
  throw new EntitlementError(messages.entitlementUploadSpace.replace("{limit}", String(uploadSpaceMb)));
}

export async function assertExportAttachments(ctx: AppContext, ownerId: number): Promise<void> {
  const { exportAttachments } = await ownerEntitlements(ctx.db, ownerId, ctx.clock.now());
  if (!exportAttachments) throw new EntitlementError(messages.entitlementExportAttachments);
}

/** Settings that only some levels may turn on: refused when saved by a level without them. */
export async function assertSettingsAllowed(
  db: Db | Trx,
  ownerId: number,
  settings: Pick<QuestionarySettings, "redirectUrl" | "hideBrand">,
  now: Date,
): Promise<void> {
  if (!settings.redirectUrl && !settings.hideBrand) return;
  const allowed = await ownerEntitlements(db, ownerId, now);
  if (settings.redirectUrl && !allowed.customRedirect)
    throw new EntitlementError(messages.entitlementCustomRedirect);
  if (settings.hideBrand && !allowed.removeBrand) throw new EntitlementError(messages.entitlementRemoveBrand);
}

/**
 * The paid settings as respondents get them now: a level that lapsed since they were saved loses them
 * (the brand shows again, no redirect) without anyone editing the questionnaire.
 */
export async function paidSettingsInForce(
  db: Db,
  ownerId: number,
  settings: Pick<QuestionarySettings, "redirectUrl" | "hideBrand">,
  now: Date,
): Promise<{ redirectUrl: string; hideBrand: boolean }> {
  if (!settings.redirectUrl && !settings.hideBrand) return { redirectUrl: "", hideBrand: false };
  const allowed = await ownerEntitlements(db, ownerId, now);
  return {
    redirectUrl: allowed.customRedirect ? settings.redirectUrl : "",
    hideBrand: allowed.removeBrand && settings.hideBrand,
  };
}
