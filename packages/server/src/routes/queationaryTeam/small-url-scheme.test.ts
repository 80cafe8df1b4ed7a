import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

const APP_ID = "wx-test-app";
const SECRET = `secret-${Math.random().toString(36).slice(2)}`;

/**
 * A local stand-in for WeChat's mini-program API: /cgi-bin/stable_token hands out numbered tokens for the
 * right app id and secret, /wxa/generatescheme accepts only the newest token (or answers `nextError` once).
 */
class FakeWeChat {
  readonly server: FastifyInstance = Fastify();
  tokensIssued = 0;
  forcedRefreshes = 0;
  schemes: { token: string; body: Record<string, unknown> }[] = [];
  valid = new Set<string>();
  nextError: { errcode: number; errmsg: string } | null = null;

  async start(): Promise<string> {
    this.server.post("/cgi-bin/stable_token", async (request) => {
      const body = request.body as Record<string, unknown>;
      if (body.appid !== APP_ID || body.secret !== SECRET)
        return { errcode: 40125, errmsg: "invalid appsecret" };
      if (body.force_refresh === true) this.forcedRefreshes++;
      this.tokensIssued++;
      const token = `token-${this.tokensIssued}`;
      this.valid.add(token);
      return { access_token: token, expires_in: 7200 };
    });
    this.server.post("/wxa/generatescheme", async (request) => {
      const token = (request.query as { access_token?: string }).access_token ?? "";
      if (!this.valid.has(token)) return { errcode: 40001, errmsg: "invalid credential" };
      if (this.nextError) {
        const error = this.nextError;
        this.nextError = null;
        return error;
      }
      this.schemes.push({ token, body: request.body as Record<string, unknown> });
      return { errcode: 0, errmsg: "ok", openlink: `weixin://dl/business/?t=scheme${this.schemes.length}` };
    });
    return this.server.listen({ host: "127.0.0.1", port: 0 });
  }
}

const wechat = new FakeWeChat();
let t: TestContext;
let bare: TestContext;

beforeAll(async () => {
  const base = await wechat.start();
  t = await createTestContext({
    WECHAT_MP_APPID: APP_ID,
    WECHAT_MP_SECRET: SECRET,
    WECHAT_API_BASE: base,
    WECHAT_MP_PAGE: "pages/answer/index",
  });
  bare = await createTestContext();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await wechat.server.close();
});
beforeEach(() => {
  wechat.nextError = null;
});

async function published(ctx: TestContext) {
  const owner = await buildUser(ctx);
  const q = await buildQuestionnaire(ctx, owner);
  const released = await call(ctx.app, "POST", "questionary/releaseQuestionary", {
    token: owner.token,
    params: { id: q.id },
  });
  expect(released.body.code, released.body.msg).toBe(200);
  return { owner, q };
}

const scheme = (ctx: TestContext, token: string | undefined, id: number) =>
  call<{ openlink: string; expireTime: string }>(ctx.app, "POST", "queationaryTeam/getSmallUrlScheme", {
    ...(token ? { token } : {}),
    params: { id },
  });

describe("queationaryTeam/getSmallUrlScheme", () => {
  it("says so in Chinese when no mini program is configured", async () => {
    const { owner, q } = await published(bare);
    const { body } = await scheme(bare, owner.token, q.id);
    expect(body.code).toBe(400);
    expect(body.msg).toBe("尚未配置微信小程序，暂不能生成小程序链接");
    expect(body.data).toEqual({ configured: false });
  });

  it("asks WeChat for a 30-day scheme to the answer page of a published questionnaire", async () => {
    const owner = await buildUser(t);
    const draft = await buildQuestionnaire(t, owner);
    const refused = await scheme(t, owner.token, draft.id);
    expect(refused.body).toMatchObject({ code: 400, msg: "考试发布后才能生成小程序链接" });
    expect(wechat.schemes).toHaveLength(0);

    const { owner: creator, q } = await published(t);
    const { body } = await scheme(t, creator.token, q.id);
    expect(body.code, body.msg).toBe(200);
    expect(body.data.openlink).toMatch(/^weixin:\/\/dl\/business\/\?t=scheme\d+$/);
    expect(body.data.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const sent = wechat.schemes.at(-1)?.body;
    expect(sent).toEqual({
      jump_wxa: { path: "pages/answer/index", query: `id=${q.publicId}`, env_version: "release" },
      is_expire: true,
      expire_type: 1,
      expire_interval: 30,
    });
  });

  it("keeps the access token and each questionnaire's scheme instead of asking again", async () => {
    const first = await published(t);
    const second = await published(t);
    await scheme(t, first.owner.token, first.q.id);
    const tokens = wechat.tokensIssued;
    const schemes = wechat.schemes.length;
    const again = await scheme(t, first.owner.token, first.q.id);
    expect(again.body.code).toBe(200);
    expect(wechat.schemes.length).toBe(schemes);
    const other = await scheme(t, second.owner.token, second.q.id);
    expect(other.body.code).toBe(200);
    expect(wechat.schemes.length).toBe(schemes + 1);
    expect(wechat.tokensIssued).toBe(tokens);
  });

  it("fetches a fresh token once when WeChat says the kept one is no longer valid", async () => {
    const { owner, q } = await published(t);
    wechat.valid.clear();
    const forced = wechat.forcedRefreshes;
    const { body } = await scheme(t, owner.token, q.id);
    expect(body.code, body.msg).toBe(200);
    expect(wechat.forcedRefreshes).toBe(forced + 1);
  });

  it("answers one Chinese message when WeChat refuses", async () => {
    const { owner, q } = await published(t);
    wechat.nextError = { errcode: 85401, errmsg: "time limit between 1min and 30days" };
    const { body } = await scheme(t, owner.token, q.id);
    expect(body).toMatchObject({ code: 400, msg: "微信暂时无法生成小程序链接，请稍后再试" });
  });

  it("is the questionnaire's readers' alone: 303 anonymously, 403 to another account", async () => {
    const { q } = await published(t);
    const intruder = await buildUser(t);
    const before = wechat.schemes.length;
    expect((await scheme(t, undefined, q.id)).body.code).toBe(303);
    expect((await scheme(t, intruder.token, q.id)).body.code).toBe(403);
    expect(wechat.schemes.length).toBe(before);
  });
});
