import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser, latestCode } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { sendDueStartReminders } from "../commands/answering/start-reminders.ts";
import { estimatedMinutes } from "./notice-pages.ts";

let t: TestContext;
let owner: BuiltUser;
let other: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  other = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

const definition = (title: string) => ({
  schemaVersion: 1,
  kind: "survey",
  title,
  description: "<p>了解大家的<b>通勤</b>方式</p>",
  pages: [
    {
      id: "p1",
      questions: [
        { id: "intro", type: "paragraph", title: "说明文字", config: {} },
        {
          id: "q1",
          type: "single",
          title: "您如何上班？",
          config: {
            options: [
              { id: "a", label: "步行" },
              { id: "b", label: "地铁" },
            ],
          },
        },
        { id: "q2", type: "textarea", title: "还有什么想说的？", config: {} },
      ],
    },
  ],
});

async function published(
  title: string,
  settings: Record<string, unknown> = {},
  kind: "survey" | "exam" | "vote" = "survey",
) {
  const q = await buildQuestionnaire(t, owner, { kind, title, definition: { ...definition(title), kind } });
  await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
  if (Object.keys(settings).length > 0) await setSettings(q.id, settings);
  return q;
}

const setSettings = (id: number, settings: Record<string, unknown>, token = owner.token) =>
  call(t.app, "POST", "questionary/updateQuestionarySet", { token, json: { id, settings } });

const get = (url: string) => t.app.inject({ method: "GET", url });
const post = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });

function dataOf(html: string): Record<string, unknown> {
  const match = /<script id="__ANSWER_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? "null") as Record<string, unknown>;
}

const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();

