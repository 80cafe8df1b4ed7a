import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AnswerDetail,
  AnswerDetailInput,
  AnswerListInput,
  AnswerStatusChange,
  AnswerSummary,
  CrossAnalysisInput,
  CrossAnalysisResult,
  ExamItemAnalysisResult,
  ExamReport,
  ExamReportInput,
  ExamTagMasteryResult,
  GradeAnswerInput,
  QuestionStatisticsResult,
  RescoreProgress,
  ResultsFilter,
  ResultsOverview,
  ResultsPage,
  RevealedPersonal,
  TextAnswerItem,
  TextAnswersInput,
  VoteResults,
} from "@wjgj/core";
import { filterNarrows } from "@wjgj/core";
import { preparingProgress } from "./errors.ts";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { type CallOptions, http } from "./request.ts";

export { preparingProgress };

/** The 答卷详情 list's query without the questionnaire id. */
export type AnswerListQuery = Omit<AnswerListInput, "id" | "filter">;
export type TextAnswersQuery = Omit<TextAnswersInput, "id" | "filter">;

/** A filter with nothing in it travels as no filter at all, so the server can answer from its counters. */
export function filterOf(filter: ResultsFilter | undefined): ResultsFilter | undefined {
  return filter && filterNarrows(filter) ? filter : undefined;
}

/** Client of `statistics/*` and `answer/*` (contract in @wjgj/core api/results.ts). */
export const resultsApi = {
  getOverview: (id: number, days: number, options?: CallOptions) =>
    http.get<ResultsOverview>("statistics/getOverview", { id, days }, options),
  getQuestionStatistics: (id: number, filter?: ResultsFilter, options?: CallOptions) =>
    http.postJson<QuestionStatisticsResult>(
      "statistics/getQuestionStatistics",
      { id, filter: filterOf(filter) },
      options,
    ),
  getTextAnswers: (input: TextAnswersInput, options?: CallOptions) =>
    http.postJson<ResultsPage<TextAnswerItem>>("statistics/getTextAnswers", input, options),
  getCrossAnalysis: (input: CrossAnalysisInput, options?: CallOptions) =>
    http.postJson<CrossAnalysisResult>("statistics/getCrossAnalysis", input, options),
  getExamReport: (input: ExamReportInput, options?: CallOptions) =>
    http.postJson<ExamReport>("statistics/getExamReport", input, options),
  getExamTagMastery: (id: number, filter?: ResultsFilter, options?: CallOptions) =>
    http.postJson<ExamTagMasteryResult>(
      "statistics/getExamTagMastery",
      { id, filter: filterOf(filter) },
      options,
    ),
  getExamItemAnalysis: (id: number, filter?: ResultsFilter, options?: CallOptions) =>
    http.postJson<ExamItemAnalysisResult>(
      "statistics/getExamItemAnalysis",
      { id, filter: filterOf(filter) },
      options,
    ),
  getVoteResults: (id: number, options?: CallOptions) =>
    http.get<VoteResults>("statistics/getVoteResults", { id }, options),
  getRescoreProgress: (id: number, options?: CallOptions) =>
    http.get<RescoreProgress>("statistics/getRescoreProgress", { id }, options),
  startRescore: (id: number) => http.postJson<RescoreProgress>("statistics/startRescore", { id }),

  getAnswerList: (input: AnswerListInput, options?: CallOptions) =>
    http.postJson<ResultsPage<AnswerSummary>>("answer/getAnswerList", input, options),
  getAnswerDetail: (input: AnswerDetailInput, options?: CallOptions) =>
    http.postJson<AnswerDetail>("answer/getAnswerDetail", input, options),
  /** 查看完整信息: logged on the server each time. */
  revealPersonal: (id: number, responseId: number) =>
    http.postJson<RevealedPersonal>("answer/revealPersonal", { id, responseId }),
  deleteAnswer: (id: number, responseIds: number[]) =>
    http.postJson<AnswerStatusChange>("answer/deleteAnswer", { id, responseIds }),
  restoreAnswer: (id: number, responseIds: number[]) =>
    http.postJson<AnswerStatusChange>("answer/restoreAnswer", { id, responseIds }),
  markInvalid: (id: number, responseIds: number[]) =>
    http.postJson<AnswerStatusChange>("answer/markInvalid", { id, responseIds }),
  markValid: (id: number, responseIds: number[]) =>
    http.postJson<AnswerStatusChange>("answer/markValid", { id, responseIds }),
  gradeAnswer: (input: GradeAnswerInput) => http.postJson<unknown>("answer/gradeAnswer", input),
  /** 成绩单 PDF of one response, saved as `fileName`. */
  downloadReportCard: async (id: number, responseId: number, fileName: string) =>
    saveBlob(
      await fetchProtectedBlob(`/wjgj/api/answer/getReportCardPdf?id=${id}&responseId=${responseId}`),
      fileName,
    ),
};

