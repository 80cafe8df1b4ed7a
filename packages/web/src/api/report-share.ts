import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ReportPinItem,
  ReportShare,
  ResultsFilter,
  SaveReportShareInput,
  SharedReportResult,
} from "@wjgj/core";
import type { AnalysisRequest } from "@wjgj/core/api/analysis";
import { type CallOptions, http } from "./request.ts";
import { filterOf } from "./results.ts";

/** What 固定到报告 sends: the 交叉分析 or the 统计分析 as the page asked for it, under its 筛选. */
export type PinRequest =
  | { kind: "cross"; rowQuestionIds: string[]; columnQuestionId: string; filter?: ResultsFilter }
  | { kind: "analysis"; request: AnalysisRequest; weighted: boolean; filter?: ResultsFilter };

/** 数据报告 shared by link: the creator's settings (`statistics/*ReportShare`) and the open page's report. */
export const reportShareApi = {
  get: (id: number, options?: CallOptions) =>
    http.get<ReportShare>("statistics/getReportShare", { id }, options),
  save: (input: SaveReportShareInput) => http.postJson<ReportShare>("statistics/saveReportShare", input),
  pins: (id: number, options?: CallOptions) =>
    http.get<{ list: ReportPinItem[] }>("statistics/getReportPins", { id }, options),
  pin: (id: number, pin: PinRequest) =>
    http.postJson<ReportPinItem>("statistics/pinToReport", { id, ...pin, filter: filterOf(pin.filter) }),
  unpin: (input: { id: number; pinId: number }) => http.postJson<null>("statistics/unpinFromReport", input),
  open: (input: { token: string; password?: string }, options?: CallOptions) =>
    // Its refusals (no such link, a wrong password) are the page's to show, not a toast.
    http.postJson<SharedReportResult>("report/getSharedReport", input, { ...options, silent: true }),
};

export const reportShareKeys = {
  share: (id: number) => ["reportShare", id] as const,
  pins: (id: number) => ["reportPins", id] as const,
};

export function useReportPins(id: number) {
  return useQuery({
    queryKey: reportShareKeys.pins(id),
    queryFn: ({ signal }) => reportShareApi.pins(id, { signal }),
  });
}

export function usePinToReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: PinRequest) => reportShareApi.pin(id, pin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportShareKeys.pins(id) }),
  });
}

export function useUnpinFromReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pinId: number) => reportShareApi.unpin({ id, pinId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportShareKeys.pins(id) }),
  });
}

export function useReportShare(id: number, enabled = true) {
  return useQuery({
    queryKey: reportShareKeys.share(id),
    queryFn: ({ signal }) => reportShareApi.get(id, { signal }),
    enabled,
  });
}

export function useSaveReportShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportShareApi.save,
    onSuccess: (data, input) => queryClient.setQueryData(reportShareKeys.share(input.id), data),
  });
}

/** The shared report, asked again with the password once the visitor types it. */
export function useSharedReport(token: string, password: string | undefined, attempt: number) {
  return useQuery({
    queryKey: ["sharedReport", token, password ?? "", attempt] as const,
    queryFn: ({ signal }) => reportShareApi.open({ token, ...(password ? { password } : {}) }, { signal }),
    retry: false,
    staleTime: 60_000,
    // While a typed password is checked the form stays, its button busy.
    placeholderData: keepPreviousData,
  });
}
