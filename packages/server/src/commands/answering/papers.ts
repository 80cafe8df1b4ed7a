import { randomBytes } from "node:crypto";
import { definitionSchema, drawPaper, type PaperPoolItem, type SurveyDefinition } from "@wjgj/core";
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
  return rows.map((row) => ({
    id: row.id,
    bankId: row.bankId,
    tags: JSON.parse(row.tags) as string[],
    difficulty: row.difficulty as PaperPoolItem["difficulty"],
    question: JSON.parse(row.question) as PaperPoolItem["question"],
  }));
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
  await db
    .insertInto("exam_papers")
    .values({
      questionnaireId: questionnaire.id,
      revisionId: revision.id,
      candidate,
      definition: JSON.stringify(draw.definition),
      createdAt: iso(now),
    })
    .onConflict((oc) => oc.columns(["questionnaireId", "revisionId", "candidate"]).doNothing())
    .execute();
  return (await storedPaper(db, questionnaire.id, revision.id, candidate)) ?? draw.definition;
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
