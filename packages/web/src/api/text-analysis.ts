import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ResultsFilter,
  SaveTextCodeInput,
  SaveTextDictionaryInput,
  TagTextAnswerInput,
  TextCodeList,
  TextCodesResult,
  TextDictionary,
  WordFrequencies,
} from "@wjgj/core";
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
  getCodes: (input: { id: number; questionId: string; filter?: ResultsFilter }, options?: CallOptions) =>
    http.postJson<TextCodesResult>(
      "statistics/getTextCodes",
      { ...input, filter: filterOf(input.filter) },
      options,
    ),
  listCodes: (id: number, options?: CallOptions) =>
    http.get<TextCodeList>("statistics/listTextCodes", { id }, options),
  saveCode: (input: SaveTextCodeInput) => http.postJson<{ codeId: number }>("statistics/saveTextCode", input),
  deleteCode: (input: { id: number; codeId: number }) =>
    http.postJson<null>("statistics/deleteTextCode", input),
  tagAnswer: (input: TagTextAnswerInput) => http.postJson<null>("statistics/tagTextAnswer", input),
};

/** Under the questionnaire's results key: new responses refresh the words too. */
export const textAnalysisKeys = {
  words: (id: number) => [...resultsKeys.all(id), "words"] as const,
  question: (id: number, questionId: string, filter?: ResultsFilter) =>
    [...textAnalysisKeys.words(id), questionId, filterOf(filter) ?? null] as const,
  dictionary: (id: number) => [...resultsKeys.all(id), "textDictionary"] as const,
  codes: (id: number, questionId: string, filter?: ResultsFilter) =>
    [...resultsKeys.all(id), "textCodes", questionId, filterOf(filter) ?? null] as const,
  codeList: (id: number) => [...resultsKeys.all(id), "textCodeList"] as const,
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

export function useTextCodes(id: number, questionId: string, filter?: ResultsFilter) {
  return useQuery({
    queryKey: textAnalysisKeys.codes(id, questionId, filter),
    queryFn: ({ signal }) => textAnalysisApi.getCodes({ id, questionId, filter }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every code of the questionnaire (the 筛选 dialog's 编码), asked when the dialog opens. */
export function useTextCodeList(id: number) {
  return useQuery({
    queryKey: textAnalysisKeys.codeList(id),
    queryFn: ({ signal }) => textAnalysisApi.listCodes(id, { signal }),
  });
}

/**
 * Changing codes or tags changes the counts, each answer's codes and the analysis variables: every result of
 * the questionnaire is asked again (they share its key).
 */
function useCodeMutation<TInput extends { id: number }, TData>(
  mutationFn: (input: TInput) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: resultsKeys.all(input.id) }),
  });
}

export const useSaveTextCode = () => useCodeMutation(textAnalysisApi.saveCode);
export const useDeleteTextCode = () => useCodeMutation(textAnalysisApi.deleteCode);
export const useTagTextAnswer = () => useCodeMutation(textAnalysisApi.tagAnswer);
