import type { LoginResult, WeChatBindingStatus } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, latestCode, nextPhone } from "../../../test/factories.ts";
import { FakeWeChat, fakeOpenid, fakeUnionid } from "../../../test/fake-wechat.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { iso } from "../../clock.ts";
import { completeDueDeletions } from "../../commands/account/deletion.ts";

const OA = { appId: "wxtestofficial0001", appSecret: `oa-secret-${Math.random().toString(36).slice(2)}` };
const WEBSITE = {
  appId: "wxtestwebsite0001",
  appSecret: `web-secret-${Math.random().toString(36).slice(2)}`,
};

const wechat = new FakeWeChat({ officialAccount: OA, website: WEBSITE });
const log: string[] = [];
/** Every code, state and ticket the flows below saw: none may appear in the server's log. */
const secrets = new Set<string>([OA.appSecret, WEBSITE.appSecret]);
let t: TestContext;
let bare: TestContext;

beforeAll(async () => {
  const base = await wechat.start();
  t = await createTestContext(
    {
      LOG_LEVEL: "info",
      WECHAT_API_BASE: base,
      WECHAT_OPEN_BASE: base,
      WECHAT_OA_APPID: OA.appId,
      WECHAT_OA_SECRET: OA.appSecret,
      WECHAT_OPEN_APPID: WEBSITE.appId,
      WECHAT_OPEN_SECRET: WEBSITE.appSecret,
    },
    undefined,
    { write: (line) => void log.push(line) },
  );
  bare = await createTestContext();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await wechat.close();
});

const NONCE_COOKIE = /^wjgj_wxb=([A-Za-z0-9_-]+); Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/;

/** A browser: its nonce cookie (set by the first authorize call) and, when signed in, its token. */
interface Browser {
  cookie?: string;
  token?: string;
}

async function authorize(
  ctx: TestContext,
  browser: Browser,
  body: { purpose: string; app: string; returnTo?: string },
) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/wjgj/api/wechat/authorize",
    headers: {
      "content-type": "application/json",
      ...(browser.cookie ? { cookie: browser.cookie } : {}),
      ...(browser.token ? { token: browser.token } : {}),
    },
    payload: JSON.stringify(body),
  });
  const setCookie = response.headers["set-cookie"];
  if (typeof setCookie === "string") {
    const match = NONCE_COOKIE.exec(setCookie);
    expect(match, setCookie).not.toBeNull();
    browser.cookie = `wjgj_wxb=${match?.[1]}`;
  }
  return response.json() as { code: number; msg: string; data: { url: string } | null };
}

