import { randomBytes } from "node:crypto";
import {
  definitionSchema,
  drawPaper,
  getQuestionType,
  type PaperPoolItem,
  type Question,
  type SurveyDefinition,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import { ConflictError } from "../../errors.ts";

type Revision = { id: number; definition: SurveyDefinition };

export function hasPaperRules(definition: SurveyDefinition): boolean {
  return (definition.settings.exam?.paperRules?.length ?? 0) > 0;
}

/** Who a paper belongs to: the answering device (its id seeds shuffles and per-device limits too). */
export function paperCandidate(deviceId: string): string {
  return `d:${deviceId}`;
}

async function storedPaper(db: Db | Trx, questionnaireId: number, revisionId: number, candidate: string) {
  const row = await db
    .selectFrom("exam_papers")
    .select("definition")
    .where("questionnaireId", "=", questionnaireId)
    .where("revisionId", "=", revisionId)
    .where("candidate", "=", candidate)
    .executeTakeFirst();
  return row ? definitionSchema.parse(JSON.parse(row.definition)) : null;
}

/** Full marks of a question under its scoring rule (what an unanswered response could have earned). */
export function fullMarks(question: Question): number {
  const module = getQuestionType(question.type);
  if (!question.scoring || !module?.score) return 0;
  const options = module.options?.(question.config) ?? [];
  return Math.max(0, module.score(question.config, undefined, question.scoring, options).max);
}

/** One tag of one bank question on a paper, with the question's full marks there. */
export interface PaperTagRow {
  questionId: string;
  tag: string;
  maxScore: number;
}

/** The tags of a paper's scored bank questions (`bank_<item id>`), by item id as `tagsOf` gives them. */
export function paperTagRows(
  paper: SurveyDefinition,
  tagsOf: ReadonlyMap<number, readonly string[]>,
): PaperTagRow[] {
  return paper.pages.flatMap((page) =>
    page.questions.flatMap((question) => {
      const match = /^bank_(\d+)$/.exec(question.id);
      const tags = match ? tagsOf.get(Number(match[1])) : undefined;
      if (!tags || !question.scoring) return [];
      const maxScore = fullMarks(question);
      return [...new Set(tags)].map((tag) => ({ questionId: question.id, tag, maxScore }));
    }),
  );
}

/** Keeps a paper's tag rows (rows already kept stay as they are). */
export async function insertPaperTags(
  db: Db | Trx,
  paper: { questionnaireId: number; revisionId: number; candidate: string },
  rows: readonly PaperTagRow[],
) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto("exam_paper_tags")
      .values(
        rows.slice(i, i + 200).map((row) => ({
          questionnaireId: paper.questionnaireId,
          revisionId: paper.revisionId,
          candidate: paper.candidate,
          questionId: row.questionId,
          tag: row.tag,
          maxScore: row.maxScore,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["questionnaireId", "revisionId", "candidate", "questionId", "tag"]).doNothing(),
      )
      .execute();
  }
}

function poolItem(row: { id: number; bankId: number; question: string; tags: string; difficulty: number }) {
  return {
    id: row.id,
    bankId: row.bankId,
    tags: JSON.parse(row.tags) as string[],
    difficulty: row.difficulty as PaperPoolItem["difficulty"],
    question: JSON.parse(row.question) as PaperPoolItem["question"],
  };
}

/** Bank questions by id, as rules see them (ids that no longer exist are left out). */
export async function bankItemsById(db: Db, ids: readonly number[]): Promise<PaperPoolItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("bank_questions")
    .select(["id", "bankId", "question", "tags", "difficulty"])
    .where("id", "in", ids)
    .execute();
  return rows.map(poolItem);
}

/** The owner's bank questions the rules can draw from (only the owner's banks: rules name bank ids). */
async function poolOf(db: Db, ownerId: number, definition: SurveyDefinition): Promise<PaperPoolItem[]> {
  const bankIds = [...new Set((definition.settings.exam?.paperRules ?? []).map((rule) => rule.bankId))];
  if (bankIds.length === 0) return [];
  const rows = await db
    .selectFrom("bank_questions as q")
    .innerJoin("question_banks as b", "b.id", "q.bankId")
    .select(["q.id", "q.bankId", "q.question", "q.tags", "q.difficulty"])
    .where("b.ownerId", "=", ownerId)
    .where("q.bankId", "in", bankIds)
    .execute();
  return rows.map(poolItem);
}

/**
 * The paper a candidate answers: for an exam with 随机组卷 rules, the one drawn for them the first time they
 * opened this revision (so a reload shows the same questions), drawn now otherwise. Two opens racing for
 * one candidate both end with the paper stored first.
 */
export async function candidatePaper(
  db: Db,
  questionnaire: { id: number; ownerId: number },
  revision: Revision,
  deviceId: string,
  now: Date,
): Promise<SurveyDefinition> {
  if (!hasPaperRules(revision.definition)) return revision.definition;
  const candidate = paperCandidate(deviceId);
  const kept = await storedPaper(db, questionnaire.id, revision.id, candidate);
  if (kept) return kept;
  const pool = await poolOf(db, questionnaire.ownerId, revision.definition);
  const draw = drawPaper(revision.definition, pool, randomBytes(12).toString("base64url"));
  if (!draw.ok) throw new ConflictError("examPaperShort");
  const drawnIds = new Set(draw.drawn.map((entry) => entry.itemId));
  const tags = paperTagRows(
    draw.definition,
    new Map(pool.filter((item) => drawnIds.has(item.id)).map((item) => [item.id, item.tags])),
  );
  const paper = { questionnaireId: questionnaire.id, revisionId: revision.id, candidate };
  // The paper and its tags together; only the open whose paper was stored keeps tags.
  await db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("exam_papers")
      .values({ ...paper, definition: JSON.stringify(draw.definition), createdAt: iso(now) })
      .onConflict((oc) => oc.columns(["questionnaireId", "revisionId", "candidate"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (stored) await insertPaperTags(trx, paper, tags);
  });
  return (await storedPaper(db, questionnaire.id, revision.id, candidate)) ?? draw.definition;
}

/**
 * What a stored response answered, to show it: its candidate's kept paper for 随机组卷, else the revision's
 * definition (also when the paper is gone; grading uses submittedPaper, which refuses then).
 */
export async function answeredPaper(
  db: Db,
  questionnaireId: number,
  revision: Revision,
  deviceId: string,
): Promise<SurveyDefinition> {
  if (!hasPaperRules(revision.definition) || !deviceId) return revision.definition;
  return (
    (await storedPaper(db, questionnaireId, revision.id, paperCandidate(deviceId))) ?? revision.definition
  );
}

/** What a submission is graded against: the candidate's kept paper, or 没有找到您的试卷 (never a new draw). */
export async function submittedPaper(
  db: Db,
  questionnaireId: number,
  revision: Revision,
  deviceId: string,
): Promise<SurveyDefinition> {
  if (!hasPaperRules(revision.definition)) return revision.definition;
  const paper = deviceId
    ? await storedPaper(db, questionnaireId, revision.id, paperCandidate(deviceId))
    : null;
  if (!paper) throw new ConflictError("examPaperMissing");
  return paper;
}
