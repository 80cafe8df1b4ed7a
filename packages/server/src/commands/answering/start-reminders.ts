import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import { answeringColumns, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { ConflictError } from "../../errors.ts";
import { checkPhoneCode, codeCheckError, sendPhoneCode } from "../account/phone-codes.ts";
import { readSettings } from "../questionnaires/store.ts";
import { findByPublicId } from "./open.ts";
import { answerState } from "./state.ts";

/** Reminders are only taken while the questionnaire has not started: otherwise there is nothing to wait for. */
async function requireNotStarted(ctx: AppContext, publicId: string) {
  const row = await findByPublicId(ctx.db, publicId);
  if (answerState(row, readSettings(row.settings), ctx.clock.now()) !== "notStarted") {
    throw new ConflictError("reminderNotNeeded");
  }
  return row;
}

/** 提醒我, step one: a code to the phone (the login code's rate limits apply, under its own purpose). */
export async function sendReminderCode(
  ctx: AppContext,
  args: { publicId: string; phone: string; ip: string },
): Promise<void> {
  await requireNotStarted(ctx, args.publicId);
  await sendPhoneCode(ctx, { phone: args.phone, purpose: "remind", ip: args.ip });
}

/** 提醒我, step two: the verified phone is registered once; asking again changes nothing. */
export async function addStartReminder(
  ctx: AppContext,
  args: { publicId: string; phone: string; code: string },
): Promise<void> {
  const row = await requireNotStarted(ctx, args.publicId);
  const now = iso(ctx.clock.now());
  const check = await transaction(ctx.db, async (trx) => {
    const result = await checkPhoneCode(ctx, trx, { phone: args.phone, purpose: "remind", code: args.code });
    if (result !== "ok") return result;
    await trx
      .insertInto("start_reminders")
      .values({ questionnaireId: row.id, phone: args.phone, createdAt: now, sentAt: null })
      .onConflict((oc) => oc.columns(["questionnaireId", "phone"]).doNothing())
      .execute();
    return result;
  });
  // The wrong try is counted by the committed transaction; only then is the error answered.
  if (check !== "ok") throw codeCheckError(check);
}

function reminderText(title: string, link: string): string {
  const name = title.length > 30 ? `${title.slice(0, 29)}…` : title;
  return `【问卷管家】您预约的问卷「${name}」已开始，欢迎填写：${link}`;
}

/**
 * Sends the SMS of every reminder whose questionnaire has opened; called by the scheduled maintenance.
 * Each row is claimed by setting `sentAt` where it is still null, in the transaction that records the
 * SMS, so two runs (or two servers) never send one twice. Reminders of questionnaires that can no longer
 * open (deleted, taken down, ended) are closed without a message.
 */
export async function sendDueStartReminders(
  ctx: Pick<AppContext, "db" | "clock" | "config" | "sms">,
): Promise<{ sent: number; dropped: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom("start_reminders as r")
    .innerJoin("questionnaires", "questionnaires.id", "r.questionnaireId")
    .select(answeringColumns.map((column) => `questionnaires.${column}` as const))
    .select(responseCountColumn)
    .select(["r.id as reminderId", "r.phone as reminderPhone"])
    .where("r.sentAt", "is", null)
    .orderBy("r.id")
    .limit(500)
    .execute();
  const origin = ctx.config.siteUrl ?? "";
  let sent = 0;
  let dropped = 0;
  for (const row of due) {
    const state = answerState(row, readSettings(row.settings), now);
    const send = state === "open";
    if (!send && !["deleted", "takenDown", "ended"].includes(state)) continue;
    await transaction(ctx.db, async (trx, onCommit) => {
      const claimed = await trx
        .updateTable("start_reminders")
        .set({ sentAt: iso(now) })
        .where("id", "=", row.reminderId)
        .where("sentAt", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      if (!send) {
        dropped += 1;
        return;
      }
      const message = {
        phone: row.reminderPhone,
        purpose: "remind-start",
        content: reminderText(row.title, `${origin}/r/${row.publicId}`),
        code: null,
      };
      await ctx.sms.record(trx, message, iso(now));
      onCommit(() => ctx.sms.deliver(message));
      sent += 1;
    });
  }
  return { sent, dropped };
}
