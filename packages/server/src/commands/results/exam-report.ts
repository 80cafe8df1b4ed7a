import {
  answerableQuestions,
  type ExamQuestionReport,
  type ExamReport,
  getQuestionType,
  percent,
  type ResultsFilter,
  richTextToPlain,
  type SurveyDefinition,
  scoreBands,
} from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { filteredSet, PREFIX_END, responsesIn } from "./filter.ts";
import { resultsScope } from "./scope.ts";

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Full marks of a question under its scoring rule (what an unanswered response could have earned). */
function maxOf(definition: SurveyDefinition, questionId: string): number {
  const question = definition.pages.flatMap((page) => page.questions).find((q) => q.id === questionId);
  const module = question && getQuestionType(question.type);
  if (!question?.scoring || !module?.score) return 0;
  const options = module.options?.(question.config) ?? [];
  return module.score(question.config, undefined, question.scoring, options).max;
}

/** `statistics/getExamReport`: scores, ranking, pass rate, bands and per-question correct rates. */
export async function getExamReport(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; pageNum: number; pageSize: number; filter: ResultsFilter },
): Promise<ExamReport> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  if (!definition.settings.exam) throw InvalidInputError.field("id", "examReportNotExam");
  const { set, predicate } = filteredSet(ctx.dialect, definition, input);
  const inSet = () => responsesIn(ctx.db, set, predicate).select("responses.id");
  const scoreFacts = ctx.db
    .selectFrom("response_facts")
    .where("questionnaireId", "=", input.id)
    .where("key", ">=", "score:")
    .where("key", "<", `score:${PREFIX_END}`)
    .where("responseId", "in", inSet());
  const [rows, perQuestion, pending] = await Promise.all([
    responsesIn(ctx.db, set, predicate)
      .select(["id", "score", "maxScore", "passed", "submittedAt", "durationSeconds"])
      .orderBy("score", "desc")
      .orderBy("durationSeconds", "asc")
      .orderBy("id", "asc")
      .execute(),
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
      .select(["responseId", (eb) => eb.fn.countAll<number>().as("count")])
      .where("text", "=", "pending")
      .groupBy("responseId")
      .execute(),
  ]);
  const scores = rows.map((row) => Number(row.score ?? 0));
  const sorted = [...scores].sort((a, b) => a - b);
  const maxScore = rows.reduce((max, row) => Math.max(max, Number(row.maxScore ?? 0)), 0);
  const passMark = definition.settings.exam.passMark ?? null;
  const passCount = rows.filter((row) => row.passed === 1).length;
  const pendingOf = new Map(pending.map((row) => [row.responseId, Number(row.count)]));
  const mid = sorted.length / 2;

  const start = (input.pageNum - 1) * input.pageSize;
  const pageRows = rows.slice(start, start + input.pageSize);
  const names = await namesOf(
    ctx,
    definition,
    input.id,
    pageRows.map((row) => row.id),
  );
  const factsByKey = new Map(perQuestion.map((row) => [row.key.slice("score:".length), row]));
  const questions: ExamQuestionReport[] = answerableQuestions(definition)
    .filter(({ question }) => question.scoring !== undefined)
    .map(({ question, number }) => {
      const row = factsByKey.get(question.id);
      const scored = Number(row?.count ?? 0);
      const correct = Number(row?.correct ?? 0);
      return {
        questionId: question.id,
        title: richTextToPlain(question.title).trim(),
        number,
        maxScore: maxOf(definition, question.id),
        scored,
        correct,
        correctRate: scored === 0 ? null : percent(correct, scored),
        averageScore: scored === 0 ? null : round2(Number(row?.sum ?? 0) / scored),
        manual: Number(row?.manual ?? 0) > 0 || question.scoring?.mode === "manual",
      };
    });
  return {
    count: rows.length,
    maxScore,
    average: rows.length === 0 ? null : round2(scores.reduce((a, b) => a + b, 0) / rows.length),
    highest: sorted.length === 0 ? null : (sorted[sorted.length - 1] ?? null),
    lowest: sorted.length === 0 ? null : (sorted[0] ?? null),
    median:
      sorted.length === 0
        ? null
        : Number.isInteger(mid)
          ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
          : (sorted[Math.floor(mid)] ?? null),
    passMark,
    passCount,
    passRate: passMark === null || rows.length === 0 ? null : percent(passCount, rows.length),
    pendingManualCount: pendingOf.size,
    bands: scoreBands(scores, maxScore, definition.settings.exam?.scoreBands),
    questions,
    ranking: {
      list: pageRows.map((row) => {
        const score = Number(row.score ?? 0);
        return {
          // Competition ranking: equal scores share a rank.
          rank: 1 + scores.filter((other) => other > score).length,
          responseId: row.id,
          score,
          maxScore: Number(row.maxScore ?? 0),
          passed: row.passed === null ? null : row.passed === 1,
          pendingManual: pendingOf.get(row.id) ?? 0,
          submittedAt: chinaDateTime(row.submittedAt),
          durationSeconds: row.durationSeconds,
          name: names.get(row.id) ?? "",
        };
      }),
      total: rows.length,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    },
  };
}

/** 姓名 from a 个人信息 name question (or a blank labelled 姓名), for the ranking. */
async function namesOf(
  ctx: AppContext,
  definition: SurveyDefinition,
  questionnaireId: number,
  ids: number[],
) {
  const nameQuestion = definition.pages
    .flatMap((page) => page.questions)
    .find((q) => q.type === "personal" && q.config.preset === "name");
  if (!nameQuestion || ids.length === 0) return new Map<number, string>();
  const rows = await ctx.db
    .selectFrom("response_facts")
    .select(["responseId", "text"])
    .where("questionnaireId", "=", questionnaireId)
    .where("key", "=", `text:${nameQuestion.id}`)
    .where("responseId", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.responseId, row.text ?? ""]));
}
