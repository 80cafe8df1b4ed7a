import { messages, ResultCode } from "@wjgj/core";

/** What came back from one call, before any interpretation. */
export type RawOutcome =
  | { kind: "network" }
  | { kind: "timeout" }
  | { kind: "response"; status: number; body: unknown };

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * What the request client must do with an outcome (seed §8). Side effects (toasts, boxes, navigation, the
 * other-platform login) are carried out by the thin layer in src/api; every non-resolve action also
 * rejects the caller's promise.
 */
export type RequestAction =
  | { type: "resolve"; data: unknown }
  /** Body code 303: toast, forget the session, go to the login page. */
  | { type: "loginExpired"; code: number; msg: string }
  /** Body code or HTTP 403: the permission box that returns to /. */
  | { type: "forbidden"; code: number; msg: string }
  /** Body code 202: try the other-platform login, then reload. */
  | { type: "otherLogin"; code: number; msg: string }
  /** Body code 402: the membership level lacks this; a box offering 去升级 (data.upgradeUrl). */
  | { type: "upgrade"; code: number; msg: string; upgradeUrl: string }
  /** Transport problems: a toast only. */
  | { type: "toast"; code: number; msg: string; toast: string }
  /** Other body codes: the caller shows `msg` (and `data.errors` of a 400). */
  | { type: "reject"; code: number; msg: string; data: unknown };

export interface FlowOptions {
  /** Leave a body 303 to the caller (no toast, no navigation); used by the start-up user-info load. */
  quietLoginExpired?: boolean;
  /** Leave a 403 to the caller (no permission box): a page that shows the refusal as its own state. */
  quietForbidden?: boolean;
  /** No side effect at all, only resolve or reject; used by logout, whose failure is ignored. */
  silent?: boolean;
}

export function parseEnvelope(body: unknown): Envelope | null {
  if (typeof body !== "object" || body === null) return null;
  const { code, msg, data } = body as Record<string, unknown>;
  if (typeof code !== "number") return null;
  return { code, msg: typeof msg === "string" ? msg : "", data: data ?? null };
}

export function httpStatusMessage(status: number): string {
  return messages.httpStatusError.replace("{status}", String(status));
}

function decideLoud(outcome: RawOutcome): RequestAction {
  if (outcome.kind === "network") {
    return { type: "toast", code: 0, msg: messages.networkError, toast: messages.networkError };
  }
  if (outcome.kind === "timeout")
    return { type: "toast", code: 0, msg: messages.timeout, toast: messages.timeout };

  const { status } = outcome;
  const envelope = parseEnvelope(outcome.body);
  if (status < 200 || status >= 300) {
    if (status === ResultCode.forbidden) return { type: "forbidden", code: status, msg: messages.forbidden };
    const toast = status === ResultCode.notLoggedIn ? messages.loginExpired : httpStatusMessage(status);
    // A transport failure may still carry an envelope (413, 500); keep its msg for the caller.
    return { type: "toast", code: envelope?.code ?? status, msg: envelope?.msg || toast, toast };
  }
  if (!envelope) {
    const toast = httpStatusMessage(status);
    return { type: "toast", code: status, msg: toast, toast };
  }
  switch (envelope.code) {
    case ResultCode.ok:
      return { type: "resolve", data: envelope.data };
    case ResultCode.notLoggedIn:
      return { type: "loginExpired", code: envelope.code, msg: envelope.msg || messages.loginExpired };
    case ResultCode.forbidden:
      return { type: "forbidden", code: envelope.code, msg: envelope.msg || messages.forbidden };
    case ResultCode.otherLoginRequired:
      return { type: "otherLogin", code: envelope.code, msg: envelope.msg || messages.otherLoginRequired };
    case ResultCode.upgradeRequired: {
      const url = (envelope.data as { upgradeUrl?: unknown } | null)?.upgradeUrl;
      // Only a path on this site: an envelope must never send the browser elsewhere.
      const upgradeUrl = typeof url === "string" && /^\/[A-Za-z]/.test(url) ? url : "/website/version";
      return { type: "upgrade", code: envelope.code, msg: envelope.msg || messages.forbidden, upgradeUrl };
    }
    default:
      return {
        type: "reject",
        code: envelope.code,
        msg: envelope.msg || messages.serverError,
        data: envelope.data,
      };
  }
}

/** Maps one outcome to the action of the error catalogue (seed §8). */
export function decideRequestAction(outcome: RawOutcome, options: FlowOptions = {}): RequestAction {
  const action = decideLoud(outcome);
  if (action.type === "resolve") return action;
  if (
    options.silent ||
    (options.quietLoginExpired && action.type === "loginExpired") ||
    (options.quietForbidden && action.type === "forbidden")
  ) {
    const data = action.type === "reject" ? action.data : null;
    return { type: "reject", code: action.code, msg: action.msg, data };
  }
  return action;
}
