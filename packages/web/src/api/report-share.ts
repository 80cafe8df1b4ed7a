import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReportShare, SaveReportShareInput, SharedReportResult } from "@wjgj/core";
import { type CallOptions, http } from "./request.ts";

/** 数据报告 shared by link: the creator's settings (`statistics/*ReportShare`) and the open page's report. */
export const reportShareApi = {
  get: (id: number, options?: CallOptions) =>
    http.get<ReportShare>("statistics/getReportShare", { id }, options),
  save: (input: SaveReportShareInput) => http.postJson<ReportShare>("statistics/saveReportShare", input),
  open: (input: { token: string; password?: string }, options?: CallOptions) =>
    // Its refusals (no such link, a wrong password) are the page's to show, not a toast.
    http.postJson<SharedReportResult>("report/getSharedReport", input, { ...options, silent: true }),
};

export const reportShareKeys = {
  share: (id: number) => ["reportShare", id] as const,
};

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