/** Every key starts with the questionnaire, so one invalidation refreshes all of its results. */
export const resultsKeys = {
  all: (id: number) => ["results", id] as const,
  overview: (id: number, days: number) => [...resultsKeys.all(id), "overview", days] as const,
  statistics: (id: number, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "statistics", filterOf(filter) ?? null] as const,
  textAnswers: (id: number, query: TextAnswersQuery, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "text", query, filterOf(filter) ?? null] as const,
  cross: (id: number, rows: string[], column: string, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "cross", rows, column, filterOf(filter) ?? null] as const,
  exam: (id: number, page: { pageNum: number; pageSize: number }, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "exam", page, filterOf(filter) ?? null] as const,
  examTags: (id: number, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "examTags", filterOf(filter) ?? null] as const,
  examItems: (id: number, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "examItems", filterOf(filter) ?? null] as const,
  vote: (id: number) => [...resultsKeys.all(id), "vote"] as const,
  rescore: (id: number) => ["rescore", id] as const,
  answerLists: (id: number) => [...resultsKeys.all(id), "answers"] as const,
  answerList: (id: number, query: AnswerListQuery, filter?: ResultsFilter) =>
    [...resultsKeys.answerLists(id), query, filterOf(filter) ?? null] as const,
  answerDetail: (id: number, responseId: number, query: AnswerListQuery, filter?: ResultsFilter) =>
    [
      ...resultsKeys.all(id),
      "detail",
      responseId,
      query.sort,
      query.status,
      filterOf(filter) ?? null,
    ] as const,
};

