import { createHash, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local stand-in for WeChat's web authorisation and 公众号 APIs (issue #39), on loopback, for server tests
 * and journeys alike. It plays both hosts: open.weixin.qq.com (the pages a browser is sent to) and
 * api.weixin.qq.com (server-to-server), so WECHAT_OPEN_BASE and WECHAT_API_BASE both point at it.
 *
 * Who "scans" or "authorises" is chosen per browser by the cookie `wxfake_user` on the fake's origin (or the
 * query parameter `fake_user`, for tests without a browser): a short id such as `alice`, optionally followed
 * by `~<nickname>`. Without either, the fake refuses like a user who cancelled. Each user gets a different
 * openid under each app (as WeChat does) and one unionid across the apps.
 */
export interface FakeWeChatApp {
  appId: string;
  appSecret: string;
}

export interface FakeWeChatOptions {
  /** 公众号: oauth2/authorize, stable_token, getticket. */
  officialAccount: FakeWeChatApp;
  /** 网站应用: qrconnect. */
  website: FakeWeChatApp;
}

export const FAKE_USER_COOKIE = "wxfake_user";

interface IssuedCode {
  appId: string;
  userId: string;
  nickname: string;
  scope: string;
  expiresAt: number;
}

const sha = (text: string) => createHash("sha256").update(text).digest("base64url");

/** The openid WeChat would give `userId` under `appId` (stable, different per app). */
export function fakeOpenid(appId: string, userId: string): string {
  return `o${sha(`${appId}:${userId}`).slice(0, 27)}`;
}

/** The unionid shared by every app of the 开放平台 account. */
export function fakeUnionid(userId: string): string {
  return `u${sha(`union:${userId}`).slice(0, 27)}`;
}

const userPattern = /^[A-Za-z0-9_-]{1,32}(~[^;]{0,32})?$/;

