import { WeChatApiError } from "./api-error.ts";
import type { WeChatApp } from "./env.ts";

/**
 * The application access token every server-to-server WeChat call carries (公众号 and mini program alike),
 * from /cgi-bin/stable_token: unlike /cgi-bin/token it does not void the token other instances hold, so
 * each instance (or the shared cache) may ask without breaking the others.
 */
export interface TokenGrant {
  value: string;
  /** Seconds WeChat says it lives (7200 normally). */
  expiresIn: number;
}

/** WeChat's codes for an access token that is invalid or expired: fetch a fresh one once and retry. */
export const STALE_TOKEN_CODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);

/** A value is renewed this long before it expires (WeChat's advice for the token and the jsapi_ticket). */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;

type Fetch = typeof fetch;

export interface WeChatReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  [key: string]: unknown;
}

/**
 * One JSON call to api.weixin.qq.com (POST with `body`, GET without). Errors name the path only: the query
 * carries the token and the body the secret.
 */
export async function wechatCall(
  apiBase: string,
  pathAndQuery: string,
  body?: unknown,
  fetchImpl: Fetch = fetch,
): Promise<WeChatReply> {
  let response: Response;
  try {
    response = await fetchImpl(`${apiBase}${pathAndQuery}`, {
      method: body === undefined ? "GET" : "POST",
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new WeChatApiError(`无法连接微信接口：${(error as Error).name}`, null);
  }
  if (!response.ok) throw new WeChatApiError(`微信接口返回 HTTP ${response.status}`, null);
  try {
    return (await response.json()) as WeChatReply;
  } catch {
    throw new WeChatApiError("微信接口返回了无法解析的内容", null);
  }
}

/** Throws WeChat's refusal as a WeChatApiError; the reply otherwise. */
export function checked(reply: WeChatReply): WeChatReply {
  if (reply.errcode) throw new WeChatApiError(reply.errmsg ?? "微信接口出错", reply.errcode);
  return reply;
}

/** A fresh access token for `app`; `force` asks WeChat for a new one even when the current one lives. */
export async function requestStableToken(
  apiBase: string,
  app: WeChatApp,
  force: boolean,
  fetchImpl: Fetch = fetch,
): Promise<TokenGrant> {
  const reply = checked(
    await wechatCall(
      apiBase,
      "/cgi-bin/stable_token",
      { grant_type: "client_credential", appid: app.appId, secret: app.appSecret, force_refresh: force },
      fetchImpl,
    ),
  );
  if (typeof reply.access_token !== "string" || !reply.access_token)
    throw new WeChatApiError("微信未返回 access_token", null);
  return { value: reply.access_token, expiresIn: Number(reply.expires_in ?? 7200) || 7200 };
}
