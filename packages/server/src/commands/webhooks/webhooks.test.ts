import type { WebhookDelivery, WebhookDeliveryPage, WebhookSummary, WebhookWithSecret } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { releaseQuestionnaire, satisfactionSurvey, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildQuestionnaire, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../../test/helpers.ts";
import { gradedExam, publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import {
  startReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from "../../../test/webhook-receiver.ts";
import { transaction } from "../../db/index.ts";
import { outboundClientFromConfig, outboundMessages } from "../../outbound/index.ts";
import { completeDueDeletions } from "../account/deletion.ts";
import { eraseInTransaction } from "../privacy/retention.ts";
import { webhookDispatchOf } from "./worker.ts";

let receiver: WebhookReceiver;
let t: TestContext;

beforeEach(async () => {
  receiver = await startReceiver();
  // Timers never fire during a test: it drives delivery itself (settle), with the test clock.
  t = await createTestContext({ OUTBOUND_TEST_ALLOW: receiver.allowEntry, JOB_POLL_MS: "600000" });
});
afterEach(async () => {
  await t.close();
  await receiver.stop();
});

/** Sends whatever is due by the test clock, and waits for it. */
const settle = () => webhookDispatchOf(t.app).settle();

async function createHook(
  owner: BuiltUser,
  values: { questionnaireId?: number; events?: string[]; url?: string },
) {
  const res = await call<WebhookWithSecret>(t.app, "POST", "webhook/create", {
    token: owner.token,
    json: { url: receiver.url, ...values },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

async function deliveries(owner: BuiltUser, hookId: number): Promise<WebhookDelivery[]> {
  const res = await call<WebhookDeliveryPage>(t.app, "GET", "webhook/deliveries", {
    token: owner.token,
    params: { id: hookId, pageSize: 100 },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  // Oldest first, as they were written.
  return [...res.body.data.list].reverse();
}

async function publishedSurvey(owner: BuiltUser, title = "门店满意度") {
  const definition = satisfactionSurvey(title);
  definition.pages[0]?.questions.push({
    id: "phone",
    type: "text",
    title: "手机号",
    required: false,
    config: { format: "mobile" },
  } as never);
  const q = await buildQuestionnaire(t, owner, { kind: "survey", title, definition });
  return q;
}

async function revisionOf(questionnaireId: number) {
  const row = await t.db
    .selectFrom("questionnaire_revisions")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function submit(q: { id: number; publicId: string }, answers: Record<string, unknown> = {}) {
  const res = await submitWithToken(t, q.publicId, await revisionOf(q.id), {
    rate: { optionId: "yes" },
    ...answers,
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.responseId;
}

const unixNow = () => String(Math.floor(t.clock.now().getTime() / 1000));

describe("webhook events", () => {
  it("sends every event type once per attempt, signed per the Standard Webhooks spec", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    const hook = await createHook(owner, { questionnaireId: q.id });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook.events).toEqual([
      "response.created",
      "response.updated",
      "response.deleted",
      "questionnaire.published",
      "questionnaire.stopped",
    ]);
    // Kept wrapped under the master key, never in clear.
    const stored = await t.db.selectFrom("webhooks").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(hook.secret.slice(6, 30));
    // An account-wide hook of the owner hears of new responses of every questionnaire of theirs.
    const accountWide = await createHook(owner, { events: ["response.created"] });
    expect(accountWide.questionnaireId).toBeNull();

    await releaseQuestionnaire(t, owner, q.id);
    const responseId = await submit(q, { phone: "13812345678" });
    // A message's body is built when it is first sent, from the response as it then is: sent before it changes.
    await settle();
    for (const action of ["markInvalid", "markValid", "deleteAnswer", "restoreAnswer"]) {
      const res = await call(t.app, "POST", `answer/${action}`, {
        token: owner.token,
        json: { id: q.id, responseIds: [responseId] },
      });
      expect(res.body.code, res.body.msg).toBe(200);
    }
    // A respondent's 删除申请 approved: deleted for good.
    await transaction(t.db, (trx) => eraseInTransaction(trx, q.id, [responseId], "delete", t.clock.now()));
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });
    await settle();

    // Each hook's messages in the order of their events (hooks are served side by side).
    const signedBy = async (secret: string) => {
      const out = [];
      for (const message of receiver.received)
        if (await verifyStandardWebhook(secret, message)) out.push(message);
      return out;
    };
    const mine = await signedBy(hook.secret);
    const accountWideMessages = await signedBy(accountWide.secret);
    expect(mine.length + accountWideMessages.length).toBe(receiver.received.length);
    expect(mine.map((m) => m.json.type)).toEqual([
      "questionnaire.published",
      "response.created",
      "response.updated",
      "response.updated",
      "response.updated",
      "response.updated",
      "response.deleted",
      "questionnaire.stopped",
    ]);
    expect(accountWideMessages.map((m) => m.json.type)).toEqual(["response.created"]);
    for (const message of receiver.received) {
      expect(message.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(message.timestamp).toBe(unixNow());
      expect(message.contentType).toBe("application/json");
      expect(message.userAgent).toBe("wjgj-webhooks/1");
      expect(message.json.timestamp).toBe(t.clock.now().toISOString());
    }
    // One event, one id: the questionnaire's hook and the account-wide one get the same webhook-id for it.
    expect(accountWideMessages[0]?.id).toBe(mine[1]?.id);
    expect(accountWideMessages[0]?.body).toBe(mine[1]?.body);
    expect(new Set(mine.map((m) => m.id)).size).toBe(mine.length);

    const created = mine[1]?.json.data as { responseId: number; response: Record<string, unknown> };
    expect(created).toMatchObject({
      questionnaireId: q.id,
      responseId,
      response: { id: responseId, status: "valid", texts: { rate: "满意" } },
    });
    // Personal information is masked as the open API masks it.
    expect(mine[1]?.body).not.toContain("13812345678");
    expect(JSON.stringify(created.response)).toContain("138****5678");
    expect(mine.slice(2, 6).map((m) => m.json.data.change)).toEqual([
      "invalid",
      "valid",
      "deleted",
      "restored",
    ]);
    expect(mine[6]?.json.data).toMatchObject({ questionnaireId: q.id, responseId });
    expect(mine[0]?.json.data).toMatchObject({ status: "published", publicId: q.publicId });
    expect(mine[7]?.json.data).toMatchObject({ status: "stopped" });

    // The log: each delivered at its one attempt, with what the receiver answered.
    const log = await deliveries(owner, hook.id);
    expect(log).toHaveLength(8);
    for (const entry of log)
      expect(entry).toMatchObject({
        status: "delivered",
        attempts: 1,
        lastStatusCode: 200,
        lastResponseExcerpt: "ok",
        lastError: "",
      });
    expect(log.every((entry) => typeof entry.lastLatencyMs === "number")).toBe(true);

    // 发送测试: a webhook.test message, signed the same way.
    const test = await call<WebhookDelivery>(t.app, "POST", "webhook/test", {
      token: owner.token,
      params: { id: hook.id },
    });
    expect(test.body.data).toMatchObject({ eventType: "webhook.test", status: "pending" });
    await settle();
    const ping = receiver.received.at(-1);
    expect(ping?.json.type).toBe("webhook.test");
    expect(ping && (await verifyStandardWebhook(hook.secret, ping))).toBe(true);
  });

  it("a graded exam response is a response.updated with its new score", async () => {
    const owner = await buildUser(t);
    const exam = await publishedQuestionnaire(t, owner, gradedExam(), "exam");
    const hook = await createHook(owner, { questionnaireId: exam.id, events: ["response.updated"] });
    const responseId = await submitAnswers(t, exam, { q1: { optionId: "a" }, essay: "答" });
    const graded = await call(t.app, "POST", "answer/gradeAnswer", {
      token: owner.token,
      json: { id: exam.id, responseId, grades: [{ questionId: "essay", score: 5 }] },
    });
    expect(graded.body.code, graded.body.msg).toBe(200);
    await settle();
    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    expect(message?.json).toMatchObject({
      type: "response.updated",
      data: { questionnaireId: exam.id, responseId, change: "graded", response: { score: 9, maxScore: 10 } },
    });
    expect(message && (await verifyStandardWebhook(hook.secret, message))).toBe(true);
  });

  it("a review decision (审核, issue #41) is a response.updated: approved, rejected, back to pending", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner, "社团报名");
    const saved = await call(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: q.id, settings: { review: { required: true } } },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    await releaseQuestionnaire(t, owner, q.id);
    await createHook(owner, { questionnaireId: q.id, events: ["response.updated"] });
    const [a, b] = [await submit(q), await submit(q)];
    const decide = async (path: string, json: Record<string, unknown>) => {
      const res = await call(t.app, "POST", path, { token: owner.token, json: { id: q.id, ...json } });
      expect(res.body.code, res.body.msg).toBe(200);
    };
    await decide("answer/approveAnswers", { responseIds: [a] });
    await decide("answer/rejectAnswers", { responseIds: [b], reason: "资料不全" });
    await decide("answer/undoReview", { responseIds: [a] });
    await settle();
    expect(
      receiver.received.map((m) => [m.json.type, m.json.data.responseId, m.json.data.change]).sort(),
    ).toEqual(
      [
        ["response.updated", a, "approved"],
        ["response.updated", b, "rejected"],
        ["response.updated", a, "reviewPending"],
      ].sort(),
    );
  });

  it("a receiver failing for 10 minutes then recovering gets everything, in order of attempts, each delivered once", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    const hook = await createHook(owner, { questionnaireId: q.id, events: ["response.created"] });
    await releaseQuestionnaire(t, owner, q.id);
    receiver.answer = () => ({ status: 500, body: "服务维护中" });
    const responses: number[] = [];
    for (let i = 0; i < 5; i++) responses.push(await submit(q));
    await settle();
    expect(receiver.received).toHaveLength(5);
    let log = await deliveries(owner, hook.id);
    expect(log[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "对方返回 HTTP 500",
      lastResponseExcerpt: "服务维护中",
    });
    // Retried after 30 s, then 2 min later; down until minute 10.
    for (const seconds of [30, 120, 450]) {
      t.clock.advance(seconds);
      await settle();
    }
    expect(receiver.received).toHaveLength(15);
    receiver.answer = () => ({ status: 204 });
    // The next retry, 10 min after the third attempt.
    t.clock.advance(150);
    await settle();

    const ids = receiver.received.slice(0, 5).map((m) => m.id);
    expect(ids.map((_, i) => receiver.received[i]?.json.data.responseId)).toEqual(responses);
    // Every round in the same order, the same ids: four attempts each, the last delivered.
    expect(receiver.received.map((m) => m.id)).toEqual([...ids, ...ids, ...ids, ...ids]);
    log = await deliveries(owner, hook.id);
    expect(log.map((entry) => entry.eventId)).toEqual(ids);
    for (const entry of log)
      expect(entry).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 204, lastError: "" });
    // Once per attempt: the receiver saw as many requests as the log counts attempts.
    expect(log.reduce((sum, entry) => sum + entry.attempts, 0)).toBe(receiver.received.length);
    // The same message each time: same body, a fresh signature over a fresh timestamp.
    const first = receiver.received[0];
    const last = receiver.received[15];
    expect(last?.body).toBe(first?.body);
    expect(last?.timestamp).not.toBe(first?.timestamp);
    for (const message of receiver.received)
      expect(await verifyStandardWebhook(hook.secret, message)).toBe(true);
    const summary = await call<WebhookSummary[]>(t.app, "GET", "webhook/list", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    expect(summary.body.data[0]).toMatchObject({ enabled: true, consecutiveFailures: 0 });
  });

  it("a receiver that is down: the first message is retried, the others wait behind it without spending attempts, all arrive in order", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    const hook = await createHook(owner, { questionnaireId: q.id, events: ["response.created"] });
    await releaseQuestionnaire(t, owner, q.id);
    await receiver.stop();
    const responses = [await submit(q), await submit(q), await submit(q)];
    await settle();
    let log = await deliveries(owner, hook.id);
    expect(log.map((entry) => entry.attempts)).toEqual([1, 0, 0]);
    expect(log[0]).toMatchObject({
      status: "pending",
      lastStatusCode: null,
      lastError: outboundMessages.connectionRefused,
    });
    // Paused until the first one's retry; the others wait behind it.
    const listed = await call<WebhookSummary[]>(t.app, "GET", "webhook/list", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    expect(listed.body.data[0]?.pausedUntil).toBe(log[0]?.nextAttemptAt);
    t.clock.advance(30);
    await settle();
    log = await deliveries(owner, hook.id);
    expect(log.map((entry) => entry.attempts)).toEqual([2, 0, 0]);
    await receiver.start();
    t.clock.advance(120);
    await settle();
    expect(receiver.received.map((m) => m.json.data.responseId)).toEqual(responses);
    log = await deliveries(owner, hook.id);
    expect(log.map((entry) => [entry.status, entry.attempts])).toEqual([
      ["delivered", 3],
      ["delivered", 1],
      ["delivered", 1],
    ]);
  });

  it("a delivery cut by the app closing is sent again by another instance with the same webhook-id", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    const hook = await createHook(owner, { questionnaireId: q.id, events: ["response.created"] });
    await releaseQuestionnaire(t, owner, q.id);
    const other = await secondInstance(t);
    receiver.answer = () => "hang";
    // Submitted through the other instance: its dispatcher takes the message and hangs on the receiver.
    const submitted = await call<{ responseId: number }>(other.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: await revisionOf(q.id),
        answers: { rate: { optionId: "no" } },
        idempotencyKey: "closing-1",
        deviceId: "closing-device",
        answerToken: (await import("../answering/answer-token.ts")).issueAnswerToken(
          t.ctx,
          q.publicId,
          await revisionOf(q.id),
        ),
      },
    });
    expect(submitted.body.code, submitted.body.msg).toBe(200);
    await receiver.until(1);
    await other.close();
    receiver.answer = () => ({ status: 200, body: "ok" });
    await settle();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    const log = await deliveries(owner, hook.id);
    expect(log).toMatchObject([{ status: "delivered", lastStatusCode: 200 }]);
  });
});

describe("webhook addresses", () => {
  it("refuses private, loopback, link-local and mapped addresses at creation, in Chinese", async () => {
    const owner = await buildUser(t);
    for (const url of [
      "http://127.0.0.1/",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::1]/",
      "ftp://example.com/",
    ]) {
      const res = await call(t.app, "POST", "webhook/create", { token: owner.token, json: { url } });
      expect(res.body.code, url).toBe(400);
      expect(res.body.msg, url).toMatch(/[\u4e00-\u9fff]/);
    }
    const refused = await call(t.app, "POST", "webhook/create", {
      token: owner.token,
      json: { url: "http://169.254.169.254/" },
    });
    expect(refused.body.msg).toBe(outboundMessages.privateAddress);
    expect(await t.db.selectFrom("webhooks").selectAll().execute()).toEqual([]);
  });

  it("counts a name resolving privately and a redirect to a private address as failed deliveries", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    // Names resolve through the test's lookup: one answers a private address (as DNS rebinding would).
    const looked: string[] = [];
    webhookDispatchOf(t.app).client = outboundClientFromConfig(t.config, {
      lookup: async (name) => {
        looked.push(name);
        return [{ address: name === "hooks.rebind.example" ? "10.1.2.3" : "93.184.216.34", family: 4 }];
      },
    });
    const rebinding = await createHook(owner, {
      questionnaireId: q.id,
      events: ["response.created"],
      url: "http://hooks.rebind.example/in",
    });
    const redirecting = await createHook(owner, { questionnaireId: q.id, events: ["response.created"] });
    receiver.answer = () => ({ status: 302, headers: { location: "http://10.0.0.1/admin" } });
    await releaseQuestionnaire(t, owner, q.id);
    await submit(q);
    await settle();
    expect(looked).toContain("hooks.rebind.example");
    expect(await deliveries(owner, rebinding.id)).toMatchObject([
      { status: "pending", attempts: 1, lastStatusCode: null, lastError: outboundMessages.privateAddress },
    ]);
    expect(await deliveries(owner, redirecting.id)).toMatchObject([
      {
        status: "pending",
        attempts: 1,
        lastStatusCode: 302,
        lastError: "对方要求跳转到 10.0.0.1，出于安全原因不跟随跳转",
      },
    ]);
    // The receiver saw the one request to itself; nobody followed it to 10.0.0.1.
    expect(receiver.received).toHaveLength(1);
  });
});

