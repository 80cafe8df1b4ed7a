import {
  counterKeysOf,
  definitionSchema,
  evaluateSurvey,
  examCounterEntries,
  examFacts,
  type Fact,
  type Grades,
  responseFacts,
  type SurveyDefinition,
  scoreExam,
  skippedQuestionIds,
} from "@wjgj/core";
import { chinaDayStart, iso } from "../../clock.ts";
import { type Db, isSqlite, type Trx } from "../../db/index.ts";
import { sqliteRowsInsert } from "../../db/sqlite-rows.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";
import { NotFoundError } from "../../errors.ts";
import { addToCounters } from "../answering/counters.ts";
import { splitFacts } from "./fact-packs.ts";

/** China calendar date (YYYY-MM-DD) of an instant: the `day:` counters and the date filters use it. */
export function chinaDate(at: Date): string {
  return iso(new Date(chinaDayStart(at).getTime() + 8 * 3600 * 1000)).slice(0, 10);
}

/** The evaluation context a response was checked with at submit (its day and device as the seed). */
export function submitContext(row: Pick<ResponseRow, "submittedAt" | "deviceId">) {
  return { today: chinaDate(new Date(row.submittedAt)), seed: row.deviceId };
}

/**
 * Every fact of a stored response, recomputed from what is stored: answers (facts), the engine's condition
 * quotas, the questions its logic skipped and, for exams, the per-question scores with manual grades overlaid. Deterministic, so status
 * changes subtract exactly what the submit added.
 */
export function factsOfStored(
  definition: SurveyDefinition,
  row: Pick<ResponseRow, "answers" | "submittedAt" | "deviceId" | "score">,
  grades: Grades,
): Fact[] {
  const answers = JSON.parse(row.answers) as Record<string, unknown>;
  const context = submitContext(row);
  const quotaKeys =
    definition.quotas.length > 0 ? evaluateSurvey(definition, answers, context).quotaKeys : [];
  const facts = responseFacts(
    definition,
    answers,
    quotaKeys,
    skippedQuestionIds(definition, answers, context),
  );
  if (row.score !== null) facts.push(...examFacts(scoreExam(definition, answers, context), grades));
  return facts;
}

/** PostgreSQL: fact rows per INSERT (6 parameters each stays far below its limit). */
const FACT_BATCH = 500;

/** SQLite: the facts' rows with their values bound (db/sqlite-rows.ts). */
const insertFactRowsSqlite = sqliteRowsInsert(
  "insert into response_facts (questionnaire_id, response_id, question_id, key, num, text)",
  6,
);

/** SQLite: a response's pack (its row id is the response's id). */
const insertPackSqlite = sqliteRowsInsert(
  "insert into response_fact_keys (questionnaire_id, response_id, keys)",
  3,
);

/**
 * Stores a response's facts (fact-packs.ts): its bare choice, cell, answered, quota and skip keys as one packed
 * row and the rest as rows. The response must have no pack yet; callers that replace facts replace `score:`
 * facts only, which are always rows.
 */
export async function insertFacts(
  trx: Trx | Db,
  questionnaireId: number,
  responseId: number,
  facts: readonly Fact[],
) {
  const { rows, packed } = splitFacts(facts);
  await insertFactRows(trx, questionnaireId, responseId, rows);
  await insertPack(trx, questionnaireId, responseId, packed);
}

/** A response's pack row, when it has keys to pack. */
async function insertPack(
  trx: Trx | Db,
  questionnaireId: number,
  responseId: number,
  packed: readonly [string, string][],
) {
  if (packed.length === 0) return;
  const keys = JSON.stringify(packed);
  if (isSqlite(trx)) {
    await insertPackSqlite.run(trx, 1, (values) => values.push(questionnaireId, responseId, keys));
    return;
  }
  await trx.insertInto("response_fact_keys").values({ questionnaireId, responseId, keys }).execute();
}

/**
 * Stores facts as rows of `response_facts`, packing nothing: for the facts that are not packed, and for
 * migrations before 0255/0260, which ran when every fact was a row (0255 and 0260 pack what they wrote).
 */
export async function insertFactRows(
  trx: Trx | Db,
  questionnaireId: number,
  responseId: number,
  facts: readonly Fact[],
) {
  if (facts.length === 0) return;
  if (isSqlite(trx)) {
    await insertFactRowsSqlite.run(trx, facts.length, (values, index) => {
      const fact = facts[index] as Fact;
      values.push(
        questionnaireId,
        responseId,
        fact.questionId,
        fact.key,
        fact.num ?? null,
        fact.text ?? null,
      );
    });
    return;
  }
  for (let start = 0; start < facts.length; start += FACT_BATCH) {
    await trx
      .insertInto("response_facts")
      .values(
        facts.slice(start, start + FACT_BATCH).map((fact) => ({
          questionnaireId,
          responseId,
          questionId: fact.questionId,
          key: fact.key,
          num: fact.num ?? null,
          text: fact.text ?? null,
        })),
      )
      .execute();
  }
}

