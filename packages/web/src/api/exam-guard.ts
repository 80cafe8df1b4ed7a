import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExamCandidateImportResult, ExamCandidateRow, ExamLive, ExamTimelineEvent } from "@wjgj/core";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { type CallOptions, genericHttp, http } from "./request.ts";

/** 考生名单 as listed (masked) by `exam/getCandidates`. */
export interface ExamCandidatePage {
  total: number;
  list: ExamCandidateRow[];
}

export interface ExamCandidateQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

/** A candidate in full (`exam/revealCandidate`, logged on the server each time). */
export interface RevealedCandidate {
  name: string;
  number: string;
  phone: string;
}

/** The live page asks again this often (and not while the browser tab is hidden). */
export const EXAM_LIVE_POLL_MS = 3000;

/** Client of the creator's side of `exam/*` (contract in @wjgj/core api/exam-guard.ts). */
export const examGuardApi = {
  getLive: (id: number, options?: CallOptions) => http.get<ExamLive>("exam/getLive", { id }, options),
  getTimeline: (id: number, attemptId: number, options?: CallOptions) =>
    http.get<{ events: ExamTimelineEvent[] }>("exam/getTimeline", { id, attemptId }, options),
  /** Snapshots answer to the session header only, never a public address: fetched as a blob. */
  getSnapshot: (id: number, eventId: number, signal?: AbortSignal) =>
    fetchProtectedBlob(`/wjgj/api/exam/getSnapshot?id=${id}&eventId=${eventId}`, signal),
  addTime: (input: { id: number; attemptId: number; minutes: number }) =>
    http.postJson<unknown>("exam/addTime", input),
  endAttempt: (input: { id: number; attemptId: number }) => http.postJson<unknown>("exam/endAttempt", input),

  getCandidates: (id: number, query: ExamCandidateQuery, options?: CallOptions) =>
    http.get<ExamCandidatePage>(
      "exam/getCandidates",
      { id, page: query.page, pageSize: query.pageSize, keyword: query.keyword.trim() || undefined },
      options,
    ),
  importCandidates: (id: number, file: File) => {
    const form = new FormData();
    form.append("id", String(id));
    form.append("file", file);
    // Uploads use the client without a timeout (seed §9).
    return genericHttp.postMultipart<ExamCandidateImportResult>("exam/importCandidates", form);
  },
  downloadTemplate: async (id: number) =>
    saveBlob(await fetchProtectedBlob(`/wjgj/api/exam/candidateTemplate?id=${id}`), "考生名单模板.xlsx"),
  saveCandidate: (input: { id: number; name: string; number: string; phone?: string }) =>
    http.postJson<unknown>("exam/saveCandidate", input),
  deleteCandidates: (input: { id: number; candidateIds?: number[]; all?: boolean }) =>
    http.postJson<unknown>("exam/deleteCandidates", input),
  revealCandidate: (id: number, candidateId: number) =>
    http.postJson<RevealedCandidate>("exam/revealCandidate", { id, candidateId }),
};

export const examGuardKeys = {
  all: (id: number) => ["examGuard", id] as const,
  live: (id: number) => [...examGuardKeys.all(id), "live"] as const,
  timeline: (id: number, attemptId: number) => [...examGuardKeys.all(id), "timeline", attemptId] as const,
  candidates: (id: number, query: ExamCandidateQuery) =>
    [...examGuardKeys.all(id), "candidates", query] as const,
};

/** 实时监考: polled every 3 s while the page is visible (react-query pauses the interval in the background). */
export function useExamLive(id: number) {
  return useQuery({
    queryKey: examGuardKeys.live(id),
    queryFn: ({ signal }) => examGuardApi.getLive(id, { signal, silent: true }),
    refetchInterval: EXAM_LIVE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** The timeline of one attempt; refreshed with the live table while its drawer is open. */
export function useExamTimeline(id: number, attemptId: number | null) {
  return useQuery({
    queryKey: examGuardKeys.timeline(id, attemptId ?? 0),
    queryFn: ({ signal }) => examGuardApi.getTimeline(id, attemptId ?? 0, { signal }),
    enabled: attemptId !== null,
    refetchInterval: EXAM_LIVE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useExamCandidates(id: number, query: ExamCandidateQuery) {
  return useQuery({
    queryKey: examGuardKeys.candidates(id, query),
    queryFn: ({ signal }) => examGuardApi.getCandidates(id, query, { signal }),
  });
}

function useExamMutation<I, O>(id: number, fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: examGuardKeys.all(id) }),
  });
}

export const useAddTimeMutation = (id: number) => useExamMutation(id, examGuardApi.addTime);
export const useEndAttemptMutation = (id: number) => useExamMutation(id, examGuardApi.endAttempt);
export const useImportCandidatesMutation = (id: number) =>
  useExamMutation(id, (file: File) => examGuardApi.importCandidates(id, file));
export const useSaveCandidateMutation = (id: number) => useExamMutation(id, examGuardApi.saveCandidate);
export const useDeleteCandidatesMutation = (id: number) => useExamMutation(id, examGuardApi.deleteCandidates);
