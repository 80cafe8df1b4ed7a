import {
  definitionSchema,
  emptyPracticeProgress,
  getQuestionType,
  type PracticeAnswer,
  type PracticeFeedback,
  type PracticeProgress,
  type PracticeQuestion,
  type PracticeSet,
  paperQuestionId,
  practiceQuestionsOf,
  type Question,
  recordPracticeResult,
  type SurveyDefinition,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db, Trx } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { mayPractise } from "../../policies/index.ts";
import { findByPublicId } from "../answering/open.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { readSettings } from "../questionnaires/store.ts";

/** Who the progress belongs to: the account when logged in, otherwise the device. */
export function learnerOf(viewer: Viewer | null, deviceId: string | undefined): string {
  if (viewer) return `u:${viewer.user.id}`;
  if (!deviceId) throw InvalidInputError.field("deviceId", "practiceDeviceInvalid");
  return `d:${deviceId}`;
}

/** Where a learner's progress on one practice set is kept: a questionnaire's or a bank's table. */
type ProgressHome =
  | { table: "practice_progress"; questionnaireId: number }
  | { table: "bank_practice_progress"; bankId: number };

interface Practised {
  publicId: string;
  title: string;
  home: ProgressHome;
  definition: SurveyDefinition;
  questions: PracticeQuestion[];
}

/** A bank its owner shares for practice (0105), its questions in bank order under their paper ids. */
async function practisedBank(ctx: AppContext, publicId: string): Promise<Practised | null> {
  const bank = await ctx.db
    .selectFrom("question_banks")
    .select(["id", "name"])
    .where("practicePublicId", "=", publicId)
    .executeTakeFirst();
  if (!bank) return null;
  const rows = await ctx.db
    .selectFrom("bank_questions")
    .select(["id", "question"])
    .where("bankId", "=", bank.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const definition = definitionSchema.parse({
    schemaVersion: 1,
    kind: "exam",
    title: bank.name,
    pages: [
      {
        id: "p1",
        questions: rows.map((row) => ({ ...JSON.parse(row.question), id: paperQuestionId(row.id) })),
      },
    ],
  });
  return {
    publicId,
    title: bank.name,
    home: { table: "bank_practice_progress", bankId: bank.id },
    definition,
    questions: practiceQuestionsOf(definition),
  };
}

/**
 * The published revision of an exam its creator shares for practice, or a bank shared for practice (bank
 * ids have 12 characters, questionnaire ids 10); anything else is 未开放练习.
 */
async function practised(ctx: AppContext, publicId: string): Promise<Practised> {
  if (publicId.length === 12) {
    const bank = await practisedBank(ctx, publicId);
    if (bank) return bank;
  }
  const row = await findByPublicId(ctx.db, publicId).catch((error: unknown) => {
    // A bank link whose sharing stopped reads as closed, not as a questionnaire that never existed.
    if (publicId.length === 12 && error instanceof NotFoundError) throw new NotFoundError("practiceClosed");
    throw error;
  });
  if (!mayPractise(row, readSettings(row.settings)) || row.publishedVersion === null) {
    throw new NotFoundError("practiceClosed");
  }
  const revision = await publishedRevision(ctx.db, row.id, row.publishedVersion);
  if (!revision) throw new NotFoundError("practiceClosed");
  return {
    publicId: row.publicId,
    title: row.title,
    home: { table: "practice_progress", questionnaireId: row.id },
    definition: revision.definition,
    questions: practiceQuestionsOf(revision.definition),
  };
}

async function readProgress(db: Db | Trx, home: ProgressHome, learner: string): Promise<PracticeProgress> {
  const row =
    home.table === "practice_progress"
      ? await db
          .selectFrom("practice_progress")
          .select(["answered", "wrong"])
          .where("questionnaireId", "=", home.questionnaireId)
          .where("learner", "=", learner)
          .executeTakeFirst()
      : await db
          .selectFrom("bank_practice_progress")
          .select(["answered", "wrong"])
          .where("bankId", "=", home.bankId)
          .where("learner", "=", learner)
          .executeTakeFirst();
  if (!row) return emptyPracticeProgress();
  return { answered: JSON.parse(row.answered), wrong: JSON.parse(row.wrong) };
}

async function writeProgress(
  trx: Trx,
  home: ProgressHome,
  learner: string,
  values: { answered: string; wrong: string; updatedAt: string },
): Promise<void> {
  if (home.table === "practice_progress") {
    await trx
      .insertInto("practice_progress")
      .values({ questionnaireId: home.questionnaireId, learner, ...values })
      .onConflict((oc) => oc.columns(["questionnaireId", "learner"]).doUpdateSet(values))
      .execute();
    return;
  }
  await trx
    .insertInto("bank_practice_progress")
    .values({ bankId: home.bankId, learner, ...values })
    .onConflict((oc) => oc.columns(["bankId", "learner"]).doUpdateSet(values))
    .execute();
}

function lockName(home: ProgressHome, learner: string): string {
  return home.table === "practice_progress"
    ? `practice:${home.questionnaireId}:${learner}`
    : `bank-practice:${home.bankId}:${learner}`;
}

/** `exercise/getExercise`: the questions (without their key) and the learner's progress. */
export async function openPractice(
  ctx: AppContext,
  viewer: Viewer | null,
  input: { publicId: string; deviceId?: string | undefined },
): Promise<PracticeSet> {
  const { publicId, title, home, questions } = await practised(ctx, input.publicId);
  const progress = await readProgress(ctx.db, home, learnerOf(viewer, input.deviceId));
  const ids = new Set(questions.map((q) => q.id));
  return {
    publicId,
    title,
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
  const { home, definition, questions } = await practised(ctx, input.publicId);
  const practice = questions.find((q) => q.id === input.questionId);
  const source = definition.pages.flatMap((p) => p.questions).find((q) => q.id === input.questionId);
  if (!practice || !source) throw new NotFoundError("practiceQuestionNotFound");
  const judged = verdict(source, practice, input.answer);
  const order = questions.map((q) => q.id);
  const progress = await ctx.db.transaction().execute(async (trx) => {
    // Two answers sent at once by one learner must not lose either verdict.
    await lockKey(trx, ctx.dialect, lockName(home, learner));
    const next = recordPracticeResult(
      await readProgress(trx, home, learner),
      practice.id,
      judged.correct,
      order,
    );
    const values = { answered: JSON.stringify(next.answered), wrong: JSON.stringify(next.wrong) };
    await writeProgress(trx, home, learner, { ...values, updatedAt: iso(ctx.clock.now()) });
    return next;
  });
  return { ...judged, progress };
}
