import { useMutation } from "@tanstack/react-query";
import { messages, type QuestionnaireKind, type SurveyDefinition } from "@wjgj/core";
import { ApiError } from "./errors.ts";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { genericHttp, sessionHeaders } from "./request.ts";

/** What `questionary/previewImport` answers: the definition to create, and what the file lost on the way. */
export interface ImportPreview {
  definition: SurveyDefinition;
  title: string;
  /** One Chinese line per thing that could not be carried over (第5题「…」：不支持的题型 expression，已跳过). */
  report: string[];
  counts: { questions: number; mapped: number; skipped: number };
}

export type DefinitionFormat = "json" | "surveyjs";

/** The file types 文件导入 reads, for the file picker. */
export const importAccept = ".xlsx,.docx,.json,.lss,.lsa";
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A download that is itself JSON (an exported questionnaire): the attachment header, not the content type,
 * tells the file from the envelope of a refusal.
 */
async function fetchJsonDownload(url: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { headers: sessionHeaders() });
  } catch {
    throw new ApiError(0, messages.networkError, null, false);
  }
  if (response.ok && (response.headers.get("Content-Disposition") ?? "").startsWith("attachment"))
    return response.blob();
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
  throw new ApiError(
    body?.code ?? response.status,
    body?.msg || `系统接口${response.status}异常`,
    null,
    false,
  );
}

/** 文件导入 and 导出问卷 (`/wjgj/api/questionary/previewImport|importTemplate|exportDefinition`). */
export const importsApi = {
  /** Reads the file on the server; creates nothing (the page creates with addQuestionary after 确认导入). */
  previewImport: (file: File, kind?: QuestionnaireKind) => {
    const form = new FormData();
    if (kind) form.append("kind", kind);
    form.append("file", file);
    // Uploads use the client without a timeout (seed §9).
    return genericHttp.postMultipart<ImportPreview>("questionary/previewImport", form);
  },
  downloadTemplate: async () =>
    saveBlob(await fetchProtectedBlob("/wjgj/api/questionary/importTemplate"), "问卷导入模板.xlsx"),
  exportDefinition: async (questionnaire: { id: number; title: string }, format: DefinitionFormat) => {
    const blob = await fetchJsonDownload(
      `/wjgj/api/questionary/exportDefinition?id=${questionnaire.id}&format=${format}`,
    );
    const name = questionnaire.title.replace(/[\\/:*?"<>|]/g, "_").trim() || "问卷";
    saveBlob(blob, `${name}${format === "surveyjs" ? ".surveyjs.json" : ".json"}`);
  },
};

export function usePreviewImportMutation() {
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind?: QuestionnaireKind }) =>
      importsApi.previewImport(file, kind),
  });
}
