import {
  answerableQuestions,
  type ExamItemAnalysisResult,
  type ExamItemReport,
  type Question,
  type ResultsFilter,
  richTextToPlain,
} from "@wjgj/core";
import { itemAnalysis } from "@wjgj/core/stats/index";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { fullMarks } from "../answering/papers.ts";
import { drawnQuestions } from "./exam-report.ts";
import { filteredSet, PREFIX_END, responsesIn } from "./filter.ts";
import { resultsScope } from "./scope.ts";

/** Responses whose score facts one statement reads (bound as parameters: well under either database's limit). */
const FACT_BLOCK = 2000;

const round3 = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

/**
 * `statistics/getExamItemAnalysis`: 试题分析 — per scored question, over the valid responses the filter keeps
 * (as the rest of the exam report), its difficulty, its discrimination between the upper and lower 27 % of
 * total scores, and its correlation with the rest of the paper; and the paper's reliability. Reads every score
 * fact of those responses once (`score:<question>`, one per question and response); a question still waiting
 * for its manual grade counts as not scored.
 */
export async function getExamItemAnalysis(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; filter: ResultsFilter },
): Promise<ExamItemAnalysisResult> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  if (!definition.settings.exam) throw InvalidInputError.field("id", "examReportNotExam");
  const { set, predicate } = filteredSet(ctx.dialect, definition, input);
  const ids = (
    await responsesIn(ctx.db, set, predicate).select("responses.id").orderBy("responses.id").execute()
  ).map((row) => row.id);
  const scoresOf = await scoreColumns(ctx.db, input.id, ids);

  const answerable = answerableQuestions(definition);
  // The rows of 各题正确率 (exam-report.ts): the exam's scored questions, then the bank questions drawn.
  const questions: { question: Question; number: number; maxScore: number; drawn: boolean }[] = answerable
    .filter(({ question }) => question.scoring !== undefined)
    .map(({ question, number }) => ({ question, number, maxScore: fullMarks(question), drawn: false }));
  let number = answerable.at(-1)?.number ?? 0;
  for (const question of await drawnQuestions(ctx, definition, answerable, scoresOf.keys())) {
    number += 1;
    questions.push({ question, number, maxScore: fullMarks(question), drawn: true });
  }
  const columns = questions.map(
    ({ question }) => scoresOf.get(question.id) ?? new Float64Array(ids.length).fill(Number.NaN),
  );
  const analysis = itemAnalysis(
    columns,
    questions.map(({ maxScore }) => maxScore),
  );
  const items: ExamItemReport[] = questions.map(({ question, number: n, maxScore, drawn }, j) => {
    const stats = analysis.items[j];
    return {
      questionId: question.id,
      number: n,
      title: richTextToPlain(question.title).trim(),
      maxScore,
      scored: stats?.n ?? 0,
      difficulty: round3(stats?.difficulty ?? null),
      discrimination: round3(stats?.discrimination ?? null),
      itemTotal: round3(stats?.itemTotal ?? null),
      ...(drawn ? { drawn: true } : {}),
    };
  });
  return {
    respondents: analysis.respondents,
    groupSize: analysis.groupSize,
    alpha: round3(analysis.alpha),
    alphaN: analysis.alphaN,
    drawnPapers: (definition.settings.exam.paperRules ?? []).length > 0,
    items,
  };
}

/**
 * The score facts of responses `ids` (`score:<question>`, a question waiting for its manual grade left out) as one
 * column per question, a row per response in the order of `ids`, NaN where a response was not scored on it. Read
 * `block` responses at a time by the facts' primary key (questionnaire · response · key): a large exam is never
 * held as one result of millions of rows.
 */
export async function scoreColumns(
  db: Db,
  questionnaireId: number,
  ids: readonly number[],
  block = FACT_BLOCK,
): Promise<Map<string, Float64Array>> {
  const rowOf = new Map(ids.map((responseId, row) => [responseId, row]));
  const scoresOf = new Map<string, Float64Array>();
  for (let from = 0; from < ids.length; from += block) {
    const facts = await db
      .selectFrom("response_facts")
      .select(["responseId", "key", "num"])
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", "in", ids.slice(from, from + block))
      .where("key", ">=", "score:")
      .where("key", "<", `score:${PREFIX_END}`)
      .where("text", "<>", "pending")
      .execute();
    for (const fact of facts) {
      const questionId = fact.key.slice("score:".length);
      let column = scoresOf.get(questionId);
      if (!column) {
        column = new Float64Array(ids.length).fill(Number.NaN);
        scoresOf.set(questionId, column);
      }
      column[rowOf.get(fact.responseId) as number] = Number(fact.num ?? 0);
    }
  }
  return scoresOf;
}
