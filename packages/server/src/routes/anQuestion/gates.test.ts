import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { releaseQuestionnaire } from "../../../test/answering.ts";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { ANSWER_TOKEN_TTL_SECONDS, issueAnswerToken } from "../../commands/answering/answer-token.ts";
import { passwordGateLimits } from "../../commands/answering/password-gate.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "会员满意度",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: "总体满意度",
          required: true,
          config: {
            options: [
              { id: "a", label: "满意" },
              { id: "b", label: "不满意" },
            ],
          },
        },
      ],
    },
  ],
};

type Opened = { gate: string | null; revisionId: number | null; answerToken: string | null };

async function published(password = "") {
  const q = await buildQuestionnaire(t, owner, { kind: "survey", title: definition.title, definition });
  if (password)
    await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: q.id, settings: { password } },
    });
  await releaseQuestionnaire(t, owner, q.id);
  return q;
}

const open = (publicId: string, password?: string, ip = "10.9.0.1") =>
  call<Opened>(t.app, "GET", "anQuestion/getQuestionary", {
    params: { publicId, ...(password ? { password } : {}) },
    ip,
  });

let seq = 0;
const submit = (body: Record<string, unknown>, ip = "10.9.0.1") => {
  seq += 1;
  return call(t.app, "POST", "anQuestion/questionAnswer", {
    json: { answers: { q1: { optionId: "a" } }, idempotencyKey: `gate-key-${seq}`, ...body },
    ip,
  });
};

const stored = async () => (await t.db.selectFrom("responses").selectAll().execute()).length;

describe("the answering-session token", () => {
  it("comes with an answerable questionnaire only, and a submission with it is stored", async () => {
    const q = await published("2468");
    expect((await open(q.publicId)).body.data).toMatchObject({ gate: "password", answerToken: null });
    const opened = (await open(q.publicId, "2468")).body.data;
    expect(opened.answerToken).toMatch(/^[0-9A-Za-z]+\.\d+\.\d+\.[\w-]{22}\.[\w-]{22}$/);
    const res = await submit({
      publicId: q.publicId,
      revisionId: opened.revisionId,
      answerToken: opened.answerToken,
      password: "2468",
    });
    expect(res.body.code).toBe(200);
  });

  it("refuses a missing, forged, foreign, other-revision, other-key or expired token, storing nothing", async () => {
    const q = await published();
    const other = await published();
    const { revisionId, answerToken } = (await open(q.publicId)).body.data;
    const token = String(answerToken);
    const base = { publicId: q.publicId, revisionId };
    const refusal = async (body: Record<string, unknown>, msg: string) => {
      const res = await submit({ ...base, ...body });
      expect(res.body, JSON.stringify(body)).toMatchObject({
        code: 400,
        msg,
        data: { errors: [{ field: "answerToken", message: msg }] },
      });
    };
    const invalid = "答题页面校验失败，请刷新页面后重新提交";
    await refusal({}, "答题页面已失效，请刷新页面后重新提交");
    await refusal({ answerToken: "not-a-token" }, invalid);
    // Same claims, a MAC that is not the server's.
    await refusal(
      { answerToken: `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}` },
      invalid,
    );
    // A genuine token with its claims edited: another revision.
    const [pid, , exp, session, mac] = token.split(".");
    await refusal({ answerToken: [pid, Number(revisionId) + 1, exp, session, mac].join(".") }, invalid);
    // Genuine tokens, but for another questionnaire or another revision than the one submitted.
    await refusal({ answerToken: (await open(other.publicId)).body.data.answerToken }, invalid);
    await refusal({ answerToken: issueAnswerToken(t.ctx, q.publicId, Number(revisionId) + 1) }, invalid);
    // Signed with another server's secret.
    const foreignServer = { ...t.ctx, config: { ...t.config, answerTokenSecret: "another-server-secret" } };
    await refusal({ answerToken: issueAnswerToken(foreignServer, q.publicId, Number(revisionId)) }, invalid);
    t.clock.advance(ANSWER_TOKEN_TTL_SECONDS);
    await refusal(
      { answerToken: token },
      "答题页面停留时间过长已失效，请刷新页面后重新提交（已填写的内容会保留）",
    );
    expect(await stored()).toBe(0);
    const fresh = (await open(q.publicId)).body.data.answerToken;
    expect((await submit({ ...base, answerToken: fresh })).body.code).toBe(200);
    expect(await stored()).toBe(1);
  });

  it("is issued with the owner's preview, whose submissions need none and are never stored", async () => {
    const q = await published();
    const preview = await call<{ answerToken: string; draftVersion: number }>(
      t.app,
      "GET",
      "anQuestion/getPreviewQuestionary",
      { token: owner.token, params: { publicId: q.publicId } },
    );
    expect(preview.body.data.answerToken).toMatch(/\./);
    const res = await call(t.app, "POST", "anQuestion/questionAnswer", {
      token: owner.token,
      json: {
        publicId: q.publicId,
        revisionId: preview.body.data.draftVersion,
        answers: { q1: { optionId: "b" } },
        idempotencyKey: "preview-gate-1",
        preview: true,
      },
    });
    expect(res.body).toMatchObject({ code: 200, data: { preview: true } });
    expect(await stored()).toBe(0);
  });
});

