import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, publishNew, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildQuestionnaire, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { issueAnswerToken } from "../../commands/answering/answer-token.ts";
import { responseCountColumn } from "../../db/tables/questionnaires.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

/** A survey with a jump to the end, a show condition, an option quota and a unique phone question. */
const survey = {
  schemaVersion: 1,
  kind: "survey",
  title: "社区活动报名",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "join",
          type: "single",
          title: "是否参加本次活动",
          required: true,
          config: {
            options: [
              { id: "yes", label: "参加" },
              { id: "no", label: "不参加" },
            ],
          },
          jumps: [
            {
              when: { kind: "selected", questionId: "join", optionIds: ["no"], match: "any" },
              target: { kind: "submit" },
            },
          ],
        },
        {
          id: "session",
          type: "single",
          title: "选择场次",
          required: true,
          showIf: { kind: "selected", questionId: "join", optionIds: ["yes"], match: "any" },
          config: {
            options: [
              { id: "am", label: "上午场", quota: 2 },
              { id: "pm", label: "下午场" },
            ],
          },
        },
      ],
    },
  ],
};

async function published(
  definition: { title: string } | undefined = survey,
  kind: "survey" | "exam" = "survey",
) {
  const q = await publishNew(t, owner, {
    kind,
    definition,
    ...(definition ? { title: definition.title } : {}),
  });
  const { revisionId } = await openAnswering(t, q.publicId);
  return { q, revisionId };
}

const submit = (
  publicId: string,
  revisionId: number,
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => submitWithToken(t, publicId, revisionId, answers, extra);

const setSettings = (id: number, settings: Record<string, unknown>) =>
  call(t.app, "POST", "questionary/updateQuestionarySet", { token: owner.token, json: { id, settings } });

describe("anQuestion/getQuestionary", () => {
  it("answers the published revision, and the closed states with their messages", async () => {
    const { q } = await published();
    const open = await call<{
      state: string;
      definition: { title: string };
      settings: Record<string, unknown>;
    }>(t.app, "GET", "anQuestion/getQuestionary", { params: { publicId: q.publicId } });
    expect(open.body.data).toMatchObject({
      state: "open",
      gate: null,
      title: "社区活动报名",
      definition: { title: "社区活动报名" },
    });
    expect(open.body.data.settings).not.toHaveProperty("password");

    const state = async () =>
      (
        await call<{ state: string; stateMessage: string; definition: unknown }>(
          t.app,
          "GET",
          "anQuestion/getQuestionary",
          {
            params: { publicId: q.publicId },
          },
        )
      ).body.data;
    await setSettings(q.id, { startTime: "2030-01-01T00:00:00.000Z" });
    expect(await state()).toMatchObject({
      state: "notStarted",
      stateMessage: "问卷尚未开始，请在开始时间后再来填写",
      definition: null,
    });
    await setSettings(q.id, { startTime: "", endTime: "2020-01-01T00:00:00.000Z" });
    expect(await state()).toMatchObject({ state: "ended", stateMessage: "问卷已结束，感谢您的关注" });
    await setSettings(q.id, { endTime: "" });
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });
    expect(await state()).toMatchObject({ state: "stopped", stateMessage: "问卷已暂停收集" });
    await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params: { id: q.id } });
    expect(await state()).toMatchObject({ state: "deleted", stateMessage: "问卷已删除" });

    const draft = await buildQuestionnaire(t, owner, { kind: "survey", definition: survey });
    const unpublished = await call<{ state: string }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: draft.publicId },
    });
    expect(unpublished.body.data.state).toBe("unpublished");
    const missing = await call(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: "Zz9Zz9Zz9Z" },
    });
    expect(missing.body).toMatchObject({ code: 404, msg: "问卷不存在，请检查链接是否正确" });
  });

  it("withholds the definition behind a password or a login, and hides an exam's answer key", async () => {
    const { q } = await published();
    await setSettings(q.id, { password: "8888" });
    const get = (params: Record<string, string>, token?: string) =>
      call<{ gate: string | null; definition: unknown }>(t.app, "GET", "anQuestion/getQuestionary", {
        params: { publicId: q.publicId, ...params },
        ...(token ? { token } : {}),
      });
    expect((await get({})).body.data).toMatchObject({ gate: "password", definition: null });
    expect((await get({ password: "1234" })).body.data.gate).toBe("password");
    expect((await get({ password: "8888" })).body.data.definition).not.toBeNull();
    await setSettings(q.id, { password: "", loginRequired: true });
    expect((await get({})).body.data).toMatchObject({ gate: "login", definition: null });
    expect((await get({}, owner.token)).body.data.gate).toBeNull();

    const exam = await published(sampleDefinition(), "exam");
    const examView = await call(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: exam.q.publicId },
    });
    expect(JSON.stringify(examView.body.data)).not.toMatch(/"correct"|"scoring"|"score"/);
  });
});

