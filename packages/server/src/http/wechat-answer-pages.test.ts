import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, releaseQuestionnaire, satisfactionSurvey } from "../../test/answering.ts";
import { csvRows } from "../../test/export-fixtures.ts";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { FakeWeChat, fakeOpenid } from "../../test/fake-wechat.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { issueAnswerToken } from "../commands/answering/answer-token.ts";
import { retireOldKeys, runKeyRotation, startKeyRotation } from "../commands/privacy/key-rotation.ts";
import { sealIdentity, WECHAT_ID_COOKIE } from "../wechat/identity-cookie.ts";

/**
 * Respondents as WeChat users (issue #39): 仅限微信作答, 每个微信号限答 N 次 and 记录微信昵称头像, through the
 * 公众号's web authorisation played by the local fake WeChat.
 */
const OA = { appId: "wxtestofficial0001", appSecret: "test-oa-secret-0123456789abcdef" };
const WEBSITE = { appId: "wxtestwebsite00001", appSecret: "test-web-secret-0123456789abcdef" };
const WECHAT_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN";
const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

let fake: FakeWeChat;
let t: TestContext;
let owner: BuiltUser;
const log: string[] = [];

beforeAll(async () => {
  fake = new FakeWeChat({ officialAccount: OA, website: WEBSITE });
  const base = await fake.start();
  t = await createTestContext(
    {
      WECHAT_API_BASE: base,
      WECHAT_OPEN_BASE: base,
      WECHAT_OA_APPID: OA.appId,
      WECHAT_OA_SECRET: OA.appSecret,
      // Request lines and warnings too: nothing of WeChat's identities may reach them.
      LOG_LEVEL: "info",
    },
    undefined,
    { write: (line) => void log.push(line) },
  );
  owner = await buildUser(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function published(settings: Record<string, unknown>) {
  const q = await buildQuestionnaire(t, owner, {
    kind: "survey",
    definition: satisfactionSurvey("微信调查"),
  });
  const saved = await call(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id: q.id, settings },
  });
  expect(saved.body.code, saved.body.msg).toBe(200);
  await releaseQuestionnaire(t, owner, q.id);
  const open = await openAnswering(t, q.publicId);
  return { ...q, revisionId: open.revisionId };
}

type Published = Awaited<ReturnType<typeof published>>;

let seq = 0;
function submit(q: Published, headers: Record<string, string>, deviceId = `wx-device-${++seq}`) {
  return call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
    json: {
      publicId: q.publicId,
      revisionId: q.revisionId,
      answers: { rate: { optionId: "yes" } },
      idempotencyKey: `wx-key-${++seq}-${q.publicId}`,
      deviceId,
      // Fresh each time: the tests move the clock past a page's token.
      answerToken: issueAnswerToken(t.ctx, q.publicId, q.revisionId),
    },
    headers,
    ip: `10.8.${seq >> 8}.${seq & 255}`,
  });
}

/** The cookie WeChat's authorisation leaves for `user` (as the callback seals it). */
const identityCookie = (user: string, appId = OA.appId) =>
  `${WECHAT_ID_COOKIE}=${sealIdentity(t.config, {
    appId,
    openid: fakeOpenid(appId, user),
    unionid: null,
    nickname: "",
    avatarUrl: "",
    at: t.clock.now().getTime(),
  })}`;