describe("/trailerPage", () => {
  it("shows a not-yet-started questionnaire with its start time and 提醒我, readable without script", async () => {
    const start = inHours(26);
    const q = await published("通勤方式调查", { startTime: start });
    const redirect = await get(`/r/${q.publicId}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/trailerPage?id=${q.publicId}`);
    const res = await get(`/trailerPage?id=${q.publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>问卷未开始 - 通勤方式调查</title>");
    expect(res.body).toContain("开始时间：2026年6月2日 12:00（北京时间）");
    expect(res.body).toMatch(/<form[^>]*action="\/trailerPage\?id=\w+" method="post"/);
    expect(res.body).not.toContain("您如何上班");
    expect(dataOf(res.body)).toMatchObject({
      page: "trailer",
      state: "notStarted",
      startTime: start,
      reminder: { step: "phone" },
    });
    // No script is needed to read it: the no-JavaScript warning of the form is not shown here.
    expect(res.body).not.toContain("本问卷需要启用 JavaScript");
  });

  it("sends an open questionnaire back to the form, and an unknown id to the 404 page", async () => {
    const q = await published("已开放的问卷");
    const open = await get(`/trailerPage?id=${q.publicId}`);
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe(`/r/${q.publicId}`);
    for (const url of ["/trailerPage?id=Zz9Zz9Zz9Z", "/trailerPage", "/trailerPage?id=%3Cb%3E"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain("问卷不存在，请检查链接是否正确");
    }
  });

  it("shows ended, paused and taken-down questionnaires without 提醒我", async () => {
    const q = await published("结束了的问卷", { endTime: inHours(-1) });
    const ended = await get(`/trailerPage?id=${q.publicId}`);
    expect(dataOf(ended.body)).toMatchObject({ state: "ended", reminder: null, startTime: "" });
    expect(ended.body).not.toContain("提醒我");
    await setSettings(q.id, { endTime: "" });
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });
    expect(dataOf((await get(`/trailerPage?id=${q.publicId}`)).body)).toMatchObject({ state: "stopped" });
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    await t.db
      .updateTable("questionnaires")
      .set({ takenDownAt: t.clock.now().toISOString() })
      .where("id", "=", q.id)
      .execute();
    const down = await get(`/trailerPage?id=${q.publicId}`);
    expect(down.body).toContain("问卷已下架");
  });

  it("names an exam or a vote by its kind: 考试已结束, 投票已暂停", async () => {
    const exam = await published("期末考试", { endTime: inHours(-1) }, "exam");
    const ended = await get(`/trailerPage?id=${exam.publicId}`);
    expect(dataOf(ended.body)).toMatchObject({ state: "ended", kind: "exam" });
    expect(ended.body).toContain("<title>考试已结束 - 期末考试</title>");
    expect(ended.body).toContain("期末考试：考试已结束，感谢您的关注");
    expect(ended.body).not.toContain("问卷已结束");
    const vote = await published("优秀班级评选", {}, "vote");
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: vote.id } });
    const paused = await get(`/trailerPage?id=${vote.publicId}`);
    expect(paused.body).toContain("<title>投票已暂停 - 优秀班级评选</title>");
    const open = await call<{ stateMessage: string }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: vote.publicId },
    });
    expect(open.body.data.stateMessage).toBe("投票已暂停收集");
  });

  it("registers a phone verified by SMS code, once, and sends one SMS when the questionnaire opens", async () => {
    const q = await published("预约提醒的问卷", { startTime: inHours(2) });
    const url = `/trailerPage?id=${q.publicId}`;
    const phone = "13912340001";

    const bad = await post(url, { action: "send", phone: "123" });
    expect(dataOf(bad.body)).toMatchObject({ reminder: { step: "phone", error: "请输入正确的11位手机号" } });

    const sent = await post(url, { action: "send", phone });
    expect(dataOf(sent.body)).toMatchObject({ reminder: { step: "code", phone, error: "" } });
    expect(sent.body).toContain("验证码已发送");
    const code = await latestCode(t, phone);

    const wrong = await post(url, {
      action: "confirm",
      phone,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(dataOf(wrong.body)).toMatchObject({ reminder: { step: "code", error: "验证码错误，请重新输入" } });
    const noCode = await post(url, { action: "confirm", phone, code: "" });
    expect(dataOf(noCode.body)).toMatchObject({ reminder: { error: "请输入6位数字验证码" } });

    const done = await post(url, { action: "confirm", phone, code });
    expect(dataOf(done.body)).toMatchObject({ reminder: { step: "done" } });
    expect(done.body).toContain("已设置提醒，问卷开始时会给您发送一条短信");
    // The code is spent: using it again is refused, and nothing is added twice.
    const reused = await post(url, { action: "confirm", phone, code });
    expect(dataOf(reused.body)).toMatchObject({ reminder: { step: "code" } });
    const rows = await t.db
      .selectFrom("start_reminders")
      .selectAll()
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone, sentAt: null });

    const outbox = () =>
      t.db
        .selectFrom("sms_outbox")
        .selectAll()
        .where("phone", "=", phone)
        .where("purpose", "=", "remind-start")
        .execute();
    // Not yet due: nothing is sent.
    expect(await sendDueStartReminders(t.ctx)).toMatchObject({ sent: 0 });
    expect(await outbox()).toHaveLength(0);
    t.clock.advance(2 * 3600 + 1);
    const [first, second] = await Promise.all([sendDueStartReminders(t.ctx), sendDueStartReminders(t.ctx)]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1);
    expect(await sendDueStartReminders(t.ctx)).toMatchObject({ sent: 0 });
    const messages = await outbox();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.content).toContain("「预约提醒的问卷」已开始");
    expect(messages[0]?.content).toContain(`/r/${q.publicId}`);
    // Now open: the page sends the visitor to the form, and no more reminders are taken.
    expect((await get(url)).statusCode).toBe(303);
    expect((await post(url, { action: "send", phone: "13912340002" })).statusCode).toBe(303);
  });

  it("closes reminders of a questionnaire deleted before its start without an SMS", async () => {
    const q = await published("删除了的预约问卷", { startTime: inHours(1) });
    await t.db
      .insertInto("start_reminders")
      .values({
        questionnaireId: q.id,
        phone: "13912340003",
        createdAt: t.clock.now().toISOString(),
        sentAt: null,
      })
      .execute();
    await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params: { id: q.id } });
    expect(await sendDueStartReminders(t.ctx)).toMatchObject({ sent: 0, dropped: 1 });
    const row = await t.db
      .selectFrom("start_reminders")
      .selectAll()
      .where("questionnaireId", "=", q.id)
      .executeTakeFirst();
    expect(row?.sentAt).not.toBeNull();
  });
});

describe("/questionnaireSurvey", () => {
  it("is what the share link opens when the cover is on; 开始答题 leads to the form", async () => {
    const q = await published("带封面的问卷", { coverPage: true });
    const share = await get(`/r/${q.publicId}`);
    expect(share.statusCode).toBe(302);
    expect(share.headers.location).toBe(`/questionnaireSurvey?id=${q.publicId}`);
    const cover = await get(`/questionnaireSurvey?id=${q.publicId}`);
    expect(cover.statusCode).toBe(200);
    expect(cover.body).toContain("<title>带封面的问卷</title>");
    expect(cover.body).toContain('<meta name="description" content="了解大家的通勤方式" />');
    // Two questions: the paragraph is layout, not a question.
    expect(dataOf(cover.body)).toMatchObject({ page: "cover", kind: "survey", questionCount: 2, minutes: 1 });
    expect(cover.body).toContain("<b>通勤</b>");
    expect(cover.body).toContain("《隐私政策》");
    expect(cover.body).toContain(`href="/r/${q.publicId}?start=1"`);
    expect(cover.body).not.toContain("您如何上班");
    const form = await get(`/r/${q.publicId}?start=1`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("您如何上班");
  });

  it("sends to the form when the cover is off, to the notice when closed, 404 when unknown", async () => {
    const q = await published("无封面的问卷");
    const off = await get(`/questionnaireSurvey?id=${q.publicId}`);
    expect(off.statusCode).toBe(302);
    expect(off.headers.location).toBe(`/r/${q.publicId}`);
    expect((await get(`/r/${q.publicId}`)).statusCode).toBe(200);
    await setSettings(q.id, { coverPage: true, endTime: inHours(-1) });
    const closed = await get(`/questionnaireSurvey?id=${q.publicId}`);
    expect(closed.headers.location).toBe(`/trailerPage?id=${q.publicId}`);
    expect((await get("/questionnaireSurvey?id=Zz9Zz9Zz9Z")).statusCode).toBe(404);
  });

  it("keeps the cover setting to the owner: another user cannot turn it on, nor can a visitor", async () => {
    const q = await published("别人的问卷");
    const foreign = await setSettings(q.id, { coverPage: true }, other.token);
    expect(foreign.body.code).toBe(403);
    const anonymous = await call(t.app, "POST", "questionary/updateQuestionarySet", {
      json: { id: q.id, settings: { coverPage: true } },
    });
    expect(anonymous.body.code).toBe(303);
    expect((await get(`/r/${q.publicId}`)).statusCode).toBe(200);
  });

  it("estimates at least a minute, about 15 seconds a question", () => {
    expect(estimatedMinutes(0)).toBe(1);
    expect(estimatedMinutes(4)).toBe(1);
    expect(estimatedMinutes(5)).toBe(2);
    expect(estimatedMinutes(40)).toBe(10);
  });
});
