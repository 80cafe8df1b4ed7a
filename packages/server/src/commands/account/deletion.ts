import { limits, webhookTexts } from "@wjgj/core";
import { sql } from "kysely";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { verifyPassword } from "../../security/hashing.ts";
import { eraseInTransaction } from "../privacy/retention.ts";
import { keptPhones } from "../privacy/sealing.ts";
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
  if (!(await verifyPassword(args.password, viewer.user.passwordHash, ctx.config.passwordHashCost))) {
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
export async function completeDueDeletions(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
): Promise<number> {
  const now = ctx.clock.now();
  const due = iso(addSeconds(now, -limits.deletionCoolingOffDays * 86_400));
  const rows = await ctx.db
    .selectFrom("users")
    .select(["id", "phone"])
    .where("deletionRequestedAt", "is not", null)
    .where("deletionRequestedAt", "<=", due)
    .where("deletedAt", "is", null)
    .execute();
  for (const { id, phone } of rows) {
    const files = await transaction(ctx.db, async (trx) => {
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
      // Its WeChat goes too: the same WeChat may sign up afresh (issue #39).
      await trx.deleteFrom("wechat_bindings").where("userId", "=", id).execute();
      await trx.deleteFrom("wechat_login_tickets").where("userId", "=", id).execute();
      await trx
        .updateTable("api_keys")
        .set({ revokedAt: iso(now) })
        .where("userId", "=", id)
        .where("revokedAt", "is", null)
        .execute();
      // Its webhooks stop too: nothing of its questionnaires leaves the site for an account that is gone.
      await trx
        .updateTable("webhooks")
        .set({ enabled: 0, disabledReason: webhookTexts.disabledAccountDeleted, updatedAt: iso(now) })
        .where("ownerId", "=", id)
        .execute();
      await trx
        .updateTable("sessions")
        .set({ revokedAt: iso(now) })
        .where("userId", "=", id)
        .where("revokedAt", "is", null)
        .execute();
      return forgetPersonalData(trx, id, phone, now, (questionnaireId, number) =>
        keptPhones(ctx.db, questionnaireId, number),
      );
    });
    for (const key of files) await ctx.storage.remove(key);
  }
  return rows.length;
}

/**
 * 个人信息保护 (issue #36): what a deleted account leaves elsewhere goes too — the responses it submitted
 * signed in are anonymised as retention anonymises them (personal answers, their facts and files, IP, device
 * and the account link; the rest still counts), the phone leaves red-packet claims and draws (kept unique per
 * claim as `deleted:<id>`) with the winner's contact form, and its start reminders, codes, SMS and login
 * attempts are deleted. Answers the storage keys of removed files.
 */
async function forgetPersonalData(
  trx: Trx,
  userId: number,
  phone: string | null,
  now: Date,
  phonesIn: (questionnaireId: number, phone: string) => readonly string[],
): Promise<string[]> {
  const responses = await trx
    .selectFrom("responses")
    .select(["id", "questionnaireId"])
    .where("userId", "=", userId)
    .execute();
  const byQuestionnaire = new Map<number, number[]>();
  for (const row of responses)
    byQuestionnaire.set(row.questionnaireId, [...(byQuestionnaire.get(row.questionnaireId) ?? []), row.id]);
  const files: string[] = [];
  for (const [questionnaireId, ids] of byQuestionnaire)
    files.push(...(await eraseInTransaction(trx, questionnaireId, ids, "anonymise", now)));
  // Responses erased or anonymised before still name the account: no more.
  await trx.updateTable("responses").set({ userId: null }).where("userId", "=", userId).execute();
  // Claims and draws keep the phone as a digest (or, made before, the number): gone either way.
  const placeholder = sql<string>`${"deleted:"} || cast(id as varchar(20))`;
  await trx
    .updateTable("prize_draws")
    .set({ winnerInfo: "{}", userId: null, phone: placeholder })
    .where("userId", "=", userId)
    .execute();
  await trx
    .updateTable("red_packet_claims")
    .set({ phone: placeholder })
    .where("userId", "=", userId)
    .execute();
  if (phone) {
    // A claim always names its account (above). A draw by an anonymous respondent holds only the phone: as the
    // questionnaire's digest of it, or the number itself before digests were kept.
    const drawn = await trx
      .selectFrom("prize_draws")
      .select("questionnaireId")
      .distinct()
      .where("userId", "is", null)
      .where("phone", "!=", "")
      .execute();
    for (const { questionnaireId } of drawn)
      await trx
        .updateTable("prize_draws")
        .set({ phone: placeholder, winnerInfo: "{}" })
        .where("questionnaireId", "=", questionnaireId)
        .where("phone", "in", phonesIn(questionnaireId, phone))
        .execute();
    for (const table of ["start_reminders", "phone_codes", "sms_outbox", "login_attempts"] as const)
      await trx.deleteFrom(table).where("phone", "=", phone).execute();
  }
  return files;
}
