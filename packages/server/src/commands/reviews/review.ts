import {
  isPhoneQuestion,
  limits,
  type ReviewDecision,
  type ReviewOutcome,
  type ReviewState,
  reviewSmsText,
  type SurveyDefinition,
} from "@wjgj/core";
import { chinaDayStart, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, toCount, transaction } from "../../db/index.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { SmsMessage } from "../../sms/provider.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { revisionDefinitions } from "../results/record.ts";
import { resultsScope } from "../results/scope.ts";
import { recordActivity } from "../teams/activity.ts";
import { emitWebhookEvents, wakeWebhooks } from "../webhooks/events.ts";

export interface ReviewInput {
  id: number;
  responseIds: readonly number[];
  decision: ReviewDecision;
  /** The reason when rejecting (checked by the route: 1–200 characters). */
  reason?: string | undefined;
}

/** Which review states each decision moves from, and to. */
const moves: Record<ReviewDecision, { from: ReviewState[]; to: ReviewState }> = {
  approve: { from: ["pending"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  undo: { from: ["approved", "rejected"], to: "pending" },
};

const activityDetail: Record<ReviewDecision, string> = {
  approve: "通过",
  reject: "拒绝",
  undo: "撤销审核",
};

/**
 * `answer/approveAnswers`, `answer/rejectAnswers`, `answer/undoReview`: one transaction over the selected
 * responses. The decision is one conditional UPDATE (`review_state` still in the state it moves from), so of
 * two reviewers deciding the same response at once exactly one changes it: PostgreSQL's second UPDATE waits
 * for the first's row lock and re-reads the row, SQLite runs one writer at a time. Responses not in that
 * state are skipped (bulk calls decide only those still pending); when none changed the call answers 409
 * 「该答卷已被其他成员审核」. A decided response whose answers hold a mobile number gets an SMS, queued in the
 * outbox in the same transaction and delivered after commit, within the per-phone daily cap of codes.
 */
export async function reviewResponses(
  ctx: AppContext,
  viewer: Viewer,
  input: ReviewInput,
): Promise<ReviewOutcome> {
  const { row: questionnaire } = await resultsScope(ctx.db, viewer, input.id, "manage");
  const ids = [...new Set(input.responseIds)];
  const { from, to } = moves[input.decision];
  const now = ctx.clock.now();
  const decided = to !== "pending";
  const openStored = decided ? await answersOpener(ctx.db, input.id) : null;
  return transaction(ctx.db, async (trx, onCommit) => {
    const changed = await trx
      .updateTable("responses")
      .set({
        reviewState: to,
        reviewReason: to === "rejected" ? (input.reason ?? "") : null,
        reviewedBy: decided ? viewer.user.id : null,
        reviewedAt: decided ? iso(now) : null,
      })
      .where("questionnaireId", "=", input.id)
      .where("id", "in", ids)
      .where("reviewState", "in", from)
      // Deleted for good by 答卷保留期限 or a respondent's request: nothing left to review.
      .where((eb) => eb.or([eb("erasedAs", "is", null), eb("erasedAs", "<>", "deleted")]))
      .returning(["id", "revisionId", "answers"])
      .execute();
    if (changed.length === 0) {
      const known = await trx
        .selectFrom("responses")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("questionnaireId", "=", input.id)
        .where("id", "in", ids)
        .where("reviewState", "is not", null)
        .executeTakeFirst();
      if (toCount(known) === 0) throw new NotFoundError("reviewNotFound");
      throw new ConflictError("reviewConflict");
    }
    // A webhook of each decision, in this transaction like every response.updated (webhooks/events.ts).
    const change = to === "approved" ? "approved" : to === "rejected" ? "rejected" : "reviewPending";
    const emitted = await emitWebhookEvents(
      trx,
      now,
      input.id,
      changed.map((row) => ({
        type: "response.updated" as const,
        payload: { questionnaireId: input.id, responseId: row.id, change },
      })),
    );
    if (emitted > 0) onCommit(() => wakeWebhooks(ctx.db));
    const reason = input.decision === "reject" ? `：${input.reason ?? ""}` : "";
    await recordActivity(trx, now, {
      questionnaireId: input.id,
      actorId: viewer.user.id,
      action: "review",
      detail: `${activityDetail[input.decision]} ${changed.length} 份${reason}`,
    });
    if (decided && openStored) {
      const definitions = await revisionDefinitions(
        trx,
        changed.map((row) => row.revisionId),
      );
      const content = reviewSmsText(questionnaire.title, to, input.reason ?? "");
      const phones = new Set<string>();
      for (const row of changed) {
        const phone = phoneOf(definitions.get(row.revisionId), openStored(row.answers));
        if (phone) phones.add(phone);
      }
      for (const phone of phones) {
        const message: SmsMessage = { phone, purpose: "review", content, code: null };
        if (!(await queueReviewSms(ctx, trx, message, now))) continue;
        onCommit(() => ctx.sms.deliver(message));
      }
    }
    return { changed: changed.length, skipped: ids.length - changed.length };
  });
}

/** The first mobile number the response answered (a 手机号 personal question or a text in mobile format). */
export function phoneOf(
  definition: SurveyDefinition | undefined,
  answers: Record<string, unknown>,
): string | null {
  for (const question of definition?.pages.flatMap((page) => page.questions) ?? []) {
    const answer = answers[question.id];
    if (isPhoneQuestion(question) && typeof answer === "string" && /^1\d{10}$/.test(answer)) return answer;
  }
  return null;
}

/**
 * Queues the message in the outbox unless the phone already had the day's cap of messages (the same cap as
 * verification codes): a bulk review or review/undo back and forth never floods one respondent.
 */
async function queueReviewSms(ctx: AppContext, trx: Trx, message: SmsMessage, now: Date): Promise<boolean> {
  const today = await trx
    .selectFrom("sms_outbox")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("phone", "=", message.phone)
    .where("purpose", "=", message.purpose)
    .where("createdAt", ">=", iso(chinaDayStart(now)))
    .executeTakeFirst();
  if (toCount(today) >= limits.phoneCode.perPhonePerDay) return false;
  await ctx.sms.record(trx, message, iso(now));
  return true;
}
