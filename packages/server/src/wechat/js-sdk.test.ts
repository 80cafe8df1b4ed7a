import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publishNew } from "../../test/answering.ts";
import { buildUser, sampleDefinition } from "../../test/factories.ts";
import { FakeWeChat } from "../../test/fake-wechat.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../test/helpers.ts";
import { jsapiSignature } from "./js-sdk.ts";

const OA = { appId: "wxjssdktest000001", appSecret: `oa-secret-${Math.random().toString(36).slice(2)}` };
const WEB = { appId: "wxjssdkweb0000001", appSecret: "web-secret-0123456789" };

describe("jsapiSignature", () => {
  it("matches WeChat's documented example (附录1)", () => {
    expect(
      jsapiSignature({
        nonceStr: "Wm3WZYTPz0wzccnW",
        ticket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
        timestamp: 1414587457,
        url: "http://mp.weixin.qq.com?params=value",
      }),
    ).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
  });

  it("signs the address without its #fragment", () => {
    const base = { nonceStr: "n", ticket: "t", timestamp: 1 };
    expect(jsapiSignature({ ...base, url: "https://a.example/r/abc?x=1#/page2" })).toBe(
      jsapiSignature({ ...base, url: "https://a.example/r/abc?x=1" }),
    );
  });
});

describe("wechat/jsConfig", () => {
  const fake = new FakeWeChat({ officialAccount: OA, website: WEB });
  const logs: string[] = [];
  let t: TestContext;
  let bare: TestContext;

  beforeAll(async () => {
    const base = await fake.start();
    t = await createTestContext({
      WECHAT_API_BASE: base,
      WECHAT_OPEN_BASE: base,
      WECHAT_OA_APPID: OA.appId,
      WECHAT_OA_SECRET: OA.appSecret,
    });
    bare = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("wechat_cache").execute();
    fake.stats.ticketsIssued = 0;
    fake.stats.tokensIssued = 0;
  });

  const pageUrl = "https://wj.example.com/r/Ab3dE5gH?from=groupmessage#top";
  const ask = (app = t.app, url = pageUrl, host = "wj.example.com") =>
    call<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(
      app,
      "GET",
      "wechat/jsConfig",
      {
        params: { url },
        headers: { host },
      },
    );

  it("answers wx.config's fields, signed over the page's address with the 公众号's ticket", async () => {
    const res = await ask();
    expect(res.body.code, res.body.msg).toBe(200);
    const config = res.body.data;
    expect(config.appId).toBe(OA.appId);
    expect(config.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(config.nonceStr).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const expected = createHash("sha1")
      .update(
        `jsapi_ticket=${fake.ticket}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=https://wj.example.com/r/Ab3dE5gH?from=groupmessage`,
      )
      .digest("hex");
    expect(config.signature).toBe(expected);
    // Neither the ticket nor the token travels to the page.
    expect(JSON.stringify(res.body)).not.toContain(fake.ticket);
  });

  it("two instances on one database fetch the token and the ticket once between them", async () => {
    const other = await secondInstance(t);
    try {
      expect((await ask(t.app)).body.code).toBe(200);
      expect((await ask(other.app)).body.code).toBe(200);
      expect(fake.stats.ticketsIssued).toBe(1);
      expect(fake.stats.tokensIssued).toBe(1);
      const kept = await t.db.selectFrom("wechat_cache").select("name").orderBy("name").execute();
      expect(kept.map((row) => row.name)).toEqual([
        `oa:${OA.appId}:access_token`,
        `oa:${OA.appId}:jsapi_ticket`,
      ]);
    } finally {
      await other.close();
    }
  });

  it("concurrent callers in one process share one fetch", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask()));
    expect(answers.every((res) => res.body.code === 200)).toBe(true);
    expect(fake.stats.ticketsIssued).toBe(1);
    expect(fake.stats.tokensIssued).toBe(1);
  });

  it("fetches a new ticket within five minutes of the kept one's expiry, not before", async () => {
    await ask();
    t.clock.advance(7200 - 6 * 60);
    await ask();
    expect(fake.stats.ticketsIssued).toBe(1);
    t.clock.advance(2 * 60);
    await ask();
    expect(fake.stats.ticketsIssued).toBe(2);
  });

  it("asks for a fresh token once when WeChat says the kept one is no longer valid", async () => {
    await ask();
    // WeChat voided the token (another instance forced a refresh); the ticket is due again.
    (fake as unknown as { accessTokens: Set<string> }).accessTokens.clear();
    await t.db.deleteFrom("wechat_cache").where("name", "=", `oa:${OA.appId}:jsapi_ticket`).execute();
    const res = await ask();
    expect(res.body.code, res.body.msg).toBe(200);
    expect(fake.stats.tokensIssued).toBe(2);
    expect(fake.stats.ticketsIssued).toBe(2);
  });

  it("refuses another site's address, and a malformed one, with a Chinese message", async () => {
    for (const url of [
      "https://evil.example/r/Ab3dE5gH",
      "javascript:alert(1)",
      "not a url",
      "//wj.example.com/r/x",
      "ftp://wj.example.com/r/x",
    ]) {
      const res = await ask(t.app, url);
      expect(res.body.code, url).toBe(400);
      expect(res.body.msg).toBe("只能为本站的页面获取微信分享配置");
    }
    expect(fake.stats.ticketsIssued).toBe(0);
  });

  it("says it is not configured when no 公众号 is", async () => {
    const res = await ask(bare.app);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe("本站尚未开通微信公众号，暂不能设置微信分享卡片");
    expect(res.body.data).toEqual({ configured: false });
  });

  it("tells the answer page to set share cards up only when a 公众号 is configured", async () => {
    const shareFlag = async (ctx: TestContext) => {
      const owner = await buildUser(ctx);
      const q = await publishNew(ctx, owner, { definition: sampleDefinition() });
      const page = await ctx.app.inject({ method: "GET", url: `/r/${q.publicId}` });
      expect(page.statusCode).toBe(200);
      return page.body.includes('"wechatShare":true');
    };
    expect(await shareFlag(t)).toBe(true);
    // Without one the page inside WeChat neither loads the JS-SDK nor asks wechat/jsConfig for a refusal.
    expect(await shareFlag(bare)).toBe(false);
  });

  it("answers a Chinese message when WeChat refuses, and logs neither the secret nor the token", async () => {
    const broken = await createTestContext(
      {
        WECHAT_API_BASE: fake.url,
        WECHAT_OA_APPID: OA.appId,
        WECHAT_OA_SECRET: "a-wrong-secret-value",
        LOG_LEVEL: "info",
      },
      undefined,
      { write: (line) => void logs.push(line) },
    );
    try {
      const res = await ask(broken.app);
      expect(res.body.code).toBe(409);
      expect(res.body.msg).toBe("微信分享配置获取失败，请稍后重试");
    } finally {
      await broken.close();
    }
    const all = logs.join("\n");
    expect(all).toContain("WeChat jsapi_ticket unavailable");
    for (const secret of ["a-wrong-secret-value", OA.appSecret, fake.ticket, "at-"])
      expect(all).not.toContain(secret);
  });
});
