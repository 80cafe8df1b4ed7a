import { EXAM_GRACE_SECONDS, messages } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertBank } from "../../../test/banks.ts";
import {
  attemptCall,
  attemptRows,
  examWith,
  insertCandidate,
  responseRows,
  right,
  startAttempt,
  started,
  submitAttempt,
  timedExam,
} from "../../../test/exam-attempts.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const MINUTE = 60;

describe("the server keeps the exam's clock", () => {
  it("a submit after the deadline and its grace keeps only the answers saved in time, timed to the limit", async () => {
    const q = await examWith(t, owner, {});
    const s = await started(t, q.publicId);
    expect(s.attempt.deadline).toBe(t.clock.now().getTime() + 10 * MINUTE * 1000);
    expect(s.attempt.serverNow).toBe(t.clock.now().getTime());

    t.clock.advance(5 * MINUTE);
    const saved = await attemptCall(t, "save", {
      attemptToken: s.attempt.attemptToken,
      answers: { q1: right.q1 },
      pageId: "p1",
      history: ["p1"],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data.status).toBe("active");
    // Kept sealed under the questionnaire's data key, like personal answers.
    expect((await attemptRows(t, q.id))[0]?.progress).toMatch(/^enc:v1:/);

    // The page claims a tiny duration and sends more answers, 10 minutes after its time was up.
    t.clock.advance(15 * MINUTE);
    const late = await submitAttempt(t, q.publicId, s, right, { durationSeconds: 3, forced: undefined });
    expect(late.body.code, late.body.msg).toBe(200);
    const [response, ...more] = await responseRows(t, q.id);
    expect(more).toHaveLength(0);
    expect(response?.answers).toEqual({ q1: right.q1 });
    expect(response?.durationSeconds).toBe(10 * MINUTE);
    expect(response?.deviceId).toBe(s.attempt.seed);
    const [attempt] = await attemptRows(t, q.id);
    expect(attempt).toMatchObject({ status: "ended", endedReason: "timeout", responseId: response?.id });

    // Saving or beating after that changes nothing and says the attempt is over.
    const after = await attemptCall(t, "save", { attemptToken: s.attempt.attemptToken, answers: right });
    expect(after.body.data).toMatchObject({
      status: "ended",
      endedReason: "timeout",
      responseId: response?.id,
    });
  });

  it("a save after the deadline is not stored: the attempt is handed in with what was saved before", async () => {
    const q = await examWith(t, owner, {});
    const s = await started(t, q.publicId);
    // A saved answer that no longer validates is dropped from the hand-in rather than failing it.
    await attemptCall(t, "save", {
      attemptToken: s.attempt.attemptToken,
      answers: { q1: { optionId: "gone" }, q2: right.q2 },
    });
    t.clock.advance(10 * MINUTE + EXAM_GRACE_SECONDS + 1);
    const late = await attemptCall(t, "save", { attemptToken: s.attempt.attemptToken, answers: right });
    expect(late.body.data).toMatchObject({ status: "ended", endedReason: "timeout" });
    const rows = await responseRows(t, q.id);
    expect(rows.map((row) => row.answers)).toEqual([{ q2: right.q2 }]);
  });

  it("a submit within the grace keeps its answers", async () => {
    const q = await examWith(t, owner, {});
    const s = await started(t, q.publicId);
    t.clock.advance(10 * MINUTE + EXAM_GRACE_SECONDS - 5);
    const res = await submitAttempt(t, q.publicId, s, right, { durationSeconds: 99_999 });
    expect(res.body.code, res.body.msg).toBe(200);
    const [response] = await responseRows(t, q.id);
    expect(response?.answers).toEqual(right);
    expect(response?.durationSeconds).toBe(10 * MINUTE);
    expect((await attemptRows(t, q.id))[0]).toMatchObject({ status: "submitted", endedReason: null });
    // The same attempt cannot answer twice: a repeat answers the response stored.
    const again = await submitAttempt(t, q.publicId, s, { q1: { optionId: "a" } });
    expect(again.body.data.responseId).toBe(res.body.data.responseId);
    expect(await responseRows(t, q.id)).toHaveLength(1);
  });
});

describe("attempts per candidate", () => {
  it("200 concurrent starts of one candidate make exactly one attempt, which all of them hold", async () => {
    const q = await examWith(t, owner, { candidatesOnly: true });
    const candidate = await insertCandidate(t, q.id, "张三", "2026001");
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        startAttempt(t, q.publicId, {
          candidateToken: candidate.token,
          deviceId: `racer${String(i).padStart(4, "0")}`,
        }),
      ),
    );
    for (const reply of replies) expect(reply.body.code, reply.body.msg).toBe(200);
    const attempts = replies.map((reply) => reply.body.data.attempt);
    expect(new Set(attempts.map((a) => a?.attemptNo))).toEqual(new Set([1]));
    expect(new Set(attempts.map((a) => a?.seed)).size).toBe(1);
    expect(attempts[0]?.candidate).toEqual({ name: "张三", number: "2026001" });
    const rows = await attemptRows(t, q.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: `c:${candidate.id}`, attemptNo: 1, candidateId: candidate.id });
    // Only the token handed out last still works.
    const working = await Promise.all(
      attempts.map((a) => attemptCall(t, "heartbeat", { attemptToken: a?.attemptToken })),
    );
    expect(working.filter((reply) => reply.body.code === 200)).toHaveLength(1);
  });

  it("attempts = 2 allows exactly a second attempt once the first is submitted", async () => {
    const q = await examWith(t, owner, { attempts: 2 });
    const deviceId = "deviceTwice01";
    const first = await started(t, q.publicId, { deviceId });
    expect(first.attempt).toMatchObject({ attemptNo: 1, attemptsAllowed: 2 });
    // Starting again while it runs resumes it.
    const again = await started(t, q.publicId, { deviceId });
    expect(again.attempt.attemptNo).toBe(1);
    expect((await submitAttempt(t, q.publicId, again, right)).body.code).toBe(200);
    const second = await started(t, q.publicId, { deviceId });
    expect(second.attempt).toMatchObject({ attemptNo: 2, status: "active", answers: {} });
    expect((await submitAttempt(t, q.publicId, second, right)).body.code).toBe(200);
    const third = await startAttempt(t, q.publicId, { deviceId });
    expect(third.body.code).toBe(409);
    expect(third.body.msg).toBe(messages.examAttemptsUsed);
    // Final, and said so in data: the page turns to its closed screen (exam-app.tsx).
    expect(third.body.data).toEqual({ attemptsLeft: 0 });
    expect(await attemptRows(t, q.id)).toHaveLength(2);
    // Opening the exam on that device again says so at once (the page shows no 开始考试 to be refused).
    const opened = await call<{ answered?: unknown; definition: unknown }>(
      t.app,
      "GET",
      "anQuestion/getQuestionary",
      {
        params: { publicId: q.publicId, deviceId },
      },
    );
    expect(opened.body.data).toMatchObject({
      definition: null,
      answered: { message: messages.examAttemptsUsed, daily: false, source: "attempts" },
    });
    const other = await call<{ answered?: unknown }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: q.publicId, deviceId: "deviceOther01" },
    });
    expect(other.body.data.answered).toBeUndefined();
    expect(await responseRows(t, q.id)).toHaveLength(2);
  });

  it("refuses a submit without an attempt on an exam with a candidate list", async () => {
    const q = await examWith(t, owner, { candidatesOnly: true });
    const candidate = await insertCandidate(t, q.id, "李四", "2026002");
    const s = await started(t, q.publicId, { candidateToken: candidate.token });
    const res = await submitAttempt(t, q.publicId, s, right, { attemptToken: undefined });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe(messages.examSignInRequired);
    const noToken = await startAttempt(t, q.publicId, {});
    expect(noToken.body.msg).toBe(messages.examSignInRequired);
    expect(await responseRows(t, q.id)).toHaveLength(0);
  });

  it("answers a closed exam's state instead of an attempt", async () => {
    const q = await examWith(t, owner, {});
    await t.db.updateTable("questionnaires").set({ status: "stopped" }).where("id", "=", q.id).execute();
    const res = await startAttempt(t, q.publicId);
    expect(res.body.code).toBe(200);
    expect(res.body.data.attempt).toBeNull();
    expect(res.body.data.open).toMatchObject({ state: "stopped", definition: null });
    expect(await attemptRows(t, q.id)).toHaveLength(0);
  });
});

