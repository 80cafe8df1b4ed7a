import type { Clock } from "../clock.ts";

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

/** Thrown when WeChat refuses or cannot be reached; `errcode` is WeChat's own when it answered. */
export class WeChatApiError extends Error {
  constructor(
    message: string,
    readonly errcode: number | null,
  ) {
    super(message);
    this.name = "WeChatApiError";
  }
}

/** Scheme lifetime asked of WeChat (its maximum is 30 days); a scheme is reused until a day before it ends. */
export const SCHEME_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/** WeChat's codes for an access token that is invalid or expired: fetch a fresh one once and retry. */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);

type Fetch = typeof fetch;

interface WeChatReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  openlink?: string;
}

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
    if (!reply.openlink) throw new WeChatApiError("微信未返回小程序链接", null);
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
      return this.checked(await request(await this.accessToken(true)));
    }
    return this.checked(first);
  }

  private checked(reply: WeChatReply): WeChatReply {
    if (reply.errcode) throw new WeChatApiError(reply.errmsg ?? "微信接口出错", reply.errcode);
    return reply;
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
    const reply = this.checked(
      await this.call("/cgi-bin/stable_token", {
        grant_type: "client_credential",
        appid: this.config.appId,
        secret: this.config.appSecret,
        force_refresh: force,
      }),
    );
    if (!reply.access_token) throw new WeChatApiError("微信未返回 access_token", null);
    const lifetime = Math.max(0, (reply.expires_in ?? 7200) - 300) * 1000;
    this.token = { value: reply.access_token, until: this.clock.now().getTime() + lifetime };
    return reply.access_token;
  }

  private async call(pathAndQuery: string, body: unknown): Promise<WeChatReply> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.config.apiBase}${pathAndQuery}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new WeChatApiError(`无法连接微信接口：${(error as Error).message}`, null);
    }
    if (!response.ok) throw new WeChatApiError(`微信接口返回 HTTP ${response.status}`, null);
    try {
      return (await response.json()) as WeChatReply;
    } catch {
      throw new WeChatApiError("微信接口返回了无法解析的内容", null);
    }
  }
}
