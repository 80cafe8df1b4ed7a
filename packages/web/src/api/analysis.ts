import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResultsFilter } from "@wjgj/core";
// Types only: the contract file erases to nothing, so the statistics engine stays out of the bundle.
import type {
  AnalysisRequest,
  AnalysisResult,
  AnalysisVariablesResult,
  SaveWeightingInput,
  WeightingResult,
} from "@wjgj/core/api/analysis";
import { preparingProgress } from "./errors.ts";
import { type CallOptions, http } from "./request.ts";
import { filterOf, resultsKeys } from "./results.ts";

export interface AnalysisCall {
  id: number;
  request: AnalysisRequest;
  filter?: ResultsFilter | undefined;
  weighted?: boolean | undefined;
}

/** Client of the 统计分析 calls under `statistics/*` (contract in @wjgj/core api/analysis.ts). */
export const analysisApi = {
  getVariables: (id: number, options?: CallOptions) =>
    http.get<AnalysisVariablesResult>("statistics/getAnalysisVariables", { id }, options),
  getAnalysis: (call: AnalysisCall, options?: CallOptions) =>
    http.postJson<AnalysisResult>(
      "statistics/getAnalysis",
      {
        id: call.id,
        request: call.request,
        filter: filterOf(call.filter),
        // Sent only when asked: an unweighted request reads as before weighting existed.
        weighted: call.weighted ? true : undefined,
      },
      options,
    ),
  getWeighting: (id: number, options?: CallOptions) =>
    http.get<WeightingResult>("statistics/getWeighting", { id }, options),
  saveWeighting: (input: SaveWeightingInput) =>
    http.postJson<WeightingResult>("statistics/saveWeighting", input),
  deleteWeighting: (id: number) => http.postJson<unknown>("statistics/deleteWeighting", { id }),
};

/** Under the questionnaire's results key: a change to its responses refreshes every analysis too. */
export const analysisKeys = {
  variables: (id: number) => [...resultsKeys.all(id), "analysisVariables"] as const,
  analyses: (id: number) => [...resultsKeys.all(id), "analysis"] as const,
  analysis: (
    id: number,
    request: AnalysisRequest | null,
    filter: ResultsFilter | undefined,
    weighted: boolean,
  ) => [...analysisKeys.analyses(id), request, filterOf(filter) ?? null, weighted] as const,
  weighting: (id: number) => [...resultsKeys.all(id), "weighting"] as const,
};

/** `silent` where the variables are only an extra (交叉分析's 编码 axes): a refusal there shows nothing. */
export function useAnalysisVariables(id: number, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: analysisKeys.variables(id),
    queryFn: ({ signal }) => analysisApi.getVariables(id, { signal, ...options }),
  });
}

/**
 * The analysis last asked for (null until 开始分析): kept by request, filter and weighting, so a new 筛选 or
 * the 加权 switch reruns it without another click.
 */
export function useAnalysis(
  id: number,
  request: AnalysisRequest | null,
  filter: ResultsFilter | undefined,
  weighted: boolean,
) {
  return useQuery({
    queryKey: analysisKeys.analysis(id, request, filter, weighted),
    queryFn: ({ signal }) =>
      analysisApi.getAnalysis({ id, request: request as AnalysisRequest, filter, weighted }, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    // While the server builds the filter index, ask again every second; other failures are shown at once.
    retry: (_count: number, error: Error) => preparingProgress(error) !== null,
    retryDelay: 1000,
  });
}

/**
 * The questionnaire's saved weighting. `silent` for a screen where it is only an extra (导出's option): a refusal
 * there (统计分析 not in the owner's level) shows nothing and the option is simply not offered.
 */
export function useWeighting(id: number, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: analysisKeys.weighting(id),
    queryFn: ({ signal }) => analysisApi.getWeighting(id, { signal, ...options }),
  });
}

/** Saving or deleting the weighting changes every weighted figure: drop the analyses kept so far. */
function useWeightingMutation<TInput>(
  mutationFn: (input: TInput) => Promise<WeightingResult>,
  id: (input: TInput) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, input) => {
      queryClient.setQueryData(analysisKeys.weighting(id(input)), data);
      return queryClient.invalidateQueries({ queryKey: analysisKeys.analyses(id(input)) });
    },
  });
}

export function useSaveWeightingMutation() {
  return useWeightingMutation(
    (input: SaveWeightingInput) => analysisApi.saveWeighting(input),
    (input) => input.id,
  );
}

export function useDeleteWeightingMutation() {
  return useWeightingMutation(
    async (id: number): Promise<WeightingResult> => {
      await analysisApi.deleteWeighting(id);
      return { weighting: null };
    },
    (id) => id,
  );
}
