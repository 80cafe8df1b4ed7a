import {
  emptyPracticeProgress,
  getQuestionType,
  type PracticeAnswer,
  type PracticeFeedback,
  type PracticeProgress,
  type PracticeQuestion,
  type PracticeSet,
  practiceQuestionsOf,
  type Question,
  recordPracticeResult,
  type SurveyDefinition,
} from "@wjgj/core";
import { iso } from "../clock.ts";
import type { AppContext } from "../context.ts";
import type { Db, Trx } from "../db/index.ts";
import { lockKey } from "../db/locks.ts";
import type { AnsweringRow } from "../db/tables/questionnaires.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { mayPractise } from "../policies/index.ts";
import { findByPublicId } from "./answering/open.ts";
import { publishedRevision } from "./answering/revisions.ts";
import { readSettings } from "./questionnaires/store.ts";

/** Who the progress belongs to: the account when logged in, otherwise the device. */
export function learnerOf(viewer: Viewer | null, deviceId: string | undefined): string {
  if (viewer) return `u:${viewer.user.id}`;
  if (!deviceId) throw InvalidInputError.field("deviceId", "practiceDeviceInvalid");
  return `d:${deviceId}`;
}

interface Practised {
  row: AnsweringRow;
  definition: SurveyDefinition;
  questions: PracticeQuestion[];
}

/** The published revision of an exam its creator shares for practice; anything else is 未开放练习. */
async function practised(ctx: AppContext, publicId: string): Promise<Practised> {
  const row = await findByPublicId(ctx.db, publicId);
  if (!mayPractise(row, readSettings(row.settings)) || row.publishedVersion === null) {
    throw new NotFoundError("practiceClosed");
  }
  const revision = await publishedRevision(ctx.db, row.id, row.publishedVersion);
  if (!revision) throw new NotFoundError("practiceClosed");
  return { row, definition: revision.definition, questions: practiceQuestionsOf(revision.definition) };
}

async function readProgress(
  db: Db | Trx,
  questionnaireId: number,
  learner: string,
): Promise<PracticeProgress> {
  const row = await db
    .selectFrom("practice_progress")
    .select(["answered", "wrong"])
    .where("questionnaireId", "=", questionnaireId)
    .where("learner", "=", learner)
    .executeTakeFirst();
  if (!row) return emptyPracticeProgress();
  return { answered: JSON.parse(row.answered), wrong: JSON.parse(row.wrong) };
}

/** `exercise/getExercise`: the questions (without their key) and the learner's progress. */
export async function openPractice(
  ctx: AppContext,
  viewer: Viewer | null,
  input: { publicId: string; deviceId?: string | undefined },
): Promise<PracticeSet> {
  const { row, questions } = await practised(ctx, input.publicId);
  const progress = await readProgress(ctx.db, row.id, learnerOf(viewer, input.deviceId));
  const ids = new Set(questions.map((q) => q.id));
  return {
    publicId: row.publicId,
    title: row.title,
    questions,
    progress: {
      answered: Object.fromEntries(Object.entries(progress.answered).filter(([id]) => ids.has(id))),
      wrong: progress.wrong.filter((id) => ids.has(id)),
    },
  };
}

/** The practice answer in the shape the question type's scorer takes. */
function moduleAnswer(question: PracticeQuestion, answer: PracticeAnswer): unknown {
  if (question.answerKind === "text") return answer.text ?? "";
  const known = new Set(question.options.map((o) => o.id));
  const chosen = [...new Set(answer.optionIds ?? [])].filter((id) => known.has(id));
  if (question.answerKind === "single") return chosen[0] ? { optionId: chosen[0] } : undefined;
  return { optionIds: chosen };
}

function verdict(source: Question, practice: PracticeQuestion, answer: PracticeAnswer) {
  const module = getQuestionType(source.type);
  const rule = source.scoring;
  if (!module?.score || !rule) throw new NotFoundError("practiceQuestionNotFound");
  const options = module.options?.(source.config) ?? [];
  const result = module.score(source.config, moduleAnswer(practice, answer), rule, options);
  const max = Math.max(0, result.max);
  const score = Math.min(Math.max(result.score, 0), max);
  return {
    correct: max > 0 && score === max,
    score,
    max,
    correctOptionIds: options.filter((o) => o.correct).map((o) => o.id),
    acceptedAnswers: rule.mode === "text" ? [...rule.accepted] : [],
    explanation: source.explanation ?? "",
  };
}

/**
 * `exercise/checkExerciseAnswer`: judges one answer on the spot, files it in the learner's progress (the
 * 错题本 gains a wrong one and loses one answered right) and returns the key and the 答案解析.
 */
export async function checkPracticeAnswer(
  ctx: AppContext,
  viewer: Viewer | null,
  input: { publicId: string; questionId: string; answer: PracticeAnswer; deviceId?: string | undefined },
): Promise<PracticeFeedback> {
  const learner = learnerOf(viewer, input.deviceId);
  const { row, definition, questions } = await practised(ctx, input.publicId);
  const practice = questions.find((q) => q.id === input.questionId);
  const source = definition.pages.flatMap((p) => p.questions).find((q) => q.id === input.questionId);
  if (!practice || !source) throw new NotFoundError("practiceQuestionNotFound");
  const judged = verdict(source, practice, input.answer);
  const order = questions.map((q) => q.id);
  const progress = await ctx.db.transaction().execute(async (trx) => {
    // Two answers sent at once by one learner must not lose either verdict.
    await lockKey(trx, ctx.dialect, `practice:${row.id}:${learner}`);
    const next = recordPracticeResult(
      await readProgress(trx, row.id, learner),
      practice.id,
      judged.correct,
      order,
    );
    const values = { answered: JSON.stringify(next.answered), wrong: JSON.stringify(next.wrong) };
    const updatedAt = iso(ctx.clock.now());
    await trx
      .insertInto("practice_progress")
      .values({ questionnaireId: row.id, learner, ...values, updatedAt })
      .onConflict((oc) => oc.columns(["questionnaireId", "learner"]).doUpdateSet({ ...values, updatedAt }))
      .execute();
    return next;
  });
  return { ...judged, progress };
}