const page = (publicId: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/r/${publicId}`, headers });

const setCookie = (header: string | string[] | number | undefined, name: string) => {
  const all = Array.isArray(header) ? header : [String(header ?? "")];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found ? (found.split(";")[0] as string) : null;
};

describe("仅限微信作答", () => {
  it("shows a browser outside WeChat a Chinese page with the link's QR code, and refuses its submit", async () => {
    const q = await published({ wechatOnly: true });
    const shown = await page(q.publicId, { "user-agent": DESKTOP_UA });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toMatch(/text\/html/);
    expect(shown.body).toContain("请在微信中打开");
    expect(shown.body).toContain("该问卷仅限在微信中作答，请用微信扫码或在微信中打开链接");
    expect(shown.body).toMatch(/<svg[^>]*>[\s\S]*<path/);
    expect(shown.body).toContain(`/r/${q.publicId}`);
    // No form and no answer data on it.
    expect(shown.body).not.toContain("__ANSWER_DATA__");

    const refused = await submit(q, { "user-agent": DESKTOP_UA });
    expect(refused.body).toMatchObject({
      code: 403,
      msg: "该问卷仅限在微信中作答，请用微信扫码或在微信中打开链接",
    });
    // Inside WeChat but without the authorisation's cookie: told to open it again.
    const unidentified = await submit(q, { "user-agent": WECHAT_UA });
    expect(unidentified.body).toMatchObject({
      code: 403,
      msg: "需要先通过微信授权才能提交，请在微信中重新打开问卷链接",
    });
    expect(
      await t.db.selectFrom("responses").where("questionnaireId", "=", q.id).selectAll().execute(),
    ).toEqual([]);
  });

  it("refuses a forged, edited or foreign identity cookie", async () => {
    const q = await published({ wechatOnly: true });
    const good = identityCookie("mallory");
    const value = good.slice(WECHAT_ID_COOKIE.length + 1);
    const flipped = `${value.slice(0, 30)}${value[30] === "A" ? "B" : "A"}${value.slice(31)}`;
    const plainJson = Buffer.from(
      JSON.stringify({ appId: OA.appId, openid: "o-forged", nickname: "", avatarUrl: "", at: Date.now() }),
    ).toString("base64url");
    for (const cookie of [
      `${WECHAT_ID_COOKIE}=${flipped}`,
      `${WECHAT_ID_COOKIE}=${plainJson}`,
      identityCookie("mallory", "wxsomeotherapp0001"),
    ]) {
      const refused = await submit(q, { "user-agent": WECHAT_UA, cookie });
      expect(refused.body).toMatchObject({
        code: 403,
        msg: "需要先通过微信授权才能提交，请在微信中重新打开问卷链接",
      });
    }
    // An expired one too (a week after WeChat confirmed it).
    const stale = identityCookie("mallory");
    t.clock.advance(8 * 24 * 3600);
    expect((await submit(q, { "user-agent": WECHAT_UA, cookie: stale })).body.code).toBe(403);
    expect((await submit(q, { "user-agent": WECHAT_UA, cookie: identityCookie("mallory") })).body.code).toBe(
      200,
    );
  });
});

describe("the 公众号's web authorisation", () => {
  it("round-trips through WeChat, sets the identity cookie and records the nickname when asked", async () => {
    const q = await published({ wechatOnly: true, wechatProfile: true });
    const first = await page(q.publicId, { "user-agent": WECHAT_UA });
    expect(first.statusCode).toBe(302);
    const authorize = new URL(String(first.headers.location));
    expect(authorize.origin).toBe(fake.url);
    expect(authorize.pathname).toBe("/connect/oauth2/authorize");
    expect(authorize.searchParams.get("scope")).toBe("snsapi_userinfo");
    expect(authorize.searchParams.get("appid")).toBe(OA.appId);
    expect(authorize.hash).toBe("#wechat_redirect");
    const browser = setCookie(first.headers["set-cookie"], "wjgj_wxb");
    expect(browser).not.toBeNull();

    // The user agrees on WeChat's page, which sends the browser back with a code.
    authorize.searchParams.set("fake_user", "alice~小明");
    const consent = await fetch(authorize, { redirect: "manual" });
    const back = new URL(String(consent.headers.get("location")));
    expect(back.pathname).toBe("/wjgj/api/wechat/answerCallback");
    const callbackUrl = `${back.pathname}${back.search}`;
    const done = await t.app.inject({
      method: "GET",
      url: callbackUrl,
      headers: { cookie: String(browser) },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/r/${q.publicId}`);
    const identity = setCookie(done.headers["set-cookie"], WECHAT_ID_COOKIE);
    expect(identity).not.toBeNull();
    expect(String(done.headers["set-cookie"])).toMatch(/HttpOnly/);
    // The openid is sealed: the cookie does not show it.
    const openid = fakeOpenid(OA.appId, "alice");
    expect(identity).not.toContain(openid);

    // The same state again (a replay) is refused with a Chinese page.
    const replay = await t.app.inject({
      method: "GET",
      url: callbackUrl,
      headers: { cookie: String(browser) },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain("需要先通过微信授权才能提交");

    const cookies = `${browser}; ${identity}`;
    const form = await page(q.publicId, { "user-agent": WECHAT_UA, cookie: cookies });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("__ANSWER_DATA__");

    const stored = await submit(q, { "user-agent": WECHAT_UA, cookie: cookies });
    expect(stored.body.code, stored.body.msg).toBe(200);
    const row = await t.db
      .selectFrom("responses")
      .select(["wechatKey", "wechatProfile"])
      .where("id", "=", stored.body.data.responseId)
      .executeTakeFirstOrThrow();
    expect(row.wechatKey).toMatch(/^h:/);
    expect(row.wechatKey).not.toContain(openid);
    // Sealed like personal answers: neither name nor avatar readable in the database.
    expect(row.wechatProfile).toMatch(/^enc:v1:/);
    expect(row.wechatProfile).not.toContain("小明");

    const detail = await call<{ wechat: { nickname: string; avatarUrl: string } | null }>(
      t.app,
      "GET",
      "answer/getAnswerDetail",
      { token: owner.token, params: { id: q.id, responseId: stored.body.data.responseId } },
    );
    expect(detail.body.code, detail.body.msg).toBe(200);
    expect(detail.body.data.wechat).toEqual({
      nickname: "小明",
      avatarUrl: "https://thirdwx.qlogo.cn/mmopen/fake/alice/132",
    });

    // The spreadsheets: 微信昵称 / 微信头像 columns, masked like a name unless made with personal data in full.
    const [maskedHeader = [], maskedRow = []] = await csvRows(t, q.id, null);
    expect(maskedHeader).toEqual(expect.arrayContaining(["微信昵称", "微信头像"]));
    const nicknameAt = maskedHeader.indexOf("微信昵称");
    expect(maskedRow[nicknameAt]).toBe("小*");
    const [, fullRow = []] = await csvRows(t, q.id, { fullPersonal: true });
    expect(fullRow.slice(nicknameAt, nicknameAt + 2)).toEqual([
      "小明",
      "https://thirdwx.qlogo.cn/mmopen/fake/alice/132",
    ]);

    // Nothing of it in the log: no openid, no code, no state.
    const text = log.join("");
    expect(text).toContain("answerCallback");
    expect(text).not.toContain(openid);
    expect(text).not.toContain(String(back.searchParams.get("code")));
    expect(text).not.toContain(String(back.searchParams.get("state")));
  });

  it("asks silently (snsapi_base) without 记录微信昵称头像, and explains a refusal in Chinese", async () => {
    const q = await published({ limitPerWechat: { enabled: true, max: 1, period: "total" } });
    const first = await page(q.publicId, { "user-agent": WECHAT_UA });
    const authorize = new URL(String(first.headers.location));
    expect(authorize.searchParams.get("scope")).toBe("snsapi_base");
    const browser = String(setCookie(first.headers["set-cookie"], "wjgj_wxb"));
    // No fake user chosen: WeChat sends the browser back without a code, as when the user refuses.
    const refused = await fetch(authorize, { redirect: "manual" });
    const back = new URL(String(refused.headers.get("location")));
    expect(back.searchParams.has("code")).toBe(false);
    const shown = await t.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browser },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("您未同意微信授权，无法作答本问卷");
    expect(shown.body).toContain(`href="/r/${q.publicId}"`);
    expect(shown.headers["set-cookie"]).toBeUndefined();
  });

  it("lets a respondent who declines to share the nickname answer without it, where WeChat is not required", async () => {
    const q = await published({ wechatProfile: true });
    const first = await page(q.publicId, { "user-agent": WECHAT_UA });
    const authorize = new URL(String(first.headers.location));
    expect(authorize.searchParams.get("scope")).toBe("snsapi_userinfo");
    const browser = String(setCookie(first.headers["set-cookie"], "wjgj_wxb"));
    const refused = await fetch(authorize, { redirect: "manual" });
    const back = new URL(String(refused.headers.get("location")));
    const returned = await t.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browser },
    });
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/r/${q.publicId}?wx=declined`);
    const form = await t.app.inject({
      method: "GET",
      url: String(returned.headers.location),
      headers: { "user-agent": WECHAT_UA, cookie: browser },
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("__ANSWER_DATA__");
    const stored = await submit(q, { "user-agent": WECHAT_UA, cookie: browser });
    expect(stored.body.code).toBe(200);
    const row = await t.db
      .selectFrom("responses")
      .select(["wechatKey", "wechatProfile"])
      .where("id", "=", stored.body.data.responseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ wechatKey: null, wechatProfile: null });
    // 仅限微信作答 is not skipped that way.
    const only = await published({ wechatOnly: true });
    const again = await page(only.publicId, { "user-agent": WECHAT_UA });
    expect(again.statusCode).toBe(302);
    const skipped = await t.app.inject({
      method: "GET",
      url: `/r/${only.publicId}?wx=declined`,
      headers: { "user-agent": WECHAT_UA },
    });
    expect(skipped.statusCode).toBe(302);
    expect(String(skipped.headers.location)).toContain("/connect/oauth2/authorize");
  });

  it("leaves everything as it was without the settings, and outside WeChat when only the nickname is asked", async () => {
    const plain = await published({});
    const shown = await page(plain.publicId, { "user-agent": WECHAT_UA });
    expect(shown.statusCode).toBe(200);
    expect((await submit(plain, { "user-agent": WECHAT_UA })).body.code).toBe(200);
    const profiled = await published({ wechatProfile: true });
    expect((await page(profiled.publicId, { "user-agent": DESKTOP_UA })).statusCode).toBe(200);
    expect((await submit(profiled, { "user-agent": DESKTOP_UA })).body.code).toBe(200);
  });
});

describe("a site without a 公众号", () => {
  it("hides the settings (wechat/options) and answers as before, whatever was saved", async () => {
    const bare = await createTestContext();
    try {
      expect((await call(bare.app, "GET", "wechat/options")).body.data).toMatchObject({ respondents: false });
      expect((await call(t.app, "GET", "wechat/options")).body.data).toMatchObject({ respondents: true });
      const creator = await buildUser(bare);
      const q = await buildQuestionnaire(bare, creator, {
        kind: "survey",
        definition: satisfactionSurvey("没有公众号"),
      });
      await call(bare.app, "POST", "questionary/updateQuestionarySet", {
        token: creator.token,
        json: {
          id: q.id,
          settings: { wechatOnly: true, limitPerWechat: { enabled: true }, wechatProfile: true },
        },
      });
      await releaseQuestionnaire(bare, creator, q.id);
      const open = await openAnswering(bare, q.publicId);
      const shown = await bare.app.inject({
        method: "GET",
        url: `/r/${q.publicId}`,
        headers: { "user-agent": DESKTOP_UA },
      });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain("__ANSWER_DATA__");
      const stored = await call(bare.app, "POST", "anQuestion/questionAnswer", {
        json: {
          publicId: q.publicId,
          revisionId: open.revisionId,
          answers: { rate: { optionId: "yes" } },
          idempotencyKey: `bare-key-${Date.now()}-1`,
          deviceId: "bare-device-1",
          answerToken: issueAnswerToken(bare.ctx, q.publicId, open.revisionId),
        },
        headers: { "user-agent": DESKTOP_UA },
      });
      expect(stored.body.code, stored.body.msg).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe("记录微信昵称头像 at rest", () => {
  it("goes under a rotated data key with the answers, and still opens once the old key is gone", async () => {
    const q = await published({ wechatProfile: true });
    const cookie = `${WECHAT_ID_COOKIE}=${sealIdentity(t.config, {
      appId: OA.appId,
      openid: fakeOpenid(OA.appId, "rotated"),
      unionid: null,
      nickname: "轮换用户",
      avatarUrl: "https://thirdwx.qlogo.cn/mmopen/fake/rotated/132",
      at: t.clock.now().getTime(),
    })}`;
    const stored = await submit(q, { "user-agent": WECHAT_UA, cookie });
    expect(stored.body.code, stored.body.msg).toBe(200);
    const before = await t.db
      .selectFrom("responses")
      .select(["wechatProfile", "sealedGeneration"])
      .where("id", "=", stored.body.data.responseId)
      .executeTakeFirstOrThrow();
    // No personal question: the profile alone makes the response sealed, under generation 1.
    expect(before.sealedGeneration).toBe(1);
    await runKeyRotation(t.ctx, await startKeyRotation(t.ctx, q.id, true));
    const after = await t.db
      .selectFrom("responses")
      .select(["wechatProfile", "sealedGeneration"])
      .where("id", "=", stored.body.data.responseId)
      .executeTakeFirstOrThrow();
    expect(after.sealedGeneration).toBe(2);
    expect(after.wechatProfile).toMatch(/^enc:v1:2:/);
    t.clock.advance(2 * 3600);
    expect(await retireOldKeys(t.ctx)).toBeGreaterThanOrEqual(1);
    const detail = await call<{ wechat: { nickname: string } | null }>(
      t.app,
      "GET",
      "answer/getAnswerDetail",
      {
        token: owner.token,
        params: { id: q.id, responseId: stored.body.data.responseId },
      },
    );
    expect(detail.body.data.wechat?.nickname).toBe("轮换用户");
  });
});

describe("每个微信号限答", () => {
  it("once per WeChat user holds for 200 simultaneous submits from 50 WeChat users: exactly 50", async () => {
    const q = await published({ limitPerWechat: { enabled: true, max: 1, period: "total" } });
    const cookies = Array.from({ length: 50 }, (_, i) => identityCookie(`racer${i}`));
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submit(q, { "user-agent": WECHAT_UA, cookie: cookies[i % 50] as string }),
      ),
    );
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(50);
    expect(new Set(replies.filter((r) => r.body.code !== 200).map((r) => r.body.msg))).toEqual(
      new Set(["该微信号已提交过答卷，不能重复提交"]),
    );
    const rows = await t.db
      .selectFrom("responses")
      .select("wechatKey")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.wechatKey)).size).toBe(50);
  });

  it("counts per day when asked, and per questionnaire", async () => {
    const q = await published({ limitPerWechat: { enabled: true, max: 2, period: "day" } });
    const cookie = identityCookie("daily");
    const headers = { "user-agent": WECHAT_UA, cookie };
    expect((await submit(q, headers)).body.code).toBe(200);
    expect((await submit(q, headers)).body.code).toBe(200);
    expect((await submit(q, headers)).body).toMatchObject({
      code: 429,
      msg: "该微信号已提交过答卷，不能重复提交",
    });
    t.clock.advance(86_400);
    expect((await submit(q, headers)).body.code).toBe(200);
    const other = await published({ limitPerWechat: { enabled: true, max: 1, period: "total" } });
    expect((await submit(other, headers)).body.code).toBe(200);
  });
});
