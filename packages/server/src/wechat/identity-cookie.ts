import { serverMac } from "../commands/answering/answer-token.ts";
import type { Config } from "../config.ts";
import { open, seal } from "../security/field-crypto.ts";

/**
 * Who a browser is in WeChat, once the 公众号's web authorisation told the server (issue #39): a respondent
 * limited per WeChat account, a red packet paid to 零钱, a JSAPI payment. Kept in the browser as an
 * HttpOnly cookie sealed with AES-256-GCM under a key derived from the server's signing key, so the page's
 * scripts never see the openid, a copied or edited cookie does not open, and the database keeps nothing
 * until a response (or payment) needs it.
 */
export const WECHAT_ID_COOKIE = "wjgj_wxid";
/** How long one authorisation is trusted before WeChat is asked again (silently, with snsapi_base). */
export const WECHAT_ID_TTL_MS = 7 * 24 * 3600 * 1000;
const PURPOSE = "wjgj-wechat-identity-v1";

export interface WeChatBrowserIdentity {
  /** The 公众号 the openid belongs to. */
  appId: string;
  openid: string;
  unionid: string | null;
  /** Empty unless the user agreed to snsapi_userinfo. */
  nickname: string;
  avatarUrl: string;
  /** When WeChat confirmed it (ms since the epoch). */
  at: number;
}

const keyOf = (config: Config) => Buffer.from(serverMac(config, PURPOSE, "key", 32), "base64url");

/** The cookie's value for `identity`. */
export function sealIdentity(config: Config, identity: WeChatBrowserIdentity): string {
  return seal(keyOf(config), JSON.stringify(identity), PURPOSE);
}

/** The `Set-Cookie` header that keeps `identity` in the browser. */
export function identityCookieHeader(config: Config, identity: WeChatBrowserIdentity): string {
  return `${WECHAT_ID_COOKIE}=${sealIdentity(config, identity)}; Path=/; Max-Age=${WECHAT_ID_TTL_MS / 1000}; HttpOnly; SameSite=Lax`;
}

/** The identity in the request's cookies when it opens, is fresh and is of `appId`; null otherwise. */
export function identityOf(
  config: Config,
  cookieHeader: string | undefined,
  appId: string,
  now: Date,
): WeChatBrowserIdentity | null {
  const match = new RegExp(`(?:^|;\\s*)${WECHAT_ID_COOKIE}=([A-Za-z0-9_-]{20,2000})`).exec(
    cookieHeader ?? "",
  );
  if (!match?.[1]) return null;
  const plain = open(keyOf(config), match[1], PURPOSE);
  if (!plain) return null;
  try {
    const identity = JSON.parse(plain.toString("utf8")) as WeChatBrowserIdentity;
    if (identity.appId !== appId || typeof identity.openid !== "string" || !identity.openid) return null;
    if (typeof identity.at !== "number" || now.getTime() - identity.at > WECHAT_ID_TTL_MS) return null;
    return identity;
  } catch {
    return null;
  }
}

/** The verified WeChat user of a request's cookies under the site's 公众号, or null (none configured, or none kept). */
export function wechatIdentityOfRequest(
  config: Config,
  cookieHeader: string | undefined,
  now: Date,
): WeChatBrowserIdentity | null {
  const app = config.wechat.officialAccount;
  return app ? identityOf(config, cookieHeader, app.appId, now) : null;
}
