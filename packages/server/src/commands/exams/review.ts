import { type ExamReview, explanationsOf, type QuestionarySettings, scoreExam } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import { findByPublicId } from "../answering/open.ts";
import { answeredPaper } from "../answering/papers.ts";
import { answerKey, textKeys } from "../answering/reply.ts";
import { respondentDefinition } from "../answering/revisions.ts";
import { answerState, parseTime } from "../answering/state.ts";
import { ClosedError } from "../answering/submit-limits.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { readSettings } from "../questionnaires/store.ts";
import { answerExamOf } from "../results/grading.ts";
import { gradesOf, revisionDefinitions, submitContext } from "../results/record.ts";
import { verifyCandidateToken } from "./candidate-token.ts";
import { openCandidate } from "./candidates.ts";

/**
 * `exam/review` (查分, issue #40): a signed-in candidate's own answer sheet with the score, the answer key, the
 * fill-in keys and the explanations, once the exam has ended (its end time passed, or it was stopped) or the
 * creator released the results.
 */

/** Whether 查分 is open now: released, or the exam is over. */
export function reviewOpen(
  state: ReturnType<typeof answerState>,
  settings: QuestionarySettings,
  now: Date,
): boolean {
  if (settings.examGuard.reviewReleased) return true;
  if (state === "ended" || state === "stopped") return true;
  const end = parseTime(settings.endTime);
  return end !== null && now.getTime() >= end;
}

export async function reviewExam(
  ctx: AppContext,
  input: { publicId: string; candidateToken: string },
): Promise<ExamReview> {
  const row = await findByPublicId(ctx.db, input.publicId);
  const settings = readSettings(row.settings);
  const now = ctx.clock.now();
  const state = answerState(row, settings, now);
  if (state === "takenDown" || state === "deleted" || state === "unpublished")
    throw new ClosedError(state, row.kind);
  if (!settings.examGuard.review) throw new ConflictError("examReviewOff");
  if (!reviewOpen(state, settings, now)) throw new ConflictError("examReviewClosed");
  const { candidateId } = verifyCandidateToken(ctx, input.candidateToken, row.id);
  const candidate = await openCandidate(ctx, row.id, candidateId);
  // Taken off the list since signing in: the token no longer names anyone.
  if (!candidate) throw InvalidInputError.field("candidateToken", "examSignInExpired");

  const attempt = await ctx.db
    .selectFrom("exam_attempts as a")
    .innerJoin("responses as r", (join) =>
      join.onRef("r.id", "=", "a.responseId").on("r.questionnaireId", "=", row.id),
    )
    .selectAll("r")
    .where("a.questionnaireId", "=", row.id)
    .where("a.candidateId", "=", candidateId)
    .where("a.status", "in", ["submitted", "ended"])
    .where("r.status", "!=", "deleted")
    .orderBy("a.attemptNo", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!attempt) throw new NotFoundError("examReviewNone");
  const published = (await revisionDefinitions(ctx.db, [attempt.revisionId])).get(attempt.revisionId);
  if (!published) throw new NotFoundError("examReviewNone");
  // 随机组卷: the paper this candidate was dealt, as they answered it.
  const paper = await answeredPaper(
    ctx.db,
    row.id,
    { id: attempt.revisionId, definition: published },
    attempt.deviceId,
  );
  const answers = (await answersOpener(ctx.db, row.id))(attempt.answers);
  const grades = (await gradesOf(ctx.db, [attempt.id])).get(attempt.id) ?? {};
  const exam = answerExamOf(scoreExam(paper, answers, submitContext(attempt)), grades);
  return {
    title: row.title,
    candidate,
    submittedAt: attempt.submittedAt,
    definition: respondentDefinition(paper),
    answers,
    exam: {
      ...exam,
      answerKey: answerKey(paper),
      textKeys: textKeys(paper),
      explanations: explanationsOf(paper),
    },
  };
}
