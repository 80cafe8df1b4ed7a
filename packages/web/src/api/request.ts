import { limits, messages } from "@wjgj/core";
import { decideRequestAction, type FlowOptions, type RawOutcome } from "../lib/request-outcome.ts";
import { storageKeys } from "../lib/storage-keys.ts";
import { currentFromType, useSessionStore } from "../stores/session-store.ts";
import { ApiError } from "./errors.ts";
import { navigateTo, reloadPage, showErrorToast, showPermissionBox, showUpgradeBox } from "./feedback.ts";

/** Every call sits under this prefix; the host is not part of the contract (seed §7). */
export const API_BASE = "/wjgj/api";

export type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue>;

export interface CallOptions extends FlowOptions {
  signal?: AbortSignal;
}

type Body =
  | { kind: "form"; params: Params }
  | { kind: "json"; value: unknown }
  | { kind: "multipart"; form: FormData };

interface Call {
  method: "GET" | "POST";
  path: string;
  query?: Params;
  body?: Body;
  options: CallOptions;
}

function toSearchParams(params: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  return search;
}

/** The headers every request sends (seed §7): token and requestParam when stored, fromType default 1. */
export function sessionHeaders(): Record<string, string> {
  const { token, requestParam } = useSessionStore.getState();
  const headers: Record<string, string> = { [storageKeys.fromType]: currentFromType() };
  if (token) headers[storageKeys.token] = token;
  if (requestParam) headers[storageKeys.requestParam] = requestParam;
  return headers;
}

async function send(call: Call, timeoutMs: number | null): Promise<RawOutcome> {
  const headers = sessionHeaders();
  let body: BodyInit | undefined;
  if (call.body?.kind === "form") {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    body = toSearchParams(call.body.params);
  } else if (call.body?.kind === "json") {
    headers["Content-Type"] = "application/json;charset=UTF-8";
    body = JSON.stringify(call.body.value);
  } else if (call.body?.kind === "multipart") {
    // The browser sets the multipart boundary itself.
    body = call.body.form;
  }
  const query = call.query ? toSearchParams(call.query).toString() : "";
  const url = `${API_BASE}/${call.path}${query ? `?${query}` : ""}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const external = call.options.signal;
  const forwardAbort = () => controller.abort();
  external?.addEventListener("abort", forwardAbort);
  try {
    const response = await fetch(url, { method: call.method, headers, body, signal: controller.signal });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the decision treats it as a broken answer.
    }
    return { kind: "response", status: response.status, body: parsed };
  } catch (error) {
    if (timedOut) return { kind: "timeout" };
    // A caller's own cancellation is not a connection problem and must stay quiet.
    if (external?.aborted) throw error;
    return { kind: "network" };
  } finally {
    clearTimeout(timer);
    external?.removeEventListener("abort", forwardAbort);
  }
}

let otherLoginInFlight: Promise<void> | null = null;

/** Body code 202 (seed §4): log in through the other platform, store the session, reload. */
function runOtherLogin(): Promise<void> {
  otherLoginInFlight ??= (async () => {
    const session = useSessionStore.getState();
    try {
      const data = (await execute(
        {
          method: "POST",
          path: "user/fromOtherLogin",
          body: { kind: "form", params: { requestParam: session.requestParam, fromType: currentFromType() } },
          options: { silent: true },
        },
        limits.requestTimeoutMs,
      )) as { token?: unknown; isTemplate?: unknown } | null;
      if (typeof data?.token !== "string" || !data.token)
        throw new ApiError(500, messages.serverError, null, false);
      session.setToken(data.token);
      session.setIsTemplate(String(data.isTemplate ?? 0));
      reloadPage();
    } catch (error) {
      // A requestParam works once and expires: keeping a refused one would turn every later call into
      // another doomed 202 instead of the 303 that leads to the login page.
      session.setRequestParam(null);
      showErrorToast(error instanceof Error && error.message ? error.message : messages.otherLoginRequired);
    } finally {
      otherLoginInFlight = null;
    }
  })();
  return otherLoginInFlight;
}

async function execute(call: Call, timeoutMs: number | null): Promise<unknown> {
  const action = decideRequestAction(await send(call, timeoutMs), call.options);
  switch (action.type) {
    case "resolve":
      return action.data;
    case "loginExpired":
      showErrorToast(messages.loginExpired);
      // The session is dead: forget it so the guard and the header stop treating the user as logged in.
      useSessionStore.getState().setToken(null);
      navigateTo("/Loginone");
      throw new ApiError(action.code, action.msg, null, true);
    case "forbidden":
      showPermissionBox(() => navigateTo("/"));
      throw new ApiError(action.code, action.msg, null, true);
    case "upgrade":
      showUpgradeBox(action.msg, () => navigateTo(action.upgradeUrl));
      throw new ApiError(action.code, action.msg, null, true);
    case "otherLogin":
      void runOtherLogin();
      throw new ApiError(action.code, action.msg, null, true);
    case "toast":
      showErrorToast(action.toast);
      throw new ApiError(action.code, action.msg, null, true);
    case "reject":
      throw new ApiError(action.code, action.msg, action.data, false);
  }
}

export interface HttpClient {
  get<T>(path: string, params?: Params, options?: CallOptions): Promise<T>;
  /** Form-urlencoded POST, the default content type (seed §7). */
  post<T>(path: string, params?: Params, options?: CallOptions): Promise<T>;
  postJson<T>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  postMultipart<T>(path: string, form: FormData, options?: CallOptions): Promise<T>;
}

function createClient(timeoutMs: number | null): HttpClient {
  const run = <T>(call: Call) => execute(call, timeoutMs) as Promise<T>;
  return {
    get: (path, params = {}, options = {}) => run({ method: "GET", path, query: params, options }),
    post: (path, params = {}, options = {}) =>
      run({ method: "POST", path, body: { kind: "form", params }, options }),
    postJson: (path, value, options = {}) =>
      run({ method: "POST", path, body: { kind: "json", value }, options }),
    postMultipart: (path, form, options = {}) =>
      run({ method: "POST", path, body: { kind: "multipart", form }, options }),
  };
}

/** The main client: 600000 ms timeout (seed §9). */
export const http = createClient(limits.requestTimeoutMs);

/** The generic client: no timeout, for long uploads and exports (seed §9). */
export const genericHttp = createClient(null);