export function useOverview(id: number, days: number) {
  return useQuery({
    queryKey: resultsKeys.overview(id, days),
    queryFn: ({ signal }) => resultsApi.getOverview(id, days, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** While the server prepares the filter index, ask again every second (other failures are not retried). */
const whilePreparing = {
  retry: (_count: number, error: Error) => preparingProgress(error) !== null,
  retryDelay: 1000,
};

export function useQuestionStatistics(id: number, filter?: ResultsFilter) {
  return useQuery({
    queryKey: resultsKeys.statistics(id, filter),
    queryFn: ({ signal }) => resultsApi.getQuestionStatistics(id, filter, { signal }),
    placeholderData: keepPreviousData,
    ...whilePreparing,
  });
}

export function useTextAnswers(id: number, query: TextAnswersQuery, filter?: ResultsFilter, enabled = true) {
  return useQuery({
    queryKey: resultsKeys.textAnswers(id, query, filter),
    queryFn: ({ signal }) =>
      resultsApi.getTextAnswers({ id, ...query, filter: filterOf(filter) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCrossAnalysis(id: number, rows: string[], column: string, filter?: ResultsFilter) {
  return useQuery({
    queryKey: resultsKeys.cross(id, rows, column, filter),
    queryFn: ({ signal }) =>
      resultsApi.getCrossAnalysis(
        { id, rowQuestionIds: rows, columnQuestionId: column, filter: filterOf(filter) },
        { signal },
      ),
    enabled: rows.length > 0 && column !== "" && !rows.includes(column),
    placeholderData: keepPreviousData,
    ...whilePreparing,
  });
}

export function useExamReport(
  id: number,
  page: { pageNum: number; pageSize: number },
  filter?: ResultsFilter,
  enabled = true,
) {
  return useQuery({
    queryKey: resultsKeys.exam(id, page, filter),
    queryFn: ({ signal }) => resultsApi.getExamReport({ id, ...page, filter: filterOf(filter) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** 知识点掌握情况: apart from the report, so paging the ranking does not add the tags up again. */
export function useExamTagMastery(id: number, filter?: ResultsFilter) {
  return useQuery({
    queryKey: resultsKeys.examTags(id, filter),
    queryFn: ({ signal }) => resultsApi.getExamTagMastery(id, filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** 试题分析: apart from the report too (it reads every score of the responses, not the counters). */
export function useExamItemAnalysis(id: number, filter?: ResultsFilter) {
  return useQuery({
    queryKey: resultsKeys.examItems(id, filter),
    queryFn: ({ signal }) => resultsApi.getExamItemAnalysis(id, filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Polled every 3 s while the tab is open: votes move live on the creator's screen. */
export const votePollMs = 3000;

export function useVoteResults(id: number, enabled = true) {
  return useQuery({
    queryKey: resultsKeys.vote(id),
    queryFn: ({ signal }) => resultsApi.getVoteResults(id, { signal }),
    refetchInterval: votePollMs,
    enabled,
  });
}

export function useAnswerList(id: number, query: AnswerListQuery, filter?: ResultsFilter) {
  return useQuery({
    queryKey: resultsKeys.answerList(id, query, filter),
    queryFn: ({ signal }) => resultsApi.getAnswerList({ id, ...query, filter: filterOf(filter) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnswerDetail(
  id: number,
  responseId: number | null,
  query: AnswerListQuery,
  filter?: ResultsFilter,
) {
  return useQuery({
    queryKey: resultsKeys.answerDetail(id, responseId ?? 0, query, filter),
    queryFn: ({ signal }) =>
      resultsApi.getAnswerDetail(
        { id, responseId: responseId ?? 0, sort: query.sort, status: query.status, filter: filterOf(filter) },
        { signal },
      ),
    enabled: responseId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A change to responses moves every count, list and report of the questionnaire. */
function useResultsMutation<TInput extends { id: number }, TData>(
  mutationFn: (input: TInput) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: resultsKeys.all(input.id) }),
  });
}

export interface AnswerStatusVariables {
  id: number;
  responseIds: number[];
}

export function useDeleteAnswersMutation() {
  return useResultsMutation((v: AnswerStatusVariables) => resultsApi.deleteAnswer(v.id, v.responseIds));
}

export function useRestoreAnswersMutation() {
  return useResultsMutation((v: AnswerStatusVariables) => resultsApi.restoreAnswer(v.id, v.responseIds));
}

export function useMarkInvalidMutation() {
  return useResultsMutation((v: AnswerStatusVariables) => resultsApi.markInvalid(v.id, v.responseIds));
}

export function useMarkValidMutation() {
  return useResultsMutation((v: AnswerStatusVariables) => resultsApi.markValid(v.id, v.responseIds));
}

export function useGradeAnswerMutation() {
  return useResultsMutation((input: GradeAnswerInput) => resultsApi.gradeAnswer(input));
}

/** 重新评分: polled every 1.5 s while a run is queued or running. */
export function useRescoreProgress(id: number) {
  return useQuery({
    queryKey: resultsKeys.rescore(id),
    queryFn: ({ signal }) => resultsApi.getRescoreProgress(id, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.run?.status;
      return status === "queued" || status === "running" ? 1500 : false;
    },
  });
}

export function useStartRescoreMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resultsApi.startRescore(id),
    onSuccess: (data, id) => queryClient.setQueryData(resultsKeys.rescore(id), data),
  });
}