/** A bank of 12 single-choice questions (answer B) for 随机组卷. */
async function randomExam() {
  const rows = Array.from({ length: 12 }, (_, i) => [
    `第${i + 1}题`,
    "单选题",
    "甲|乙|丙",
    "B",
    "5",
    "",
    "消防",
    "简单",
  ]);
  const bankId = await insertBank(t, owner, rows);
  return {
    ...timedExam(30),
    pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "备注", config: {} }] }],
    settings: {
      exam: {
        passMark: 10,
        timeLimitMinutes: 30,
        paperRules: [{ bankId, tag: "消防", count: 4, points: 5 }],
      },
    },
  };
}

describe("resuming an attempt", () => {
  it("on another device shows the same paper and the saved answers, and the old device's token stops working", async () => {
    const q = await examWith(t, owner, { candidatesOnly: true }, await randomExam());
    const candidate = await insertCandidate(t, q.id, "王五", "2026003");
    const phone = await started(t, q.publicId, {
      candidateToken: candidate.token,
      deviceId: "phoneDevice01",
    });
    const paper = phone.open.definition.pages.flatMap((page) =>
      page.questions.map((question) => question.id),
    );
    expect(paper.filter((id) => id.startsWith("bank_"))).toHaveLength(4);
    const firstBank = paper.find((id) => id.startsWith("bank_")) as string;
    const answers = { name: "答到一半", [firstBank]: { optionId: "x" } };
    t.clock.advance(3 * MINUTE);
    const saved = await attemptCall(t, "save", {
      attemptToken: phone.attempt.attemptToken,
      answers,
      pageId: "p1",
      history: ["p1"],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);

    // The phone died; the candidate signs in on a laptop.
    t.clock.advance(2 * MINUTE);
    const laptop = await started(t, q.publicId, {
      candidateToken: candidate.token,
      deviceId: "laptopDevice1",
    });
    expect(
      laptop.open.definition.pages.flatMap((page) => page.questions.map((question) => question.id)),
    ).toEqual(paper);
    expect(laptop.attempt).toMatchObject({
      attemptNo: 1,
      seed: phone.attempt.seed,
      answers,
      pageId: "p1",
      history: ["p1"],
      deadline: phone.attempt.deadline,
    });
    // The time left is the server's: 25 of the 30 minutes.
    expect((laptop.attempt.deadline ?? 0) - laptop.attempt.serverNow).toBe(25 * MINUTE * 1000);

    const stale = await attemptCall(t, "save", { attemptToken: phone.attempt.attemptToken, answers: {} });
    expect(stale.body.code).toBe(400);
    expect(stale.body.msg).toBe(messages.examAttemptInvalid);
    const staleSubmit = await submitAttempt(t, q.publicId, phone, answers);
    expect(staleSubmit.body.msg).toBe(messages.examAttemptInvalid);

    const timeline = await t.db.selectFrom("exam_events").select("kind").orderBy("id").execute();
    expect(timeline.map((event) => event.kind)).toEqual(["start", "resume"]);
  });
});
