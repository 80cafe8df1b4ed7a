import { type ApiOutcome, apiCall, NETWORK_MESSAGE, sessionHeaders } from "./api.ts";

/** `upload/upload`'s answer. `fileId` is what a 文件上传 answer stores (core: `{ fileId, name, size, mime }`). */
export interface UploadedFile {
  url: string;
  path: string;
  fileId?: string;
  name: string;
  size: number;
  type: string;
}

export interface UploadTarget {
  publicId: string;
  questionId: string;
  answerToken: string;
}

function parseEnvelope(text: string): { code?: unknown; msg?: unknown; data?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * Multipart upload through XMLHttpRequest, the one browser API that reports upload progress (fetch does not).
 * Resolves with the envelope outcome like every other call.
 */
export function uploadFile(
  target: UploadTarget,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): Promise<ApiOutcome<UploadedFile>> {
  const form = new FormData();
  form.append("publicId", target.publicId);
  form.append("questionId", target.questionId);
  form.append("answerToken", target.answerToken);
  form.append("file", file, fileName);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/wjgj/api/upload/upload");
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const network = () => resolve({ ok: false, kind: "network", msg: NETWORK_MESSAGE });
    xhr.onerror = network;
    xhr.ontimeout = network;
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      if (!body || typeof body.code !== "number") return network();
      const msg = typeof body.msg === "string" ? body.msg : "";
      if (body.code === 200 && xhr.status < 300) resolve({ ok: true, data: body.data as UploadedFile, msg });
      else resolve({ ok: false, kind: "business", code: body.code, msg, data: body.data });
    };
    xhr.send(form);
  });
}

export function deleteUpload(path: string, answerToken: string): Promise<ApiOutcome<null>> {
  return apiCall<null>("POST", "upload/delFileByPath", { body: { form: { path, answerToken } } });
}