describe("webhook management", () => {
  it("disables a hook failing for 24 hours and tells its owner; enabling it again starts afresh", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner, "年度调查");
    const hook = await createHook(owner, { questionnaireId: q.id, events: ["response.created"] });
    await releaseQuestionnaire(t, owner, q.id);
    receiver.answer = () => ({ status: 503 });
    await submit(q);
    await settle();
    // 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: the ninth attempt is the last within 24 hours.
    for (const seconds of [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800]) {
      t.clock.advance(seconds);
      await settle();
    }
    expect(receiver.received).toHaveLength(10);
    const [entry] = await deliveries(owner, hook.id);
    expect(entry).toMatchObject({ status: "failed", attempts: 10, nextAttemptAt: "" });
    const list = await call<WebhookSummary[]>(t.app, "GET", "webhook/list", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    expect(list.body.data[0]).toMatchObject({ enabled: false, consecutiveFailures: 10 });
    expect(list.body.data[0]?.disabledReason).toContain("连续 24 小时推送均失败");
    const notices = await t.db
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", owner.user.id)
      .execute();
    expect(notices).toMatchObject([{ kind: "webhookDisabled", title: "数据推送已停用" }]);
    expect(notices[0]?.content).toContain("年度调查");

    // Disabled: a new response is not queued for it; test and replay are refused.
    await submit(q);
    expect(await deliveries(owner, hook.id)).toHaveLength(1);
    const test = await call(t.app, "POST", "webhook/test", { token: owner.token, params: { id: hook.id } });
    expect(test.body).toMatchObject({ code: 409, msg: "该数据推送已停用，请先启用" });

    receiver.answer = () => ({ status: 200 });
    const enabled = await call<WebhookSummary>(t.app, "POST", "webhook/update", {
      token: owner.token,
      params: { id: hook.id, enabled: "true" },
    });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: "", consecutiveFailures: 0 });
    await submit(q);
    await settle();
    expect(receiver.received.at(-1)?.json.type).toBe("response.created");
  });

  it("replays a delivery as the same message, and a rotated secret signs from then on", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    const hook = await createHook(owner, { questionnaireId: q.id, events: ["response.created"] });
    await releaseQuestionnaire(t, owner, q.id);
    await submit(q);
    await settle();
    const [delivered] = await deliveries(owner, hook.id);
    expect(delivered?.status).toBe("delivered");

    const rotated = await call<WebhookWithSecret>(t.app, "POST", "webhook/rotateSecret", {
      token: owner.token,
      params: { id: hook.id },
    });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    t.clock.advance(60);
    const replayed = await call<WebhookDelivery>(t.app, "POST", "webhook/replay", {
      token: owner.token,
      params: { id: hook.id, deliveryId: delivered?.id ?? 0 },
    });
    expect(replayed.body.data).toMatchObject({ status: "pending" });
    await settle();
    expect(receiver.received).toHaveLength(2);
    const [first, again] = receiver.received;
    expect(again?.id).toBe(first?.id);
    expect(again?.body).toBe(first?.body);
    expect(again && (await verifyStandardWebhook(rotated.body.data.secret, again))).toBe(true);
    expect(again && (await verifyStandardWebhook(hook.secret, again))).toBe(false);
    expect(first && (await verifyStandardWebhook(hook.secret, first))).toBe(true);
    const [after] = await deliveries(owner, hook.id);
    expect(after).toMatchObject({ status: "delivered", attempts: 2 });
    expect(after?.lastAttemptAt).not.toBe(delivered?.lastAttemptAt);
  });

  it("an account deleted for good has its hooks stopped", async () => {
    const owner = await buildUser(t);
    const hook = await createHook(owner, {});
    await t.db
      .updateTable("users")
      .set({ deletionRequestedAt: "2026-01-01T00:00:00.000Z" })
      .where("id", "=", owner.user.id)
      .execute();
    expect(await completeDueDeletions(t.ctx)).toBe(1);
    const row = await t.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", hook.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 0, disabledReason: "账号已注销" });
  });

  it("lets the owner and team admins manage a questionnaire's hooks, no one else", async () => {
    const owner = await buildUser(t);
    const q = await publishedSurvey(owner);
    const hook = await createHook(owner, { questionnaireId: q.id });
    const [admin, editor, viewer, stranger] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    await buildTeamMember(t, q.id, admin, "admin");
    await buildTeamMember(t, q.id, editor, "editor");
    await buildTeamMember(t, q.id, viewer, "viewer");
    const byAdmin = await call<WebhookSummary[]>(t.app, "GET", "webhook/list", {
      token: admin.token,
      params: { questionnaireId: q.id },
    });
    expect(byAdmin.body.data.map((h) => h.id)).toEqual([hook.id]);
    expect(JSON.stringify(byAdmin.body)).not.toContain("whsec_");
    for (const member of [editor, viewer, stranger]) {
      const listed = await call(t.app, "GET", "webhook/list", {
        token: member.token,
        params: { questionnaireId: q.id },
      });
      expect(listed.body.code).toBe(403);
      const deleted = await call(t.app, "POST", "webhook/delete", {
        token: member.token,
        params: { id: hook.id },
      });
      expect(deleted.body.code).toBe(403);
    }
    // Another account's account-wide hook does not exist as far as a stranger can tell.
    const own = await createHook(owner, {});
    const foreign = await call(t.app, "POST", "webhook/rotateSecret", {
      token: stranger.token,
      params: { id: own.id },
    });
    expect(foreign.body).toMatchObject({ code: 404, msg: "数据推送不存在" });
    const deleted = await call(t.app, "POST", "webhook/delete", {
      token: admin.token,
      params: { id: hook.id },
    });
    expect(deleted.body.code).toBe(200);
    expect(await t.db.selectFrom("webhooks").select("id").execute()).toEqual([{ id: own.id }]);
  });
});
