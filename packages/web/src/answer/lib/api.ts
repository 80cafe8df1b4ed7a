/**
 * A tiny client for the respondent page's calls. The main SPA's client pulls antd feedback and the whole
 * core catalogue; the answer page only needs the envelope and the session headers (seed §7).
 */
const API_BASE = "/wjgj/api";

export type ApiOutcome<T> =
  | { ok: true; data: T; msg: string }
  /** The server answered with a non-200 envelope code (or an HTTP error with an envelope). */
  | { ok: false; kind: "business"; code: number; msg: string; data: unknown }
  /** No answer arrived (offline, timeout, a proxy page): the request may or may not have been processed. */
  | { ok: false; kind: "network"; msg: string };

export const NETWORK_MESSAGE = "网络连接异常，请检查网络后重试";

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** token (when logged in), fromType (default 1) and requestParam, as every call of the product sends. */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { fromType: stored("fromType") ?? "1" };
  const token = stored("token");
  const requestParam = stored("requestParam");
  if (token) headers.token = token;
  if (requestParam) headers.requestParam = requestParam;
  return headers;
}

export function hasToken(): boolean {
  return Boolean(stored("token"));
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && typeof (value as Envelope).code === "number";
}

export type RequestBody = { json: unknown } | { form: Record<string, string> } | { multipart: FormData };

export async function apiCall<T>(
  method: "GET" | "POST",
  path: string,
  options: { query?: Record<string, string>; body?: RequestBody; timeoutMs?: number } = {},
): Promise<ApiOutcome<T>> {
  const headers = sessionHeaders();
  let body: BodyInit | undefined;
  const sent = options.body;
  if (sent && "json" in sent) {
    headers["Content-Type"] = "application/json;charset=UTF-8";
    body = JSON.stringify(sent.json);
  } else if (sent && "form" in sent) {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    body = new URLSearchParams(sent.form);
  } else if (sent && "multipart" in sent) {
    body = sent.multipart;
  }
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : "";
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
  try {
    const response = await fetch(`${API_BASE}/${path}${query}`, {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    const parsed: unknown = await response.json().catch(() => null);
    if (!isEnvelope(parsed)) return { ok: false, kind: "network", msg: NETWORK_MESSAGE };
    if (parsed.code === 200 && response.ok) return { ok: true, data: parsed.data as T, msg: parsed.msg };
    return { ok: false, kind: "business", code: parsed.code, msg: parsed.msg, data: parsed.data };
  } catch {
    return { ok: false, kind: "network", msg: NETWORK_MESSAGE };
  } finally {
    clearTimeout(timer);
  }
}

/** Field errors of a 400 envelope (`data.errors: [{ field, message }]`). */
export function fieldErrorsOf(data: unknown): { field: string; message: string }[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is { field: string; message: string } =>
      typeof e === "object" && e !== null && typeof e.field === "string" && typeof e.message === "string",
  );
}
