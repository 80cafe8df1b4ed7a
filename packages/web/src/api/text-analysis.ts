import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResultsFilter, SaveTextDictionaryInput, TextDictionary, WordFrequencies } from "@wjgj/core";
import { preparingProgress } from "./errors.ts";
import { type CallOptions, http } from "./request.ts";
import { filterOf, resultsKeys } from "./results.ts";

/** Client of 文本分析 under `statistics/*` (contract in @wjgj/core api/text-analysis.ts). */
export const textAnalysisApi = {
  getWordFrequencies: (
    input: { id: number; questionId: string; top?: number; filter?: ResultsFilter },
    options?: CallOptions,
  ) =>
    http.postJson<WordFrequencies>(
      "statistics/getWordFrequencies",
      { ...input, filter: filterOf(input.filter) },
      options,
    ),
  getDictionary: (id: number, options?: CallOptions) =>
    http.get<TextDictionary>("statistics/getTextDictionary", { id }, options),
  saveDictionary: (input: SaveTextDictionaryInput) =>
    http.postJson<TextDictionary>("statistics/saveTextDictionary", input),
};

/** Under the questionnaire's results key: new responses refresh the words too. */
export const textAnalysisKeys = {
  words: (id: number) => [...resultsKeys.all(id), "words"] as const,
  question: (id: number, questionId: string, filter?: ResultsFilter) =>
    [...textAnalysisKeys.words(id), questionId, filterOf(filter) ?? null] as const,
  dictionary: (id: number) => [...resultsKeys.all(id), "textDictionary"] as const,
};

/** The words of a question's open answers under the 筛选 (200 of each list: the cloud and the table share them). */
export function useWordFrequencies(id: number, questionId: string, filter?: ResultsFilter) {
  return useQuery({
    queryKey: textAnalysisKeys.question(id, questionId, filter),
    queryFn: ({ signal }) =>
      textAnalysisApi.getWordFrequencies({ id, questionId, top: 200, filter }, { signal }),
    placeholderData: keepPreviousData,
    retry: (_count: number, error: Error) => preparingProgress(error) !== null,
    retryDelay: 1000,
  });
}

export function useTextDictionary(id: number, enabled = true) {
  return useQuery({
    queryKey: textAnalysisKeys.dictionary(id),
    queryFn: ({ signal }) => textAnalysisApi.getDictionary(id, { signal }),
    enabled,
  });
}

/** Saving the dictionary changes every question's words: drop the ones kept. */
export function useSaveTextDictionary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTextDictionaryInput) => textAnalysisApi.saveDictionary(input),
    onSuccess: (data, input) => {
      queryClient.setQueryData(textAnalysisKeys.dictionary(input.id), data);
      return queryClient.invalidateQueries({ queryKey: textAnalysisKeys.words(input.id) });
    },
  });
}
