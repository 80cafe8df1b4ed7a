import type { ResponseCandidate } from "@wjgj/core";
import {
  answerableQuestions,
  drawnQuestionOf,
  type ExamQuestionReport,
  type ExamReport,
  type ExamWrongOption,
  filterNarrows,
  getQuestionType,
  type Option,
  percent,
  type Question,
  type ResultsFilter,
  richTextToPlain,
  type SurveyDefinition,
  scoreBands,
} from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { bankItemsById, fullMarks } from "../answering/papers.ts";
import { responseCandidates } from "../exams/response-candidates.ts";
import { answersOpener } from "../privacy/sealing.ts";
import {
  countedScoreFacts,
  groupedScoreFacts,
  optionCounts,
  pendingByResponse,
  type QuestionTally,
} from "./exam-report-facts.ts";
import { filteredSet, responsesIn } from "./filter.ts";
import { responsesInOrder } from "./record.ts";
import { resultsScope } from "./scope.ts";

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Full marks of a question of the definition (0 when it has no scoring rule). */
function maxOf(definition: SurveyDefinition, questionId: string): number {
  const question = definition.pages.flatMap((page) => page.questions).find((q) => q.id === questionId);
  return question ? fullMarks(question) : 0;
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
  const start = (input.pageNum - 1) * input.pageSize;
  // Scores as a histogram (few distinct values), the ranking as one page: 100,000 responses are never
  // read row by row.
  const [histogram, pageIds, perQuestion] = await Promise.all([
    responsesIn(ctx.db, set, predicate)
      .select([
        "score",
        "passed",
        (eb) => eb.fn.countAll<number>().as("count"),
        (eb) => eb.fn.max("maxScore").as("maxScore"),
      ])
      .groupBy(["score", "passed"])
      .execute(),
    // Ids only (answered from responses_score_idx); the page's 20 rows are read by id below.
    responsesIn(ctx.db, set, predicate)
      .select("id")
      .orderBy("score", "desc")
      .orderBy("durationSeconds", "asc")
      .orderBy("id", "asc")
      .limit(input.pageSize)
      .offset(start)
      .execute(),
    filterNarrows(input.filter)
      ? groupedScoreFacts(ctx, input.id, set, predicate)
      : countedScoreFacts(ctx, input.id),
  ]);
  const pageRows = await responsesInOrder(
    ctx.db,
    pageIds.map((row) => row.id),
  );
  const counts = histogram
    .map((row) => ({ score: Number(row.score ?? 0), count: Number(row.count) }))
    .sort((a, b) => a.score - b.score);
  const sorted: number[] = [];
  for (const { score, count } of counts) for (let i = 0; i < count; i++) sorted.push(score);
  const total = sorted.length;
  const maxScore = histogram.reduce((max, row) => Math.max(max, Number(row.maxScore ?? 0)), 0);
  const passMark = definition.settings.exam.passMark ?? null;
  const passCount = histogram.reduce((sum, row) => sum + (row.passed === 1 ? Number(row.count) : 0), 0);
  const pendingOf = await pendingByResponse(
    ctx,
    input.id,
    pageRows.map((row) => row.id),
  );
  const mid = total / 2;
  const [names, candidates] = await Promise.all([
    namesOf(
      ctx,
      definition,
      input.id,
      pageRows.map((row) => row.id),
    ),
    responseCandidates(
      ctx,
      input.id,
      pageRows.map((row) => row.id),
    ),
  ]);
  const factsByKey = perQuestion.byQuestion;
  const answerable = answerableQuestions(definition);
  const scoredQuestions = answerable.filter(({ question }) => question.scoring !== undefined);
  const rows = scoredQuestions.map(({ question, number }) => ({
    question,
    row: questionRow(question, number, maxOf(definition, question.id), factsByKey.get(question.id)),
  }));
  let number = answerable.at(-1)?.number ?? 0;
  for (const question of await drawnQuestions(ctx, definition, answerable, factsByKey.keys())) {
    number += 1;
    rows.push({
      question,
      row: {
        ...questionRow(question, number, fullMarks(question), factsByKey.get(question.id)),
        drawn: true,
      },
    });
  }
  const questions = await withTopWrong(
    ctx,
    input.id,
    rows,
    filterNarrows(input.filter) ? { set, predicate } : null,
  );
  return {
    count: total,
    maxScore,
    average: total === 0 ? null : round2(sorted.reduce((a, b) => a + b, 0) / total),
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
    passRate: passMark === null || total === 0 ? null : percent(passCount, total),
    pendingManualCount: perQuestion.pendingResponses,
    bands: scoreBands(sorted, maxScore, definition.settings.exam?.scoreBands),
    questions,
    ranking: {
      list: pageRows.map((row) => {
        const score = Number(row.score ?? 0);
        return {
          // Competition ranking: equal scores share a rank.
          rank: 1 + higherThan(counts, score),
          responseId: row.id,
          score,
          maxScore: Number(row.maxScore ?? 0),
          passed: row.passed === null ? null : row.passed === 1,
          pendingManual: pendingOf.get(row.id) ?? 0,
          submittedAt: chinaDateTime(row.submittedAt),
          durationSeconds: row.durationSeconds,
          // 考生名单 names the candidate (masked like the list) where the paper asked for no name.
          name: names.get(row.id) || candidateLabel(candidates.get(row.id)),
        };
      }),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    },
  };
}

