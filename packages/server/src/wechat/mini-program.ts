import type { Clock } from "../clock.ts";
import { WeChatApiError } from "./api-error.ts";
import {
  checked,
  requestStableToken,
  STALE_TOKEN_CODES,
  type WeChatReply,
  wechatCall,
} from "./stable-token.ts";

export { WeChatApiError };

/** What the mini-program adapter needs from the configuration (all from environment variables). */
export interface MiniProgramConfig {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com unless a proxy (or a test's fake) stands in. */
  apiBase: string;
  /** The mini-program page that answers a questionnaire, e.g. pages/answer/index. */
  page: string;
  envVersion: "release" | "trial" | "develop";
}

export interface UrlScheme {
  /** weixin://dl/business/?t=… — opens the mini program from a phone's browser or a text message. */
  openlink: string;
  /** When WeChat stops honouring it (ISO time). */
  expiresAt: string;
}

/** Scheme lifetime asked of WeChat (its maximum is 30 days); a scheme is reused until a day before it ends. */
export const SCHEME_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
type Fetch = typeof fetch;

/**
 * WeChat's mini-program API for URL schemes (urlscheme.generate). The access token comes from
 * /cgi-bin/stable_token, which — unlike /cgi-bin/token — does not void the token other instances hold, and is
 * kept until five minutes before it expires; schemes are kept per questionnaire for most of their life.
 */
export class MiniProgramClient {
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly schemes = new Map<string, { scheme: UrlScheme; renewAt: number }>();

  constructor(
    private readonly config: MiniProgramConfig,
    private readonly clock: Clock,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async urlScheme(publicId: string): Promise<UrlScheme> {
    const now = this.clock.now().getTime();
    const kept = this.schemes.get(publicId);
    if (kept && kept.renewAt > now) return kept.scheme;
    const reply = await this.withToken((token) =>
      this.call(`/wxa/generatescheme?access_token=${encodeURIComponent(token)}`, {
        jump_wxa: { path: this.config.page, query: `id=${publicId}`, env_version: this.config.envVersion },
        is_expire: true,
        expire_type: 1,
        expire_interval: SCHEME_DAYS,
      }),
    );
    if (typeof reply.openlink !== "string" || !reply.openlink)
      throw new WeChatApiError("微信未返回小程序链接", null);
    const scheme = {
      openlink: reply.openlink,
      expiresAt: new Date(now + SCHEME_DAYS * DAY_MS).toISOString(),
    };
    this.schemes.set(publicId, { scheme, renewAt: now + (SCHEME_DAYS - 1) * DAY_MS });
    return scheme;
  }

  /** Runs `request` with the kept token; on a stale-token answer, once more with a forced fresh one. */
  private async withToken(request: (token: string) => Promise<WeChatReply>): Promise<WeChatReply> {
    const first = await request(await this.accessToken(false));
    if (first.errcode && STALE_TOKEN_CODES.has(first.errcode)) {
      return checked(await request(await this.accessToken(true)));
    }
    return checked(first);
  }

  private accessToken(force: boolean): Promise<string> {
    const now = this.clock.now().getTime();
    if (!force && this.token && this.token.until > now) return Promise.resolve(this.token.value);
    // Concurrent callers share one request instead of each asking WeChat.
    this.pendingToken ??= this.fetchToken(force).finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(force: boolean): Promise<string> {
    const grant = await requestStableToken(this.config.apiBase, this.config, force, this.fetchImpl);
    const lifetime = Math.max(0, grant.expiresIn - 300) * 1000;
    this.token = { value: grant.value, until: this.clock.now().getTime() + lifetime };
    return grant.value;
  }

  private call(pathAndQuery: string, body: unknown): Promise<WeChatReply> {
    return wechatCall(this.config.apiBase, pathAndQuery, body, this.fetchImpl);
  }
}
