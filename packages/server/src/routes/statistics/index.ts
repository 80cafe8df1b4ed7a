import type { FastifyInstance } from "fastify";
import { getReportPins, pinToReport, unpinFromReport } from "../../commands/reports/report-pins.ts";
import { getReportShare, saveReportShare } from "../../commands/reports/report-share.ts";
import { getAnalysis } from "../../commands/results/analysis/analysis.ts";
import { getAnalysisVariables } from "../../commands/results/analysis/variables.ts";
import { deleteWeighting, getWeighting, saveWeighting } from "../../commands/results/analysis/weighting.ts";
import { getCrossAnalysis } from "../../commands/results/cross-analysis.ts";
import { getExamItemAnalysis } from "../../commands/results/exam-item-analysis.ts";
import { getExamReport } from "../../commands/results/exam-report.ts";
import { getExamTagMastery } from "../../commands/results/exam-tag-mastery.ts";
import { RESCORE_JOB, rescoreJobKey, rescoreProgress, startRescore } from "../../commands/results/rescore.ts";
import { getOverview, getQuestionStatistics, getVoteResults } from "../../commands/results/statistics.ts";
import {
  deleteTextCode,
  getTextCodes,
  listTextCodes,
  saveTextCode,
  tagTextAnswer,
} from "../../commands/results/text/codes.ts";
import { getTextDictionary, saveTextDictionary } from "../../commands/results/text/dictionary.ts";
import { getWordFrequencies } from "../../commands/results/text/word-frequencies.ts";
import { getTextAnswers } from "../../commands/results/text-answers.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import {
  analysisInput,
  crossInput,
  examReportInput,
  filterInput,
  idOnlyInput,
  overviewInput,
  pinToReportInput,
  reportPinInput,
  saveReportShareInput,
  saveTextCodeInput,
  saveTextDictionaryInput,
  saveWeightingInput,
  tagTextAnswerInput,
  textAnswersInput,
  textCodeInput,
  textCodesInput,
  wordFrequenciesInput,
} from "./schema.ts";

/**
 * `/wjgj/api/statistics/*`: overview, per-question statistics, text answers, cross-analysis, exam
 * reports (with 知识点掌握), vote reports, and 统计分析 with its 加权. Only the questionnaire's owner (403 otherwise, 303 when not logged in).
 */
export function statisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getOverview",
    access: "account:use",
    input: overviewInput,
    handler: ({ viewer, input }) => getOverview(ctx, viewer, input.id, input.days),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getQuestionStatistics",
    access: "account:use",
    input: filterInput,
    handler: ({ viewer, input }) => getQuestionStatistics(ctx, viewer, input.id, input.filter),
  });

  for (const method of ["GET", "POST"] as const) {
    defineRoute(app, ctx, {
      method,
      path: "statistics/getTextAnswers",
      access: "account:use",
      input: textAnswersInput,
      handler: ({ viewer, input }) => getTextAnswers(ctx, viewer, input),
    });
  }

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getCrossAnalysis",
    access: "account:use",
    input: crossInput,
    handler: ({ viewer, input }) => getCrossAnalysis(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getExamReport",
    access: "account:use",
    input: examReportInput,
    handler: ({ viewer, input }) => getExamReport(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getExamTagMastery",
    access: "account:use",
    input: filterInput,
    handler: ({ viewer, input }) => getExamTagMastery(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getExamItemAnalysis",
    access: "account:use",
    input: filterInput,
    handler: ({ viewer, input }) => getExamItemAnalysis(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getRescoreProgress",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => rescoreProgress(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/startRescore",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) =>
      startRescore(ctx, viewer, input.id, async (runId) => {
        await jobWorkerOf(app).enqueue(RESCORE_JOB, rescoreJobKey(runId), { runId });
      }),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getVoteResults",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => getVoteResults(ctx, viewer, input.id),
  });

  // 统计分析 (issue #34): gated like 交叉分析; the weighting is changed by those who manage responses.
  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getAnalysisVariables",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => getAnalysisVariables(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getAnalysis",
    access: "account:use",
    input: analysisInput,
    handler: ({ viewer, input }) => getAnalysis(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getWeighting",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => getWeighting(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/saveWeighting",
    access: "account:use",
    input: saveWeightingInput,
    handler: ({ viewer, input }) => saveWeighting(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/deleteWeighting",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => deleteWeighting(ctx, viewer, input.id),
  });

  // 文本分析 (issue #35): for anyone who may read the results; the dictionary is changed by those who manage
  // responses (every reader's words change with it).
  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getWordFrequencies",
    access: "account:use",
    input: wordFrequenciesInput,
    handler: ({ viewer, input }) => getWordFrequencies(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getTextDictionary",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => getTextDictionary(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/saveTextDictionary",
    access: "account:use",
    input: saveTextDictionaryInput,
    handler: ({ viewer, input }) => saveTextDictionary(ctx, viewer, input),
  });

  // 编码: codes read by anyone who may read the results, changed (and answers tagged) by those who manage them.
  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/getTextCodes",
    access: "account:use",
    input: textCodesInput,
    handler: ({ viewer, input }) => getTextCodes(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/listTextCodes",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => listTextCodes(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/saveTextCode",
    access: "account:use",
    input: saveTextCodeInput,
    handler: ({ viewer, input }) => saveTextCode(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/deleteTextCode",
    access: "account:use",
    input: textCodeInput,
    handler: ({ viewer, input }) => deleteTextCode(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/tagTextAnswer",
    access: "account:use",
    input: tagTextAnswerInput,
    handler: ({ viewer, input }) => tagTextAnswer(ctx, viewer, input),
  });

  // 数据报告 shared by link: set by those who manage the responses (it shows them to anyone with the link).
  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getReportShare",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => getReportShare(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/saveReportShare",
    access: "account:use",
    input: saveReportShareInput,
    handler: ({ viewer, input }) => saveReportShare(ctx, viewer, input),
  });

  // 固定到报告: results pinned by those who manage the responses, listed for anyone who may read them.
  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/pinToReport",
    access: "account:use",
    input: pinToReportInput,
    handler: ({ viewer, input }) => pinToReport(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "statistics/getReportPins",
    access: "account:use",
    input: idOnlyInput,
    handler: ({ viewer, input }) => getReportPins(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "statistics/unpinFromReport",
    access: "account:use",
    input: reportPinInput,
    handler: ({ viewer, input }) => unpinFromReport(ctx, viewer, input),
  });
}