/** The user `who` confirms in WeChat (the QR page's link, or the in-WeChat redirect): WeChat's redirect back. */
async function wechatConfirms(url: string, who: string | null): Promise<URL> {
  const target = new URL(url);
  if (who) target.searchParams.set("fake_user", who);
  const response = await fetch(target, { redirect: "manual" });
  if (target.pathname === "/connect/qrconnect") {
    const html = await response.text();
    const href = /id="fake-confirm" target="_top" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    return new URL((href ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
  }
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/** The browser follows WeChat's redirect to the site: where the site sends it. */
async function callback(ctx: TestContext, browser: Browser, back: URL): Promise<URL> {
  expect(back.pathname).toBe("/wjgj/api/wechat/loginCallback");
  for (const name of ["code", "state"]) {
    const value = back.searchParams.get(name);
    if (value) secrets.add(value);
  }
  const response = await ctx.app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: browser.cookie ? { cookie: browser.cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  expect(response.headers["cache-control"]).toBe("no-store");
  const location = new URL(String(response.headers.location), "http://site.test");
  for (const name of ["wxticket", "wxbind"]) {
    const value = location.searchParams.get(name);
    if (value) secrets.add(value);
  }
  // The browser loads the page it was sent to (a request line the log keeps, its query masked).
  await ctx.app.inject({ method: "GET", url: `${location.pathname}${location.search}` });
  return location;
}

/** One whole round: authorize, WeChat confirms as `who`, the browser comes back. */
async function signIn(browser: Browser, who: string, app: "website" | "oa" = "website", purpose = "login") {
  const started = await authorize(t, browser, { purpose, app });
  expect(started.code, started.msg).toBe(200);
  return callback(t, browser, await wechatConfirms(started.data?.url ?? "", who));
}

async function bindPhone(ticket: string, phone: string) {
  expect((await call(t.app, "POST", "user/sendCode", { params: { phone } })).body.code).toBe(200);
  const code = await latestCode(t, phone);
  return call<LoginResult>(t.app, "POST", "wechat/bindPhone", { params: { ticket, phone, code } });
}

const bindingsOf = (userId: number) =>
  t.db.selectFrom("wechat_bindings").selectAll().where("userId", "=", userId).orderBy("id").execute();
const counts = async () => ({
  bindings: (await t.db.selectFrom("wechat_bindings").select("id").execute()).length,
  tickets: (await t.db.selectFrom("wechat_login_tickets").select("id").execute()).length,
});
const status = (token: string) => call<WeChatBindingStatus>(t.app, "GET", "wechat/binding", { token });

describe("wechat/options and an unconfigured site", () => {
  it("tells the page which WeChat sign-ins are configured", async () => {
    expect((await call(t.app, "GET", "wechat/options")).body.data).toMatchObject({
      scanLogin: true,
      inWeChatLogin: true,
      respondents: true,
    });
    expect((await call(bare.app, "GET", "wechat/options")).body.data).toMatchObject({
      scanLogin: false,
      inWeChatLogin: false,
      respondents: false,
    });
  });

  it("lets /Loginone frame WeChat's QR page only when 微信扫码登录 is configured", async () => {
    const csp = async (ctx: TestContext) =>
      String((await ctx.app.inject({ method: "GET", url: "/Loginone" })).headers["content-security-policy"]);
    expect(await csp(t)).toContain(`frame-src 'self' ${new URL(wechat.url).origin};`);
    expect(await csp(bare)).toContain("frame-src 'self';");
  });

  it("refuses to start on a site without WeChat, in Chinese, setting nothing", async () => {
    const browser: Browser = {};
    const refused = await authorize(bare, browser, { purpose: "login", app: "website" });
    expect(refused).toMatchObject({ code: 400, msg: "本站尚未开通微信登录" });
    const bad = await authorize(t, {}, { purpose: "steal", app: "website" });
    expect(bad).toMatchObject({ code: 400, msg: "微信授权用途无效" });
  });
});

describe("微信扫码登录", () => {
  it("binds a new account by phone on first use, then goes straight in", async () => {
    const browser: Browser = {};
    const started = await authorize(t, browser, {
      purpose: "login",
      app: "website",
      returnTo: "/dc/dclist?x=1",
    });
    const url = new URL(started.data?.url ?? "");
    expect(url.pathname).toBe("/connect/qrconnect");
    expect(url.searchParams.get("appid")).toBe(WEBSITE.appId);
    expect(url.searchParams.get("scope")).toBe("snsapi_login");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:80/wjgj/api/wechat/loginCallback");
    expect(url.hash).toBe("#wechat_redirect");
    // Framed as wxLogin.js frames it: the compact QR, and the top window moves on confirmation.
    expect(url.searchParams.get("login_type")).toBe("jssdk");
    expect(url.searchParams.get("self_redirect")).toBe("default");
    const landed = await callback(t, browser, await wechatConfirms(url.toString(), "alice~阿丽丝"));
    expect(landed.pathname).toBe("/Loginone");
    expect(landed.searchParams.get("redirect")).toBe("/dc/dclist?x=1");
    const ticket = landed.searchParams.get("wxbind") ?? "";
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const phone = nextPhone();
    expect((await call(t.app, "POST", "user/sendCode", { params: { phone } })).body.code).toBe(200);
    const wrong = await call(t.app, "POST", "wechat/bindPhone", {
      params: { ticket, phone, code: "000000" },
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    const code = await latestCode(t, phone);
    const bound = await call<LoginResult>(t.app, "POST", "wechat/bindPhone", {
      params: { ticket, phone, code },
    });
    expect(bound.body.code, bound.body.msg).toBe(200);
    expect(bound.body.data.userInfo).toMatchObject({ phone, nickName: "阿丽丝" });
    const me = await call<{ id: number }>(t.app, "GET", "user/getUserInfo", { token: bound.body.data.token });
    expect(me.body.code).toBe(200);

    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("phone", "=", phone)
      .executeTakeFirstOrThrow();
    const rows = await bindingsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appId: WEBSITE.appId, nickname: "阿丽丝" });
    // Digests only: neither id is stored.
    expect(JSON.stringify(rows)).not.toContain(fakeOpenid(WEBSITE.appId, "alice"));
    expect(JSON.stringify(rows)).not.toContain(fakeUnionid("alice"));
    expect(rows[0]?.openidDigest).toMatch(/^h:[A-Za-z0-9_-]{16,}$/);

    // The bind ticket worked once.
    const again = await bindPhone(ticket, nextPhone());
    expect(again.body).toMatchObject({ code: 400, msg: "微信登录已失效，请重新扫码" });

    // Next time: straight in, with a login ticket that works once.
    const next = await signIn(browser, "alice");
    const loginTicket = next.searchParams.get("wxticket") ?? "";
    expect(next.searchParams.get("wxbind")).toBeNull();
    const login = await call<LoginResult>(t.app, "POST", "wechat/ticketLogin", {
      params: { ticket: loginTicket },
    });
    expect(login.body.code, login.body.msg).toBe(200);
    expect(login.body.data.userInfo.phone).toBe(phone);
    const replay = await call(t.app, "POST", "wechat/ticketLogin", { params: { ticket: loginTicket } });
    expect(replay.body).toMatchObject({ code: 400, msg: "微信登录已失效，请重新扫码" });
    // Two tabs racing with one ticket: one session.
    const raced = (await signIn(browser, "alice")).searchParams.get("wxticket") ?? "";
    const both = await Promise.all(
      [1, 2].map(() => call(t.app, "POST", "wechat/ticketLogin", { params: { ticket: raced } })),
    );
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 400]);
    // A bind ticket is no login ticket, and the other way round.
    const wrongKind = await call(t.app, "POST", "wechat/ticketLogin", { params: { ticket } });
    expect(wrongKind.body.code).toBe(400);
  });

  it("binds an existing account by its phone, and the 公众号 sign-in of the same WeChat reaches it", async () => {
    const owner = await buildUser(t, { nickName: "老用户" });
    const phone = owner.user.phone ?? "";
    const browser: Browser = {};
    const landed = await signIn(browser, "bob");
    const bound = await bindPhone(landed.searchParams.get("wxbind") ?? "", phone);
    expect(bound.body.code, bound.body.msg).toBe(200);
    expect(bound.body.data.userInfo.nickName).toBe("老用户");
    expect(await bindingsOf(owner.user.id)).toHaveLength(1);
    const users = await t.db.selectFrom("users").select("id").where("phone", "=", phone).execute();
    expect(users).toHaveLength(1);

    // Inside WeChat, the 公众号's silent authorisation: another openid, the same unionid.
    const phoneBrowser: Browser = {};
    const started = await authorize(t, phoneBrowser, { purpose: "login", app: "oa" });
    const url = new URL(started.data?.url ?? "");
    expect(url.pathname).toBe("/connect/oauth2/authorize");
    expect(url.searchParams.get("scope")).toBe("snsapi_base");
    expect(url.searchParams.get("appid")).toBe(OA.appId);
    const inWeChat = await callback(t, phoneBrowser, await wechatConfirms(url.toString(), "bob"));
    const login = await call<LoginResult>(t.app, "POST", "wechat/ticketLogin", {
      params: { ticket: inWeChat.searchParams.get("wxticket") ?? "" },
    });
    expect(login.body.code, login.body.msg).toBe(200);
    expect(login.body.data.userInfo.phone).toBe(phone);
    // The 公众号's openid is kept beside the website's, for the account.
    expect((await bindingsOf(owner.user.id)).map((row) => row.appId).sort()).toEqual(
      [OA.appId, WEBSITE.appId].sort(),
    );
  });

  it("refuses a replayed state, another browser's state, an expired one and a cancelled authorisation", async () => {
    const before = await counts();
    const exchanged = wechat.stats.codesExchanged;

    // Replayed: the same redirect twice (the second time the state is spent).
    const browser: Browser = {};
    const started = await authorize(t, browser, { purpose: "login", app: "website" });
    const back = await wechatConfirms(started.data?.url ?? "", "carol");
    const first = await callback(t, browser, back);
    expect(first.searchParams.get("wxbind")).toBeTruthy();
    const replayed = await callback(t, browser, back);
    expect(replayed.pathname).toBe("/Loginone");
    expect(replayed.searchParams.get("wxerror")).toBe("wechatStateInvalid");
    expect(wechat.stats.codesExchanged).toBe(exchanged + 1);

    // Another browser (its own nonce cookie) brings this browser's state back.
    const mine: Browser = {};
    const other: Browser = {};
    await authorize(t, other, { purpose: "login", app: "website" });
    const foreignStart = await authorize(t, mine, { purpose: "login", app: "website" });
    const foreignBack = await wechatConfirms(foreignStart.data?.url ?? "", "carol");
    expect((await callback(t, other, foreignBack)).searchParams.get("wxerror")).toBe("wechatStateInvalid");
    expect((await callback(t, {}, foreignBack)).searchParams.get("wxerror")).toBe("wechatStateInvalid");

    // Expired: ten minutes and a second later.
    const late: Browser = {};
    const lateStart = await authorize(t, late, { purpose: "login", app: "website" });
    const lateBack = await wechatConfirms(lateStart.data?.url ?? "", "carol");
    t.clock.advance(601);
    expect((await callback(t, late, lateBack)).searchParams.get("wxerror")).toBe("wechatStateInvalid");

    // Cancelled: WeChat comes back without a code.
    const cancelled = await signIn({}, "", "website");
    expect(cancelled.searchParams.get("wxerror")).toBe("wechatCancelled");

    // Only the first redirect exchanged a code and left a (bind) ticket; nothing was bound.
    expect(wechat.stats.codesExchanged).toBe(exchanged + 1);
    expect(await counts()).toEqual({ bindings: before.bindings, tickets: before.tickets + 1 });
  });

  it("refuses an expired ticket", async () => {
    const landed = await signIn({}, "erin");
    const ticket = landed.searchParams.get("wxbind") ?? "";
    const before = await counts();
    t.clock.advance(301);
    const phone = nextPhone();
    const late = await bindPhone(ticket, phone);
    expect(late.body).toMatchObject({ code: 400, msg: "微信登录已失效，请重新扫码" });
    expect((await counts()).bindings).toBe(before.bindings);
    expect(await t.db.selectFrom("users").select("id").where("phone", "=", phone).execute()).toHaveLength(0);
  });
});

describe("个人中心 · 微信绑定", () => {
  it("binds the signed-in account, shows it, refuses another account, and unbinds", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    expect((await status(a.token)).body.data).toEqual({ bound: false, nickname: "", boundAt: "" });

    // Binding needs a signed-in caller.
    const anonymous = await authorize(t, {}, { purpose: "bind", app: "website" });
    expect(anonymous).toMatchObject({ code: 303 });

    const browserA: Browser = { token: a.token };
    const boundA = await signIn(browserA, "dave~大卫", "website", "bind");
    expect(`${boundA.pathname}${boundA.search}`).toBe("/dc/personalCenter?type=1&wxbound=1");
    const shown = (await status(a.token)).body.data;
    expect(shown).toMatchObject({ bound: true, nickname: "大卫" });
    expect(shown.boundAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The same WeChat for B: refused, B stays unbound.
    const browserB: Browser = { token: b.token };
    const refused = await signIn(browserB, "dave", "website", "bind");
    expect(refused.searchParams.get("wxerror")).toBe("wechatBoundToOther");
    expect(refused.pathname).toBe("/dc/personalCenter");
    expect(await bindingsOf(b.user.id)).toHaveLength(0);
    // Nor by phone: dave's WeChat signs in to A, never to a bind step.
    const asDave = await signIn({}, "dave");
    expect(asDave.searchParams.get("wxticket")).toBeTruthy();

    // A second WeChat for A: refused until the first is unbound.
    const other = await signIn(browserA, "frank", "website", "bind");
    expect(other.searchParams.get("wxerror")).toBe("wechatAccountHasOther");

    const unbound = await call(t.app, "POST", "wechat/unbind", { token: a.token });
    expect(unbound.body).toMatchObject({ code: 200, msg: "已解除微信绑定" });
    expect((await status(a.token)).body.data.bound).toBe(false);
    expect(await bindingsOf(a.user.id)).toHaveLength(0);
    // Unbound: the WeChat is asked for a phone again, and B may now bind it.
    expect((await signIn({}, "dave")).searchParams.get("wxbind")).toBeTruthy();
    expect((await signIn(browserB, "dave", "website", "bind")).searchParams.get("wxbound")).toBe("1");
  });

  it("forgets the WeChat of a deleted account", async () => {
    const gone = await buildUser(t);
    await signIn({ token: gone.token }, "gina", "website", "bind");
    expect(await bindingsOf(gone.user.id)).toHaveLength(1);
    await t.db
      .updateTable("users")
      .set({ deletionRequestedAt: iso(new Date(t.clock.now().getTime() - 40 * 86_400_000)) })
      .where("id", "=", gone.user.id)
      .execute();
    expect(await completeDueDeletions(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await bindingsOf(gone.user.id)).toHaveLength(0);
    expect((await signIn({}, "gina")).searchParams.get("wxbind")).toBeTruthy();
  });
});

describe("the log", () => {
  it("holds no code, state, ticket, secret, openid or unionid", () => {
    const text = log.join("\n");
    // The request lines were logged (LOG_LEVEL info), with the callback's query masked.
    expect(text).toContain("/wjgj/api/wechat/loginCallback?");
    expect(text).toContain("/Loginone?wxbind=[REDACTED]");
    expect(text).toContain("/Loginone?wxticket=[REDACTED]");
    expect(text).toContain("[REDACTED]");
    const ids = ["alice", "bob", "carol", "dave", "erin", "frank", "gina"].flatMap((who) => [
      fakeOpenid(OA.appId, who),
      fakeOpenid(WEBSITE.appId, who),
      fakeUnionid(who),
    ]);
    expect(secrets.size).toBeGreaterThan(20);
    for (const value of [...secrets, ...ids]) expect(text).not.toContain(value);
  });
});