describe("anQuestion/questionAnswer", () => {
  it("stores a valid response once per idempotency key and bumps the counters", async () => {
    const { q, revisionId } = await published();
    const body = {
      publicId: q.publicId,
      revisionId,
      answers: { join: { optionId: "yes" }, session: { optionId: "pm" } },
      idempotencyKey: "same-key-123",
      deviceId: "dev-1",
      answerToken: issueAnswerToken(t.ctx, q.publicId, revisionId),
    };
    const first = await call<{ responseId: number; endState: string; thankYouText: string }>(
      t.app,
      "POST",
      "anQuestion/questionAnswer",
      { json: body },
    );
    expect(first.body).toMatchObject({
      code: 200,
      msg: "提交成功，感谢您的参与",
      data: { endState: "submitted", thankYouText: "感谢您的参与！", preview: false },
    });
    const again = await call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
      json: body,
    });
    expect(again.body.data.responseId).toBe(first.body.data.responseId);
    expect(await t.db.selectFrom("responses").selectAll().execute()).toHaveLength(1);
    const check = await call(t.app, "POST", "anQuestion/checkSuccess", {
      json: { publicId: q.publicId, idempotencyKey: "same-key-123" },
    });
    expect(check.body).toMatchObject({ data: { stored: true, responseId: first.body.data.responseId } });
    const none = await call(t.app, "POST", "anQuestion/checkSuccess", {
      json: { publicId: q.publicId, idempotencyKey: "other-key-123" },
    });
    expect(none.body).toMatchObject({ data: { stored: false } });

    const counters = await t.db
      .selectFrom("response_counters")
      .select(["key", "count"])
      .where("questionnaireId", "=", q.id)
      .execute();
    const map = Object.fromEntries(counters.map((c) => [c.key, Number(c.count)]));
    expect(map).toMatchObject({ total: 1, "answered:join": 1, "option:join:yes": 1, "option:session:pm": 1 });
    const row = await t.db
      .selectFrom("questionnaires")
      .select(responseCountColumn)
      .where("id", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(row.responseCount).toBe(1);
    // The labels seen are the revision's own: not copied into the row (counters.ts chosenLabels); the owner's
    // list reads them from the revision answered.
    const stored = await t.db.selectFrom("responses").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(stored.labels)).toEqual({});
    const list = await call<{ list: { id: number; texts: Record<string, string> }[] }>(
      t.app,
      "POST",
      "answer/getAnswerList",
      { token: owner.token, json: { id: q.id, pageNum: 1, pageSize: 10 } },
    );
    expect(list.body.data.list[0]?.texts).toMatchObject({ join: "参加", session: "下午场" });
  });

  it("refuses tampered answers: hidden question, unknown option, missing required, wrong revision", async () => {
    const { q, revisionId } = await published();
    const hidden = await submit(q.publicId, revisionId, {
      join: { optionId: "no" },
      session: { optionId: "am" },
    });
    expect(hidden.body).toMatchObject({ code: 400, msg: "答卷有误，请检查后重新提交" });
    expect(JSON.stringify(hidden.body.data)).toContain("answers.session");
    const unknown = await submit(q.publicId, revisionId, { join: { optionId: "maybe" } });
    expect(unknown.body.code).toBe(400);
    const missing = await submit(q.publicId, revisionId, { join: { optionId: "yes" } });
    expect(missing.body.code).toBe(400);
    const stale = await submit(q.publicId, revisionId + 99, { join: { optionId: "no" } });
    expect(stale.body).toMatchObject({ code: 409, msg: "问卷内容已更新，请刷新页面后重新填写" });
    // Answers that are not an object of question ids at all.
    for (const answers of [[{ optionId: "no" }], "join=no", null, { ["q".repeat(65)]: "x" }]) {
      const malformed = await submit(q.publicId, revisionId, answers as unknown as Record<string, unknown>);
      expect(malformed.body, JSON.stringify(answers)).toMatchObject({
        code: 400,
        msg: "答卷有误，请检查后重新提交",
        data: { errors: [{ field: "answers", message: "答卷有误，请检查后重新提交" }] },
      });
    }
    expect(await t.db.selectFrom("responses").selectAll().execute()).toHaveLength(0);
    expect((await submit(q.publicId, revisionId, { join: { optionId: "no" } })).body.code).toBe(200);
  });

  it("refuses closed questionnaires, wrong passwords and missing logins with their messages", async () => {
    const { q, revisionId } = await published();
    await setSettings(q.id, { password: "8888" });
    expect((await submit(q.publicId, revisionId, { join: { optionId: "no" } })).body).toMatchObject({
      code: 403,
      msg: "访问密码错误，请重新输入",
    });
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { password: "8888" })).body.code,
    ).toBe(200);
    await setSettings(q.id, { password: "", loginRequired: true });
    expect((await submit(q.publicId, revisionId, { join: { optionId: "no" } })).body).toMatchObject({
      code: 303,
    });
    await setSettings(q.id, { loginRequired: false, maxResponses: 1 });
    expect((await submit(q.publicId, revisionId, { join: { optionId: "no" } })).body).toMatchObject({
      code: 409,
      msg: "问卷已达到回收上限，感谢您的关注",
    });
    await setSettings(q.id, { maxResponses: 0, endTime: "2020-01-01T00:00:00.000Z" });
    expect((await submit(q.publicId, revisionId, { join: { optionId: "no" } })).body).toMatchObject({
      code: 409,
      msg: "问卷已结束，感谢您的关注",
    });
    await setSettings(q.id, { endTime: "" });
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });
    expect((await submit(q.publicId, revisionId, { join: { optionId: "no" } })).body).toMatchObject({
      code: 409,
      msg: "问卷已暂停收集",
    });
  });

  it("enforces per-IP, per-device and per-account limits", async () => {
    const { q, revisionId } = await published();
    await setSettings(q.id, { limitPerIp: { enabled: true, max: 1, period: "day" } });
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { ip: "10.7.7.7" })).body.code,
    ).toBe(200);
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { ip: "10.7.7.7" })).body,
    ).toMatchObject({
      code: 429,
      msg: "该网络已提交过答卷，不能重复提交",
    });
    t.clock.advance(86_400);
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { ip: "10.7.7.7" })).body.code,
    ).toBe(200);

    await setSettings(q.id, {
      limitPerIp: { enabled: false },
      limitPerDevice: { enabled: true, max: 1, period: "total" },
    });
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { deviceId: "phone-abc-1" })).body
        .code,
    ).toBe(200);
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { deviceId: "phone-abc-1" })).body,
    ).toMatchObject({ code: 429, msg: "该设备已提交过答卷，不能重复提交" });

    await setSettings(q.id, {
      limitPerDevice: { enabled: false },
      limitPerAccount: { enabled: true, max: 1 },
    });
    const voter = await buildUser(t);
    const asVoter = (key: string) =>
      call(t.app, "POST", "anQuestion/questionAnswer", {
        token: voter.token,
        json: {
          publicId: q.publicId,
          revisionId,
          answers: { join: { optionId: "no" } },
          idempotencyKey: key,
          answerToken: issueAnswerToken(t.ctx, q.publicId, revisionId),
        },
      });
    expect((await asVoter("account-key-1")).body.code).toBe(200);
    expect((await asVoter("account-key-2")).body).toMatchObject({
      code: 429,
      msg: "您已提交过答卷，不能重复提交",
    });
  });

  it("tells a device, network or account that has used its answers on opening, before it answers again", async () => {
    const { q, revisionId } = await published();
    type Opened = { state: string; definition: unknown; answerToken: string | null; answered?: unknown };
    const open = (params: Record<string, string>, options: { ip?: string; token?: string } = {}) =>
      call<Opened>(t.app, "GET", "anQuestion/getQuestionary", {
        params: { publicId: q.publicId, ...params },
        ...options,
      }).then((reply) => reply.body.data);
    await setSettings(q.id, { limitPerDevice: { enabled: true, max: 1, period: "total" } });
    expect((await open({ deviceId: "phone-abc-1" })).answered).toBeUndefined();
    await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { deviceId: "phone-abc-1" });
    expect(await open({ deviceId: "phone-abc-1" })).toMatchObject({
      state: "open",
      definition: null,
      answerToken: null,
      answered: { message: "该设备已提交过答卷，不能重复提交", daily: false, source: "device" },
    });
    // Another device answers as before.
    expect(await open({ deviceId: "phone-xyz-2" })).toMatchObject({ definition: { title: "社区活动报名" } });
    expect((await open({ deviceId: "phone-xyz-2" })).answered).toBeUndefined();
    // The server-rendered page reads the device from its cookie and says the same.
    const page = await t.app.inject({
      method: "GET",
      url: `/r/${q.publicId}`,
      headers: { cookie: "wjgj_did=phone-abc-1" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("该设备已提交过答卷");

    // Per day, per network: told so, and the next China day opens again.
    await setSettings(q.id, {
      limitPerDevice: { enabled: false },
      limitPerIp: { enabled: true, max: 1, period: "day" },
    });
    await submit(q.publicId, revisionId, { join: { optionId: "no" } }, { ip: "10.7.7.9" });
    expect((await open({}, { ip: "10.7.7.9" })).answered).toEqual({
      message: "该网络已提交过答卷，不能重复提交",
      daily: true,
      source: "ip",
    });
    t.clock.advance(86_400);
    expect((await open({}, { ip: "10.7.7.9" })).answered).toBeUndefined();

    // Per account: a signed-in respondent who answered is told; the same page for someone else opens.
    await setSettings(q.id, { limitPerIp: { enabled: false }, limitPerAccount: { enabled: true, max: 1 } });
    const voter = await buildUser(t);
    await call(t.app, "POST", "anQuestion/questionAnswer", {
      token: voter.token,
      json: {
        publicId: q.publicId,
        revisionId,
        answers: { join: { optionId: "no" } },
        idempotencyKey: "account-open-1",
        answerToken: issueAnswerToken(t.ctx, q.publicId, revisionId),
      },
    });
    expect((await open({}, { token: voter.token })).answered).toMatchObject({
      message: "您已提交过答卷，不能重复提交",
      source: "account",
    });
    expect((await open({}, { token: owner.token })).answered).toBeUndefined();
  });

  it("closes an option quota and refuses unique values already taken", async () => {
    const { q, revisionId } = await published();
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "yes" }, session: { optionId: "am" } })).body
        .code,
    ).toBe(200);
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "yes" }, session: { optionId: "am" } })).body
        .code,
    ).toBe(200);
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "yes" }, session: { optionId: "am" } })).body,
    ).toMatchObject({
      code: 409,
      msg: "您选择的选项名额已满，请重新选择",
    });
    expect(
      (await submit(q.publicId, revisionId, { join: { optionId: "yes" }, session: { optionId: "pm" } })).body
        .code,
    ).toBe(200);

    const withPhone = {
      schemaVersion: 1,
      kind: "survey",
      title: "登记",
      pages: [
        {
          id: "p1",
          questions: [
            {
              id: "phone",
              type: "personal",
              title: "手机",
              required: true,
              config: { preset: "mobile", unique: true },
            },
          ],
        },
      ],
    };
    const second = await published(withPhone);
    expect((await submit(second.q.publicId, second.revisionId, { phone: "13912345678" })).body.code).toBe(
      200,
    );
    expect((await submit(second.q.publicId, second.revisionId, { phone: "13912345678" })).body).toMatchObject(
      { code: 400, msg: "该答案已被他人提交，请检查后重新填写" },
    );
  });

  it("a forced exam submission (time up) may leave required questions unanswered; a survey may not", async () => {
    const exam = await published(sampleDefinition(), "exam");
    expect((await submit(exam.q.publicId, exam.revisionId, {})).body.code).toBe(400);
    const forced = await submit(exam.q.publicId, exam.revisionId, {}, { forced: "timeout" });
    expect(forced.body.code).toBe(200);
    expect(forced.body.data.exam).toMatchObject({ total: 0, passed: false });
    const survey = await published();
    expect((await submit(survey.q.publicId, survey.revisionId, {}, { forced: "timeout" })).body.code).toBe(
      400,
    );
  });

  it("scores an exam and shows the score; a preview is checked but never stored", async () => {
    const { q, revisionId } = await published(sampleDefinition(), "exam");
    const res = await submit(q.publicId, revisionId, { q1: { optionId: "b" }, q2: "迅速离开" });
    expect(res.body.data.exam, JSON.stringify(res.body)).toMatchObject({ total: 4, max: 4, passed: true });
    const preview = await call<{ responseId: null; preview: boolean }>(
      t.app,
      "POST",
      "anQuestion/questionAnswer",
      {
        token: owner.token,
        json: {
          publicId: q.publicId,
          revisionId,
          answers: { q1: { optionId: "a" } },
          idempotencyKey: "preview-key-1",
          preview: true,
        },
      },
    );
    expect(preview.body.data).toMatchObject({ responseId: null, preview: true });
    expect(await t.db.selectFrom("responses").selectAll().execute()).toHaveLength(1);
    const stranger = await call(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId,
        answers: { q1: { optionId: "a" } },
        idempotencyKey: "preview-key-2",
        preview: true,
      },
    });
    expect(stranger.body.code).toBe(303);
  });
});