describe("the password gate", () => {
  const throttled = { code: 429, msg: "访问密码错误次数过多，请10分钟后再试" };

  it("locks one IP out of one questionnaire after 10 wrong tries in 10 minutes", async () => {
    const q = await published("8888");
    const elsewhere = await published("8888");
    for (let i = 0; i < passwordGateLimits.perIp; i += 1) {
      expect((await open(q.publicId, `${1000 + i}`)).body.data.gate).toBe("password");
    }
    expect((await open(q.publicId, "0000")).body).toMatchObject(throttled);
    // Even the right password waits: a lockout must not reveal a right guess.
    expect((await open(q.publicId, "8888")).body).toMatchObject(throttled);
    // Visiting without a password is no guess; other IPs and other questionnaires are not affected.
    expect((await open(q.publicId)).body.data.gate).toBe("password");
    expect((await open(q.publicId, "8888", "10.9.0.2")).body.data.gate).toBeNull();
    expect((await open(elsewhere.publicId, "8888")).body.data.gate).toBeNull();
    t.clock.advance(passwordGateLimits.windowSeconds + 1);
    expect((await open(q.publicId, "8888")).body.data.gate).toBeNull();
  });

  it("counts wrong passwords sent with submissions, and refuses those too once locked", async () => {
    const q = await published("8888");
    const { revisionId, answerToken } = (await open(q.publicId, "8888")).body.data;
    const body = { publicId: q.publicId, revisionId, answerToken };
    for (let i = 0; i < 5; i += 1) expect((await open(q.publicId, `${2000 + i}`)).body.code).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await submit({ ...body, password: `${3000 + i}` })).body).toMatchObject({
        code: 403,
        msg: "访问密码错误，请重新输入",
      });
    }
    expect((await submit({ ...body, password: "8888" })).body).toMatchObject(throttled);
    expect((await submit({ ...body, password: "8888" }, "10.9.0.3")).body.code).toBe(200);
    expect(await stored()).toBe(1);
  });

  it("follows a password set or removed between two submissions at once", async () => {
    const q = await published();
    const { revisionId, answerToken } = (await open(q.publicId)).body.data;
    const body = { publicId: q.publicId, revisionId, answerToken };
    const setPassword = async (password: string) =>
      expect(
        (
          await call(t.app, "POST", "questionary/updateQuestionarySet", {
            token: owner.token,
            json: { id: q.id, settings: { password } },
          })
        ).body.code,
      ).toBe(200);
    expect((await submit(body)).body.code).toBe(200);
    await setPassword("2468");
    expect((await submit(body)).body).toMatchObject({ code: 403, msg: "访问密码错误，请重新输入" });
    expect((await submit({ ...body, password: "2468" })).body.code).toBe(200);
    await setPassword("");
    expect((await submit(body)).body.code).toBe(200);
    expect(await stored()).toBe(3);
  });

  it("limits everyone together, against guessing spread over many addresses", async () => {
    const q = await published("8888");
    const ips = passwordGateLimits.perQuestionnaire / passwordGateLimits.perIp;
    for (let i = 0; i < ips; i += 1) {
      for (let j = 0; j < passwordGateLimits.perIp; j += 1)
        await open(q.publicId, `${j}${i}99`, `10.8.0.${i}`);
    }
    expect((await open(q.publicId, "8888", "10.8.1.1")).body).toMatchObject(throttled);
  });
});