/** Deletes the packed keys of responses (their fact rows are deleted by the caller). */
export async function deletePackedFacts(trx: Trx, questionnaireId: number, responseIds: readonly number[]) {
  if (responseIds.length === 0) return;
  await trx
    .deleteFrom("response_fact_keys")
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", responseIds)
    .execute();
}

/**
 * Replaces a response's packed keys with those of `facts` (anonymisation drops a question's facts): the
 * pack goes when nothing of it is left.
 */
export async function replacePackedFacts(
  trx: Trx,
  questionnaireId: number,
  responseId: number,
  facts: readonly Fact[],
) {
  await deletePackedFacts(trx, questionnaireId, [responseId]);
  await insertPack(trx, questionnaireId, responseId, splitFacts(facts).packed);
}

export interface CountedResponse {
  submittedAt: string;
  source: string;
  durationSeconds: number;
}

/**
 * Adds (`sign` 1) or removes (-1) one valid response's counters: its counter keys, the answering time under
 * `duration`. Runs in the caller's transaction.
 */
export async function applyCounters(
  trx: Trx,
  questionnaireId: number,
  facts: readonly Fact[],
  response: CountedResponse,
  sign: 1 | -1,
) {
  await addToCounters(trx, questionnaireId, counterEntries(facts, response, sign));
}

/** What applyCounters adds to each counter key (the submit on PostgreSQL writes them in its own statement). */
export function counterEntries(
  facts: readonly Fact[],
  response: CountedResponse,
  sign: 1 | -1,
): [key: string, delta: number][] {
  const keys = counterKeysOf(facts, {
    day: chinaDate(new Date(response.submittedAt)),
    source: response.source,
  });
  const entries: [string, number][] = keys.map((key) => [key, sign]);
  entries.push(...examCounterEntries(facts, sign));
  if (response.durationSeconds !== 0) entries.push(["duration", sign * response.durationSeconds]);
  return entries;
}

/**
 * The stored facts of responses, by response, as core's Fact (no null parts): what their counters were made
 * of, so taking a response out of the counts subtracts exactly what its submit added — exam marks and scores
 * included, which live in a fact's text and number.
 */
export async function storedFacts(
  db: Db | Trx,
  questionnaireId: number,
  responseIds: readonly number[],
): Promise<Map<number, Fact[]>> {
  const byResponse = new Map<number, Fact[]>();
  if (responseIds.length === 0) return byResponse;
  const rows = await db
    .selectFrom("response_facts_all")
    .select(["responseId", "questionId", "key", "num", "text"])
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", responseIds)
    .execute();
  for (const row of rows) {
    const fact: Fact = { questionId: row.questionId, key: row.key };
    if (row.num !== null) fact.num = row.num;
    if (row.text !== null) fact.text = row.text;
    const list = byResponse.get(row.responseId);
    if (list) list.push(fact);
    else byResponse.set(row.responseId, [fact]);
  }
  return byResponse;
}

/** A response of this questionnaire, whatever its status; another questionnaire's id is 404. */
export async function responseOf(
  db: Db | Trx,
  questionnaireId: number,
  responseId: number,
): Promise<ResponseRow> {
  const row = await db
    .selectFrom("responses")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .where("id", "=", responseId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("responseNotFound");
  return row;
}

/**
 * Responses by id, in the order of `ids`: a page whose order was found among ids in an index, so that only
 * its own rows are read.
 */
export async function responsesInOrder(db: Db | Trx, ids: readonly number[]): Promise<ResponseRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("responses").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Parsed definitions of revisions by id (immutable once published), for batch work over many responses. */
export async function revisionDefinitions(db: Db | Trx, revisionIds: readonly number[]) {
  const unique = [...new Set(revisionIds)];
  if (unique.length === 0) return new Map<number, SurveyDefinition>();
  const rows = await db
    .selectFrom("questionnaire_revisions")
    .select(["id", "definition"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, definitionSchema.parse(JSON.parse(row.definition))]));
}

export async function gradesOf(
  db: Db | Trx,
  responseIds: readonly number[],
): Promise<Map<number, Record<string, number>>> {
  const grades = new Map<number, Record<string, number>>();
  if (responseIds.length === 0) return grades;
  const rows = await db
    .selectFrom("response_grades")
    .select(["responseId", "questionId", "score"])
    .where("responseId", "in", responseIds)
    .execute();
  for (const row of rows) {
    const forResponse = grades.get(row.responseId) ?? {};
    forResponse[row.questionId] = Number(row.score);
    grades.set(row.responseId, forResponse);
  }
  return grades;
}
