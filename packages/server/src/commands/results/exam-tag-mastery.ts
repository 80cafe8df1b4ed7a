import {
  type ExamTagMastery,
  type ExamTagMasteryResult,
  type FactPredicate,
  percent,
  type ResultsFilter,
} from "@wjgj/core";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { paperCandidate } from "../answering/papers.ts";
import { filteredSet, type ResponseSet, responsesIn } from "./filter.ts";
import { resultsScope } from "./scope.ts";

const round2 = (value: number) => Math.round(value * 100) / 100;

// A response answered the paper its device drew for its revision (papers.ts: candidate `d:<device id>`).
const candidateOf = sql<string>`${sql.lit(paperCandidate(""))} || ${sql.ref("responses.deviceId")}`;

/**
 * Per tag over a response set: candidates, graded questions, points scored and full marks. CROSS JOIN holds
 * SQLite to this order (it keeps no statistics, and would otherwise walk every fact of the exam): each
 * response, its paper's tag rows by their unique key, each tag's score fact by the primary key. PostgreSQL
 * plans cross joins with WHERE conditions as it plans inner joins.
 */
export function tagMasteryQuery(db: Db, set: ResponseSet, predicate: FactPredicate | null) {
  return (
    responsesIn(db, set, predicate)
      .crossJoin("exam_paper_tags as t")
      .crossJoin("response_facts as f")
      .whereRef("t.questionnaireId", "=", "responses.questionnaireId")
      .whereRef("t.revisionId", "=", "responses.revisionId")
      .where("t.candidate", "=", candidateOf)
      .whereRef("f.questionnaireId", "=", "responses.questionnaireId")
      .whereRef("f.responseId", "=", "responses.id")
      .where("f.key", "=", sql<string>`${sql.lit("score:")} || ${sql.ref("t.questionId")}`)
      // A question still waiting for a grade has no score to count yet.
      .where("f.text", "<>", "pending")
      .select([
        "t.tag",
        (eb) => eb.fn.count<number>("responses.id").distinct().as("candidates"),
        (eb) => eb.fn.countAll<number>().as("questions"),
        (eb) => eb.fn.sum<number>("f.num").as("score"),
        (eb) => eb.fn.sum<number>("t.maxScore").as("maxScore"),
      ])
      .groupBy("t.tag")
  );
}

/**
 * `statistics/getExamTagMastery`: 知识点掌握 — per tag of the bank questions on the candidates' papers,
 * over the valid responses the filter keeps (as the rest of the exam report), how many candidates had the
 * tag, how many of its questions they were graded on and the points they scored out of full marks; weakest
 * tag first. One grouped query joining each response to its paper's tag rows and its score facts (after
 * one probe for whether the exam has tag rows at all).
 */
export async function getExamTagMastery(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; filter: ResultsFilter },
): Promise<ExamTagMasteryResult> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  if (!definition.settings.exam) throw InvalidInputError.field("id", "examReportNotExam");
  const { set, predicate } = filteredSet(ctx.dialect, definition, input);
  // Most exams draw no papers: one probe of the tag rows answers them without reading any response.
  const tagged = await ctx.db
    .selectFrom("exam_paper_tags")
    .select("id")
    .where("questionnaireId", "=", input.id)
    .limit(1)
    .executeTakeFirst();
  if (!tagged) return { tagged: false, tags: [] };
  const rows = await tagMasteryQuery(ctx.db, set, predicate).execute();
  const tags: ExamTagMastery[] = rows.map((row) => {
    const score = round2(Number(row.score ?? 0));
    const maxScore = round2(Number(row.maxScore ?? 0));
    return {
      tag: row.tag,
      candidates: Number(row.candidates),
      questions: Number(row.questions),
      score,
      maxScore,
      masteryRate: percent(score, maxScore),
    };
  });
  tags.sort((a, b) => a.masteryRate - b.masteryRate || a.tag.localeCompare(b.tag, "zh-CN"));
  return { tagged: true, tags };
}

/** The tags of each bank question on one response's paper (question id → tags), for its 成绩单. */
export async function paperTagsOfResponse(
  db: Db,
  questionnaireId: number,
  responseId: number,
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("responses")
    .innerJoin("exam_paper_tags as t", (join) =>
      join
        .onRef("t.questionnaireId", "=", "responses.questionnaireId")
        .onRef("t.revisionId", "=", "responses.revisionId")
        .on("t.candidate", "=", candidateOf),
    )
    .select(["t.questionId", "t.tag"])
    .where("responses.questionnaireId", "=", questionnaireId)
    .where("responses.id", "=", responseId)
    .orderBy("t.id")
    .execute();
  const tags = new Map<string, string[]>();
  for (const row of rows) tags.set(row.questionId, [...(tags.get(row.questionId) ?? []), row.tag]);
  return tags;
}
