import {
  answerKeyText,
  type ExamResult,
  explanationsOf,
  type SubmitReply,
  type SurveyDefinition,
} from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { AnsweringRow } from "../../db/tables/questionnaires.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";
import { paidSettingsInForce } from "../money/entitlements.ts";
import { receiptToken } from "../privacy/receipt-token.ts";
import { readSettings } from "../questionnaires/store.ts";
import { offersRewards } from "../rewards/offer.ts";

type Choice = { id: string; label: string; correct?: boolean };

/** What the thank-you screen reads of a stored response. */
export const repliedColumns = ["id", "endState", "score", "maxScore", "passed"] as const;
export type RepliedResponse = Pick<ResponseRow, (typeof repliedColumns)[number]>;

/** A response as the store answers it: `rewards` when the store's own reads already tell (no extra query). */
export type StoredResponse = RepliedResponse & { rewards?: boolean };

function choiceQuestions(definition: SurveyDefinition, types?: readonly string[]) {
  return definition.pages
    .flatMap((page) => page.questions)
    .flatMap((q) => {
      const options = (q.config as { options?: Choice[] }).options;
      return Array.isArray(options) && (!types || types.includes(q.type)) ? [{ id: q.id, options }] : [];
    });
}

export function answerKey(definition: SurveyDefinition): Record<string, string[]> {
  return Object.fromEntries(
    choiceQuestions(definition)
      .map((q) => [q.id, q.options.filter((o) => o.correct).map((o) => o.id)] as const)
      .filter(([, ids]) => ids.length > 0),
  );
}

/** The reference answers of scored fill-ins (text and blanks), as core words them. */
export function textKeys(definition: SurveyDefinition): Record<string, string> {
  return Object.fromEntries(
    definition.pages
      .flatMap((page) => page.questions)
      .filter((q) => q.scoring?.mode === "text" || q.scoring?.mode === "blanks")
      .map((q) => [q.id, answerKeyText(q)] as const)
      .filter(([, text]) => text !== ""),
  );
}

async function voteResults(ctx: AppContext, row: AnsweringRow, definition: SurveyDefinition) {
  const votes = choiceQuestions(definition, ["voteSingle", "voteMultiple"]);
  if (votes.length === 0) return null;
  const counters = await ctx.db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", row.id)
    .where("key", "like", "option:%")
    .execute();
  const counts = new Map(counters.map((c) => [c.key, Number(c.count)]));
  return Object.fromEntries(
    votes.map((q) => [
      q.id,
      q.options.map((o) => ({
        optionId: o.id,
        label: o.label,
        count: counts.get(`option:${q.id}:${o.id}`) ?? 0,
      })),
    ]),
  );
}

/** What the thank-you screen needs, for a stored response (or a preview, `response` null). */
export async function buildReply(
  ctx: AppContext,
  row: AnsweringRow,
  definition: SurveyDefinition,
  response: StoredResponse | null,
  score: ExamResult | null,
  screenedOutPreview = false,
): Promise<SubmitReply> {
  const settings = readSettings(row.settings);
  const examSettings = definition.settings.exam;
  const showScore = score !== null && (examSettings?.showScoreAfterSubmit ?? true);
  const showAnswers = showScore && (examSettings?.showAnswersAfterSubmit ?? false);
  return {
    responseId: response?.id ?? null,
    preview: response === null,
    endState: (response?.endState ??
      (screenedOutPreview ? "screenedOut" : "submitted")) as SubmitReply["endState"],
    receiptToken: response ? receiptToken(ctx.config, response.id) : "",
    thankYouText: settings.thankYouText,
    ...(settings.review.required && response ? { reviewNote: settings.review.note } : {}),
    redirectUrl: (await paidSettingsInForce(ctx.db, row.ownerId, settings, ctx.clock.now())).redirectUrl,
    redirectSeconds: settings.redirectSeconds,
    exam: showScore
      ? {
          total: response?.score ?? score.total,
          max: response?.maxScore ?? score.max,
          passMark: score.passMark,
          passed: response ? (response.passed === null ? null : response.passed === 1) : score.passed,
          pendingManual: score.pendingManual,
          ...(showAnswers
            ? {
                questions: score.questions,
                answerKey: answerKey(definition),
                textKeys: textKeys(definition),
                explanations: explanationsOf(definition),
              }
            : {}),
        }
      : null,
    voteResults: settings.showResultsAfterSubmit ? await voteResults(ctx, row, definition) : null,
    rewards: response !== null && (response.rewards ?? (await offersRewards(ctx.db, row.id))),
  };
}
