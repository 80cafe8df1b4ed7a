import type { WeChatApp, WeChatConfig } from "./env.ts";
import { WeChatApiError } from "./mini-program.ts";

/**
 * WeChat's OAuth 2.0 for web pages, the two flavours the site uses:
 * - 网站应用 (`snsapi_login`): the QR code a computer shows (open.weixin.qq.com/connect/qrconnect), scanned with
 *   the phone's WeChat;
 * - 公众号网页授权 inside WeChat's own browser (open.weixin.qq.com/connect/oauth2/authorize): `snsapi_base`
 *   silently (the openid only), `snsapi_userinfo` when nickname and avatar are wanted (WeChat asks the user).
 * Both come back to `redirect_uri` with `code` and `state`; a code is exchanged once, server to server.
 */
export type WeChatScope = "snsapi_login" | "snsapi_base" | "snsapi_userinfo";

export interface WeChatIdentity {
  /** The user's id under this one application (公众号 and 网站应用 give different openids). */
  openid: string;
  /** The same for every application of one 开放平台 account; absent when the apps are not bound to one. */
  unionid: string | null;
  scope: string;
  /** The user access token (for sns/userinfo); never stored or logged. */
  accessToken: string;
}

export interface WeChatProfile {
  nickname: string;
  /** The avatar's URL on WeChat's image server (thirdwx.qlogo.cn), or "" when the user has none. */
  avatarUrl: string;
  unionid: string | null;
}

type Fetch = typeof fetch;

interface OAuthReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  openid?: string;
  unionid?: string;
  scope?: string;
  nickname?: string;
  headimgurl?: string;
}

/** The browser address that asks WeChat to authorise: a QR page (网站应用) or the in-WeChat consent. */
export function authorizeUrl(
  config: Pick<WeChatConfig, "openBase">,
  app: WeChatApp,
  request: { redirectUri: string; state: string; scope: WeChatScope },
): string {
  const path = request.scope === "snsapi_login" ? "/connect/qrconnect" : "/connect/oauth2/authorize";
  const query = new URLSearchParams({
    appid: app.appId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    scope: request.scope,
    state: request.state,
  });
  // WeChat requires the parameters in this order and the fragment, or its page answers with an error.
  return `${config.openBase}${path}?${query.toString()}#wechat_redirect`;
}

/** Server-to-server calls of the OAuth flow (sns/oauth2/access_token, sns/userinfo). */
export class WeChatOAuthClient {
  constructor(
    private readonly config: Pick<WeChatConfig, "apiBase">,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  /** Exchanges a code (usable once, for five minutes) for the user's openid. */
  async exchangeCode(app: WeChatApp, code: string): Promise<WeChatIdentity> {
    const query = new URLSearchParams({
      appid: app.appId,
      secret: app.appSecret,
      code,
      grant_type: "authorization_code",
    });
    const reply = await this.get(`/sns/oauth2/access_token?${query.toString()}`);
    if (!reply.openid || !reply.access_token) throw new WeChatApiError("微信未返回用户标识", null);
    return {
      openid: reply.openid,
      unionid: reply.unionid || null,
      scope: reply.scope ?? "",
      accessToken: reply.access_token,
    };
  }

  /** Nickname and avatar (scopes snsapi_userinfo and snsapi_login only). */
  async profile(identity: Pick<WeChatIdentity, "openid" | "accessToken">): Promise<WeChatProfile> {
    const query = new URLSearchParams({
      access_token: identity.accessToken,
      openid: identity.openid,
      lang: "zh_CN",
    });
    const reply = await this.get(`/sns/userinfo?${query.toString()}`);
    return {
      nickname: (reply.nickname ?? "").slice(0, 64),
      avatarUrl: /^https:\/\//.test(reply.headimgurl ?? "") ? (reply.headimgurl ?? "").slice(0, 512) : "",
      unionid: reply.unionid || null,
    };
  }

  private async get(pathAndQuery: string): Promise<OAuthReply> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.config.apiBase}${pathAndQuery}`, {
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      // The message names the host only: the query carries the secret and the code.
      throw new WeChatApiError(`无法连接微信接口：${(error as Error).name}`, null);
    }
    if (!response.ok) throw new WeChatApiError(`微信接口返回 HTTP ${response.status}`, null);
    let reply: OAuthReply;
    try {
      reply = (await response.json()) as OAuthReply;
    } catch {
      throw new WeChatApiError("微信接口返回了无法解析的内容", null);
    }
    if (reply.errcode) throw new WeChatApiError(reply.errmsg ?? "微信接口出错", reply.errcode);
    return reply;
  }
}