function cookieOf(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(header ?? "");
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export class FakeWeChat {
  readonly server: FastifyInstance = Fastify();
  url = "";
  private readonly codes = new Map<string, IssuedCode>();
  private readonly userTokens = new Map<string, { appId: string; userId: string; nickname: string }>();
  private readonly accessTokens = new Set<string>();
  /** Counters the tests read. */
  readonly stats = { codesIssued: 0, codesExchanged: 0, tokensIssued: 0, ticketsIssued: 0 };
  ticket = `fake-jsapi-ticket-${randomBytes(6).toString("hex")}`;

  constructor(private readonly options: FakeWeChatOptions) {}

  /** Listens on loopback (`port` 0: any free port); returns the base URL. */
  async start(port = 0): Promise<string> {
    const { officialAccount, website } = this.options;
    const userOf = (request: { headers: { cookie?: string }; query: unknown }) => {
      const raw =
        (request.query as { fake_user?: string }).fake_user ??
        cookieOf(request.headers.cookie, FAKE_USER_COOKIE);
      if (!raw || !userPattern.test(raw)) return null;
      const [id, nickname] = raw.split("~") as [string, string | undefined];
      return { id, nickname: nickname ?? `微信用户${id}` };
    };
    const issue = (appId: string, scope: string, user: { id: string; nickname: string }) => {
      const code = randomBytes(16).toString("hex");
      this.codes.set(code, {
        appId,
        userId: user.id,
        nickname: user.nickname,
        scope,
        expiresAt: Date.now() + 5 * 60_000,
      });
      this.stats.codesIssued++;
      return code;
    };
    const back = (redirectUri: string, query: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
      return target.toString();
    };

    type AuthorizeQuery = { appid?: string; redirect_uri?: string; scope?: string; state?: string };
    this.server.get<{ Querystring: AuthorizeQuery }>("/connect/oauth2/authorize", async (request, reply) => {
      const { appid, redirect_uri, scope, state } = request.query;
      if (appid !== officialAccount.appId || !redirect_uri)
        return reply.code(400).send("appid 或回调地址无效");
      if (scope !== "snsapi_base" && scope !== "snsapi_userinfo") return reply.code(400).send("scope 无效");
      const user = userOf(request);
      // A user who refuses (no fake user chosen) comes back without a code, as WeChat sends them.
      if (!user) return reply.redirect(back(redirect_uri, { state: state ?? "" }), 302);
      return reply.redirect(back(redirect_uri, { code: issue(appid, scope, user), state: state ?? "" }), 302);
    });

    this.server.get<{ Querystring: AuthorizeQuery }>("/connect/qrconnect", async (request, reply) => {
      const { appid, redirect_uri, scope, state } = request.query;
      if (appid !== website.appId || !redirect_uri || scope !== "snsapi_login")
        return reply.code(400).type("text/html; charset=utf-8").send("<p>参数错误</p>");
      const user = userOf(request);
      // The real page shows a QR code and moves the top window once the phone confirms; here a link does it.
      const link = user
        ? back(redirect_uri, { code: issue(appid, scope, user), state: state ?? "" })
        : back(redirect_uri, { state: state ?? "" });
      const label = user ? `模拟扫码确认（${user.nickname}）` : "模拟取消授权";
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>微信登录</title>` +
            `<body style="font:14px sans-serif;text-align:center"><p>请使用微信扫描二维码登录</p>` +
            `<div style="width:160px;height:160px;margin:8px auto;background:repeating-linear-gradient(45deg,#000 0 6px,#fff 6px 12px)" aria-hidden="true"></div>` +
            `<a id="fake-confirm" target="_top" href="${link.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">${label}</a></body></html>`,
        );
    });

    type TokenQuery = { appid?: string; secret?: string; code?: string; grant_type?: string };
    this.server.get<{ Querystring: TokenQuery }>("/sns/oauth2/access_token", async (request) => {
      const { appid, secret, code, grant_type } = request.query;
      const app = [officialAccount, website].find((a) => a.appId === appid);
      if (!app || app.appSecret !== secret) return { errcode: 40125, errmsg: "invalid appsecret" };
      if (grant_type !== "authorization_code") return { errcode: 40002, errmsg: "invalid grant_type" };
      const issued = code ? this.codes.get(code) : undefined;
      if (code) this.codes.delete(code);
      if (!issued || issued.appId !== appid || issued.expiresAt < Date.now())
        return { errcode: 40163, errmsg: "code been used or invalid" };
      this.stats.codesExchanged++;
      const accessToken = `sns-${randomBytes(12).toString("hex")}`;
      this.userTokens.set(accessToken, {
        appId: issued.appId,
        userId: issued.userId,
        nickname: issued.nickname,
      });
      return {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: `r-${randomBytes(8).toString("hex")}`,
        openid: fakeOpenid(issued.appId, issued.userId),
        scope: issued.scope,
        unionid: fakeUnionid(issued.userId),
      };
    });

    this.server.get<{ Querystring: { access_token?: string; openid?: string } }>(
      "/sns/userinfo",
      async (request) => {
        const token = this.userTokens.get(request.query.access_token ?? "");
        if (!token || fakeOpenid(token.appId, token.userId) !== request.query.openid)
          return { errcode: 40001, errmsg: "invalid credential" };
        return {
          openid: request.query.openid,
          nickname: token.nickname,
          sex: 0,
          headimgurl: `https://thirdwx.qlogo.cn/mmopen/fake/${token.userId}/132`,
          unionid: fakeUnionid(token.userId),
        };
      },
    );

    this.server.post("/cgi-bin/stable_token", async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.appid !== officialAccount.appId || body.secret !== officialAccount.appSecret)
        return { errcode: 40125, errmsg: "invalid appsecret" };
      this.stats.tokensIssued++;
      const token = `at-${this.stats.tokensIssued}-${randomBytes(6).toString("hex")}`;
      this.accessTokens.add(token);
      return { access_token: token, expires_in: 7200 };
    });

    this.server.get<{ Querystring: { access_token?: string; type?: string } }>(
      "/cgi-bin/ticket/getticket",
      async (request) => {
        if (!this.accessTokens.has(request.query.access_token ?? ""))
          return { errcode: 40001, errmsg: "invalid credential" };
        if (request.query.type !== "jsapi") return { errcode: 40097, errmsg: "invalid args" };
        this.stats.ticketsIssued++;
        return { errcode: 0, errmsg: "ok", ticket: this.ticket, expires_in: 7200 };
      },
    );

    this.url = await this.server.listen({ host: "127.0.0.1", port });
    return this.url;
  }

  async close(): Promise<void> {
    await this.server.close();
  }
}
