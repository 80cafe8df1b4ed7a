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
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { fullMarks } from "../answering/papers.ts";
import { drawnQuestions } from "./exam-report.ts";
import { filteredSet, PREFIX_END, responsesIn } from "./filter.ts";
import { resultsScope } from "./scope.ts";

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
  const facts = await ctx.db
    .selectFrom("response_facts")
    .select(["responseId", "key", "num"])
    .where("questionnaireId", "=", input.id)
    .where("key", ">=", "score:")
    .where("key", "<", `score:${PREFIX_END}`)
    .where("text", "<>", "pending")
    .where("responseId", "in", responsesIn(ctx.db, set, predicate).select("responses.id"))
    .execute();
  // One row per response, one column per question scored anywhere.
  const rowOf = new Map<number, number>();
  const scoresOf = new Map<string, (number | null)[]>();
  for (const fact of facts) {
    if (!rowOf.has(fact.responseId)) rowOf.set(fact.responseId, rowOf.size);
  }
  for (const fact of facts) {
    const questionId = fact.key.slice("score:".length);
    let column = scoresOf.get(questionId);
    if (!column) {
      column = new Array<number | null>(rowOf.size).fill(null);
      scoresOf.set(questionId, column);
    }
    column[rowOf.get(fact.responseId) as number] = Number(fact.num ?? 0);
  }

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
    ({ question }) => scoresOf.get(question.id) ?? new Array<number | null>(rowOf.size).fill(null),
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
