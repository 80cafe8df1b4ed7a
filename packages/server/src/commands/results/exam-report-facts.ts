import { EXAM_SUM_SCALE, type FactPredicate } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { readCounters } from "../answering/counters.ts";
import { PREFIX_END, type ResponseSet, responsesIn } from "./filter.ts";

/** Per question: responses scored, points summed, full marks, and those graded or waiting by hand. */
export interface QuestionTally {
  count: number;
  sum: number;
  correct: number;
  manual: number;
}

export interface ScoreTallies {
  byQuestion: Map<string, QuestionTally>;
  /** Responses with at least one question still waiting for a manual grade. */
  pendingResponses: number;
}

const emptyTally = (): QuestionTally => ({ count: 0, sum: 0, correct: 0, manual: 0 });

/**
 * The unfiltered report: the exam counters every valid response keeps (`exam:<q>:<mark>`, `examsum:<q>`,
 * `exam:pending`), a few hundred rows however many responses there are.
 */
export async function countedScoreFacts(ctx: AppContext, questionnaireId: number): Promise<ScoreTallies> {
  const rows = await ctx.db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", questionnaireId)
    .where("key", ">=", "exam")
    .where("key", "<", "exan")
    .execute();
  const byQuestion = new Map<string, QuestionTally>();
  let pendingResponses = 0;
  const tallyOf = (questionId: string) => {
    let tally = byQuestion.get(questionId);
    if (!tally) {
      tally = emptyTally();
      byQuestion.set(questionId, tally);
    }
    return tally;
  };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.key === "exam:pending") pendingResponses = count;
    else if (row.key.startsWith("examsum:")) tallyOf(row.key.slice(8)).sum += count / EXAM_SUM_SCALE;
    else if (row.key.startsWith("exam:")) {
      const at = row.key.lastIndexOf(":");
      const tally = tallyOf(row.key.slice(5, at));
      const mark = row.key.slice(at + 1);
      tally.count += count;
      if (mark === "correct") tally.correct += count;
      if (mark === "pending" || mark === "graded") tally.manual += count;
    }
  }
  return { byQuestion, pendingResponses };
}

/** A filtered report: the score facts of the responses in the set, grouped (the counters hold all). */
export async function groupedScoreFacts(
  ctx: AppContext,
  questionnaireId: number,
  set: ResponseSet,
  predicate: FactPredicate | null,
): Promise<ScoreTallies> {
  const scoreFacts = ctx.db
    .selectFrom("response_facts")
    .where("questionnaireId", "=", questionnaireId)
    .where("key", ">=", "score:")
    .where("key", "<", `score:${PREFIX_END}`)
    .where("responseId", "in", responsesIn(ctx.db, set, predicate).select("responses.id"));
  const [rows, pending] = await Promise.all([
    scoreFacts
      .select([
        "key",
        (eb) => eb.fn.countAll<number>().as("count"),
        (eb) => eb.fn.sum<number>("num").as("sum"),
        (eb) => eb.fn.sum<number>(eb.case().when("text", "=", "correct").then(1).else(0).end()).as("correct"),
        (eb) =>
          eb.fn
            .sum<number>(eb.case().when("text", "in", ["pending", "graded"]).then(1).else(0).end())
            .as("manual"),
      ])
      .groupBy("key")
      .execute(),
    scoreFacts
      .select((eb) => eb.fn.count<number>("responseId").distinct().as("count"))
      .where("text", "=", "pending")
      .executeTakeFirst(),
  ]);
  const byQuestion = new Map(
    rows.map((row) => [
      row.key.slice("score:".length),
      {
        count: Number(row.count),
        sum: Number(row.sum ?? 0),
        correct: Number(row.correct ?? 0),
        manual: Number(row.manual ?? 0),
      },
    ]),
  );
  return { byQuestion, pendingResponses: Number(pending?.count ?? 0) };
}

/** Questions still waiting for a grade, for the responses of one ranking page. */
export async function pendingByResponse(ctx: AppContext, questionnaireId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await ctx.db
    .selectFrom("response_facts")
    .select(["responseId", (eb) => eb.fn.countAll<number>().as("count")])
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", ids)
    .where("key", ">=", "score:")
    .where("key", "<", `score:${PREFIX_END}`)
    .where("text", "=", "pending")
    .groupBy("responseId")
    .execute();
  return new Map(rows.map((row) => [row.responseId, Number(row.count)]));
}

/**
 * How many responses chose each of `keys` (`option:<q>:<o>` facts): from the counters for the whole report,
 * else from the facts of the responses in the set. Keys nobody chose are left out.
 */
export async function optionCounts(
  ctx: AppContext,
  questionnaireId: number,
  keys: readonly string[],
  filtered: { set: ResponseSet; predicate: FactPredicate | null } | null,
): Promise<Map<string, number>> {
  if (!filtered) return readCounters(ctx.db, questionnaireId, keys);
  if (keys.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom("response_facts_all")
    .select(["key", (eb) => eb.fn.countAll<number>().as("count")])
    .where("questionnaireId", "=", questionnaireId)
    .where("key", "in", keys)
    .where("responseId", "in", responsesIn(ctx.db, filtered.set, filtered.predicate).select("responses.id"))
    .groupBy("key")
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}
