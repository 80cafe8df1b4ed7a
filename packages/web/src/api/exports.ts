import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CreateExportInput, type ExportJob, type ExportList, exportPollMs, messages } from "@wjgj/core";
import { ApiError } from "./errors.ts";
import { type CallOptions, http, sessionHeaders } from "./request.ts";

/**
 * GETs an owner-only file (an export, an uploaded file, a signature) with the session headers, which a
 * plain link or <img> cannot send. A JSON answer is the envelope of a refusal and becomes an ApiError.
 */
export async function fetchProtectedBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { headers: sessionHeaders(), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.networkError, null, false);
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(
      body?.code ?? response.status,
      body?.msg || `系统接口${response.status}异常`,
      null,
      false,
    );
  }
  if (!response.ok) throw new ApiError(response.status, `系统接口${response.status}异常`, null, false);
  return response.blob();
}

/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob over; revoking later keeps slow browsers from losing it.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Client of `export/*` (contract in @wjgj/core api/exports.ts). */
export const exportsApi = {
  createExport: (input: CreateExportInput) => http.postJson<ExportJob>("export/createExport", input),
  getExportList: (questionnaireId: number, options?: CallOptions) =>
    http.get<ExportList>("export/getExportList", { questionnaireId }, options),
  deleteExport: (questionnaireId: number, id: number) =>
    http.post<null>("export/deleteExport", { questionnaireId, id }),
  download: async (job: ExportJob) => saveBlob(await fetchProtectedBlob(job.downloadPath), job.fileName),
};

export const exportKeys = {
  all: ["export"] as const,
  list: (questionnaireId: number) => [...exportKeys.all, "list", questionnaireId] as const,
};

const isActive = (job: ExportJob) => job.status === "queued" || job.status === "running";

/** The jobs list; it polls itself while a job is queued or running and stops once all have settled. */
export function useExportList(questionnaireId: number) {
  return useQuery({
    queryKey: exportKeys.list(questionnaireId),
    queryFn: ({ signal }) => exportsApi.getExportList(questionnaireId, { signal }),
    refetchInterval: (query) => (query.state.data?.list.some(isActive) ? exportPollMs : false),
  });
}

export function useCreateExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportsApi.createExport,
    onSuccess: (job) => {
      // Show the queued job at once; the refetch then starts the polling.
      queryClient.setQueryData<ExportList>(exportKeys.list(job.questionnaireId), (old) => ({
        list: [job, ...(old?.list ?? []).filter((item) => item.id !== job.id)],
      }));
      return queryClient.invalidateQueries({ queryKey: exportKeys.list(job.questionnaireId) });
    },
  });
}

export function useDeleteExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { questionnaireId: number; id: number }) =>
      exportsApi.deleteExport(v.questionnaireId, v.id),
    onSuccess: (_data, v) => queryClient.invalidateQueries({ queryKey: exportKeys.list(v.questionnaireId) }),
  });
}

export function useDownloadExportMutation() {
  return useMutation({ mutationFn: exportsApi.download });
}