function candidateLabel(candidate: ResponseCandidate | undefined): string {
  if (!candidate?.name) return "";
  return candidate.number ? `${candidate.name}（${candidate.number}）` : candidate.name;
}

/** Scoring modes that score the options marked correct: a wrong option is one not marked. */
const byCorrectOptions = new Set(["single", "allOrNothing", "partialNoWrong", "partial"]);

/** The rows with 最多错选 filled in: one read of the wrong options' counts for all of them. */
async function withTopWrong(
  ctx: AppContext,
  questionnaireId: number,
  rows: readonly { question: Question; row: ExamQuestionReport }[],
  filtered: Parameters<typeof optionCounts>[3],
): Promise<ExamQuestionReport[]> {
  const wrongOf = new Map<string, Option[]>();
  for (const { question } of rows) {
    if (!question.scoring || !byCorrectOptions.has(question.scoring.mode)) continue;
    const options = getQuestionType(question.type)?.options?.(question.config) ?? [];
    wrongOf.set(
      question.id,
      options.filter((option) => !option.correct),
    );
  }
  const keys = [...wrongOf].flatMap(([id, options]) => options.map((option) => `option:${id}:${option.id}`));
  const counts = await optionCounts(ctx, questionnaireId, keys, filtered);
  return rows.map(({ question, row }) => {
    let top: ExamWrongOption | null = null;
    for (const option of wrongOf.get(question.id) ?? []) {
      const count = counts.get(`option:${question.id}:${option.id}`) ?? 0;
      if (count > 0 && row.scored > 0 && count > (top?.count ?? 0)) {
        top = {
          optionId: option.id,
          label: richTextToPlain(option.label).trim(),
          count,
          rate: percent(count, row.scored),
        };
      }
    }
    return { ...row, topWrong: top };
  });
}

function questionRow(
  question: Question,
  number: number,
  maxScore: number,
  tally: QuestionTally | undefined,
): ExamQuestionReport {
  const scored = Number(tally?.count ?? 0);
  const correct = Number(tally?.correct ?? 0);
  return {
    questionId: question.id,
    title: richTextToPlain(question.title).trim(),
    number,
    maxScore,
    scored,
    correct,
    correctRate: scored === 0 ? null : percent(correct, scored),
    averageScore: scored === 0 ? null : round2(Number(tally?.sum ?? 0) / scored),
    manual: Number(tally?.manual ?? 0) > 0 || question.scoring?.mode === "manual",
    topWrong: null,
  };
}

/**
 * The bank questions 随机组卷 drew among the scored question ids `scoredIds` (`bank_<item id>`), in bank order,
 * as the exam's rules would score them. A question deleted from its bank since keeps its row, titled as such.
 */
export async function drawnQuestions(
  ctx: AppContext,
  definition: SurveyDefinition,
  answerable: ReturnType<typeof answerableQuestions>,
  scoredIds: Iterable<string>,
): Promise<Question[]> {
  const rules = definition.settings.exam?.paperRules ?? [];
  const own = new Set(answerable.map(({ question }) => question.id));
  const ids = [...scoredIds]
    .filter((key) => !own.has(key))
    .map((key) => /^bank_(\d+)$/.exec(key))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
  const items = new Map((await bankItemsById(ctx.db, ids)).map((item) => [item.id, item]));
  return ids.map((id) => {
    const item = items.get(id);
    const question = (item && drawnQuestionOf(rules, item)) ?? {
      ...(item?.question ?? { type: "text", config: {} }),
      id: `bank_${id}`,
      title: item ? richTextToPlain(item.question.title) : "（该题已从题库删除）",
    };
    return question as Question;
  });
}

/** Responses scoring more than `score`, from the ascending histogram. */
function higherThan(counts: readonly { score: number; count: number }[], score: number): number {
  let higher = 0;
  for (const entry of counts) if (entry.score > score) higher += entry.count;
  return higher;
}

/** A plain text question's title that asks for a name: 姓名, 您的姓名, 考生姓名：… */
const NAME_TITLE = /^(?:请填写|请输入)?(?:您的|你的|考生|学生|学员)?(?:姓名|名字)[:：]?$/;

/** 姓名 for the ranking: from a 个人信息 name question, else from a text question titled as a name. */

async function namesOf(
  ctx: AppContext,
  definition: SurveyDefinition,
  questionnaireId: number,
  ids: number[],
) {
  const all = definition.pages.flatMap((page) => page.questions);
  const nameQuestion =
    all.find((q) => q.type === "personal" && q.config.preset === "name") ??
    all.find((q) => q.type === "text" && NAME_TITLE.test(richTextToPlain(q.title).trim()));
  if (!nameQuestion || ids.length === 0) return new Map<number, string>();
  // A 姓名 is sealed at rest (its fact holds a digest): read from the opened answers.
  const [rows, openStored] = await Promise.all([
    ctx.db
      .selectFrom("responses")
      .select(["id", "answers"])
      .where("questionnaireId", "=", questionnaireId)
      .where("id", "in", ids)
      .execute(),
    answersOpener(ctx.db, questionnaireId),
  ]);
  return new Map(
    rows.map((row) => {
      const name = openStored(row.answers)[nameQuestion.id];
      return [row.id, typeof name === "string" ? name.trim() : ""];
    }),
  );
}
