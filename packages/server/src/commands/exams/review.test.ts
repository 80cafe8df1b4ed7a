import {
  type ExamCandidatePage,
  type ExamGuardInput,
  type ExamReview,
  type ExamSignInResult,
  messages,
} from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { iso } from "../../clock.ts";

/**
 * 查分 (issue #40): a signed-in candidate's answer sheet with the score, the answer key, the fill-in keys and the
 * explanations — refused while the exam runs, open once released or once the end time has passed, never for
 * another candidate's answers, and refused where 查分 is off.
 */
let t: TestContext;
let owner: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const paper = buildSurvey(
  [
    {
      id: "q1",
      type: "single",
      title: "灭火器的压力指针应指向",
      explanation: "绿区表示压力正常。",
      config: {
        options: [
          { id: "a", label: "绿区", correct: true },
          { id: "b", label: "红区" },
        ],
      },
      scoring: { mode: "single", points: 4 },
    },
    {
      id: "q2",
      type: "text",
      title: "安全出口标志的颜色",
      config: {},
      scoring: { mode: "text", points: 3, accepted: ["绿色"] },
    },
  ],
  { kind: "exam", settings: { exam: { passMark: 4 } } },
);

async function settings(id: number, examGuard: ExamGuardInput, extra: Record<string, unknown> = {}) {
  const row = await t.db
    .selectFrom("questionnaires")
    .select("settings")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const next = { ...(JSON.parse(row.settings) as Record<string, unknown>), examGuard, ...extra };
  await t.db
    .updateTable("questionnaires")
    .set({ settings: JSON.stringify(next) })
    .where("id", "=", id)
    .execute();
}

/** A submitted attempt of `candidateId` holding `responseId`, as exam/start and the submit leave it. */
async function attempt(q: { id: number; revisionId: number }, candidateId: number, responseId: number) {
  const now = iso(t.clock.now());
  await t.db
    .insertInto("exam_attempts")
    .values({
      questionnaireId: q.id,
      candidateId,
      subject: `c:${candidateId}`,
      attemptNo: 1,
      revisionId: q.revisionId,
      seed: `seed-${responseId}`,
      tokenHash: `hash-${responseId}`,
      status: "submitted",
      endedReason: null,
      startedAt: now,
      deadlineAt: null,
      lastSeenAt: now,
      savedAt: now,
      pageId: null,
      responseId,
      updatedAt: now,
    })
    .execute();
}

const review = (publicId: string, candidateToken: string) =>
  call<ExamReview>(t.app, "POST", "exam/review", { json: { publicId, candidateToken } });

async function candidate(q: { id: number; publicId: string }, name: string, number: string) {
  await call(t.app, "POST", "exam/saveCandidate", { token: owner.token, json: { id: q.id, name, number } });
  const signedIn = await call<ExamSignInResult>(t.app, "POST", "exam/signIn", {
    json: { publicId: q.publicId, number, name },
  });
  const token = signedIn.body.data?.candidateToken as string;
  return { token, id: Number(token.split(".")[1]) };
}

describe("查分", () => {
  it("is closed before the end, open once released or past the end time, with the key and explanations", async () => {
    const q = await publishedQuestionnaire(t, owner, paper, "exam");
    const responseId = await submitAnswers(t, q, { q1: { optionId: "b" }, q2: "绿色" });
    const end = iso(new Date(t.clock.now().getTime() + 3600_000));
    await settings(q.id, { candidatesOnly: true, review: true }, { endTime: end });
    const zhang = await candidate(q, "张三", "2026001");
    const li = await candidate(q, "李四", "2026002");
    await attempt(q, zhang.id, responseId);

    // The creator's list shows who sat it and the score of the latest attempt.
    const page = await call<ExamCandidatePage>(t.app, "GET", "exam/getCandidates", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(
      page.body.data?.list.map(({ name, status, attemptsUsed, score }) => ({
        name,
        status,
        attemptsUsed,
        score,
      })),
    ).toEqual([
      { name: "张*", status: "submitted", attemptsUsed: 1, score: 3 },
      { name: "李*", status: "notStarted", attemptsUsed: 0, score: null },
    ]);

    const early = await review(q.publicId, zhang.token);
    expect(early.body.msg).toBe(messages.examReviewClosed);

    await settings(q.id, { candidatesOnly: true, review: true, reviewReleased: true }, { endTime: end });
    const released = await review(q.publicId, zhang.token);
    expect(released.body.code).toBe(200);
    const sheet = released.body.data as ExamReview;
    expect(sheet.candidate).toEqual({ name: "张三", number: "2026001" });
    expect(sheet.answers).toMatchObject({ q1: { optionId: "b" }, q2: "绿色" });
    expect(sheet.exam).toMatchObject({
      total: 3,
      max: 7,
      passMark: 4,
      passed: false,
      answerKey: { q1: ["a"] },
      textKeys: { q2: "绿色" },
      explanations: { q1: "绿区表示压力正常。" },
    });
    expect(sheet.exam.questions?.map((question) => [question.questionId, question.score])).toEqual([
      ["q1", 0],
      ["q2", 3],
    ]);
    // The paper is the one shown to answer: no key, no explanation in it.
    expect(JSON.stringify(sheet.definition)).not.toContain("绿区表示压力正常");
    expect(JSON.stringify(sheet.definition)).not.toContain('"correct"');

    // Another candidate has no sheet of their own; a forged token is refused.
    expect((await review(q.publicId, li.token)).body.msg).toBe(messages.examReviewNone);
    const forged = `${q.id}.${zhang.id}.9999999999.${"A".repeat(22)}`;
    expect((await review(q.publicId, forged)).body.msg).toBe(messages.examSignInExpired);

    // Not released: open once the end time has passed, and signing in again is for 查分.
    await settings(q.id, { candidatesOnly: true, review: true }, { endTime: end });
    t.clock.advance(2 * 3600);
    expect((await review(q.publicId, zhang.token)).body.code).toBe(200);
    const again = await call<ExamSignInResult>(t.app, "POST", "exam/signIn", {
      json: { publicId: q.publicId, number: "2026001", name: "张三" },
    });
    expect(again.body.code).toBe(200);
    expect((await review(q.publicId, again.body.data?.candidateToken as string)).body.code).toBe(200);

    // 查分 off: refused whatever the time.
    await settings(q.id, { candidatesOnly: true, review: false }, { endTime: end });
    expect((await review(q.publicId, zhang.token)).body.msg).toBe(messages.examReviewOff);
    const closed = await call(t.app, "POST", "exam/signIn", {
      json: { publicId: q.publicId, number: "2026001", name: "张三" },
    });
    expect(closed.body.msg).toBe("考试已结束，感谢您的关注");
  });
});
