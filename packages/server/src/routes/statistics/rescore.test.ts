import type { ExamReport } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishNew, releaseQuestionnaire, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { jobWorkerOf } from "../../jobs/index.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

/** Two 10-point questions; q1's correct option is `q1Correct`. */
function exam(q1Correct: "a" | "b") {
  const option = (id: string, label: string, correct: boolean) => ({
    id,
    label,
    ...(correct ? { correct } : {}),
  });
  return {
    schemaVersion: 1,
    kind: "exam",
    title: "重新评分测验",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: "第一题",
            config: {
              options: [
                option("a", "甲", q1Correct === "a"),
                option("b", "乙", q1Correct === "b"),
                option("c", "丙", false),
              ],
            },
            scoring: { mode: "single", points: 10 },
          },
          {
            id: "q2",
            type: "single",
            title: "第二题",
            config: { options: [option("x", "对", true), option("y", "错", false)] },
            scoring: { mode: "single", points: 10 },
          },
        ],
      },
    ],
    settings: { exam: { passMark: 15 } },
  };
}

type Progress = {
  offered: boolean;
  run: { status: string; total: number; done: number; changed: number; percent: number } | null;
};

const progress = async () =>
  (
    await call<Progress>(t.app, "GET", "statistics/getRescoreProgress", {
      token: owner.token,
      params: { id: qid },
    })
  ).body;
let qid = 0;

async function scores() {
  const rows = await t.ctx.db
    .selectFrom("responses")
    .select(["id", "score", "passed"])
    .where("questionnaireId", "=", qid)
    .orderBy("id")
    .execute();
  return rows.map((row) => [row.score, row.passed]);
}

async function ranking() {
  const res = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
    token: owner.token,
    json: { id: qid },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.ranking.list.map((row) => [row.rank, row.score]);
}

async function correctRate() {
  const res = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
    token: owner.token,
    json: { id: qid },
  });
  return res.body.data.questions.map((q) => [q.questionId, q.correct]);
}

describe("重新评分", () => {
  it("after a published edit of a correct answer, changes exactly the affected responses and the ranking", async () => {
    const q = await publishNew(t, owner, { kind: "exam", definition: exam("a") });
    qid = q.id;
    const open = await call<{ revisionId: number }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: q.publicId },
    });
    const answers = [
      { q1: { optionId: "a" }, q2: { optionId: "x" } }, // 20 → 10
      { q1: { optionId: "b" }, q2: { optionId: "x" } }, // 10 → 20
      { q1: { optionId: "a" }, q2: { optionId: "y" } }, // 10 → 0
      { q1: { optionId: "b" }, q2: { optionId: "y" } }, // 0 → 10
      { q2: { optionId: "x" } }, // 10, unchanged
      { q1: { optionId: "c" }, q2: { optionId: "x" } }, // 10, unchanged
    ];
    for (const a of answers) {
      const res = await submitWithToken(t, q.publicId, open.body.data.revisionId, a);
      expect(res.body.code, res.body.msg).toBe(200);
    }
    expect(await scores()).toEqual([
      [20, 1],
      [10, 0],
      [10, 0],
      [0, 0],
      [10, 0],
      [10, 0],
    ]);
    expect(await ranking()).toEqual([
      [1, 20],
      [2, 10],
      [2, 10],
      [2, 10],
      [2, 10],
      [6, 0],
    ]);
    expect((await progress()).data).toEqual({ offered: false, run: null });

    const { version } = await t.ctx.db
      .selectFrom("questionnaires")
      .select("version")
      .where("id", "=", qid)
      .executeTakeFirstOrThrow();
    const saved = await call(t.app, "POST", "questionary/saveQuestionary", {
      token: owner.token,
      json: { id: qid, definition: exam("b"), baseVersion: version },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    await releaseQuestionnaire(t, owner, qid);
    expect((await progress()).data.offered).toBe(true);
    // Nothing changes until the creator asks.
    expect(await scores()).toEqual([
      [20, 1],
      [10, 0],
      [10, 0],
      [0, 0],
      [10, 0],
      [10, 0],
    ]);

    const responsesBefore = await t.ctx.db
      .selectFrom("responses")
      .select(["id", "answers", "labels", "revisionId", "submittedAt"])
      .where("questionnaireId", "=", qid)
      .orderBy("id")
      .execute();
    const started = await call<Progress>(t.app, "POST", "statistics/startRescore", {
      token: owner.token,
      params: { id: qid },
    });
    expect(started.body.code, started.body.msg).toBe(200);
    await jobWorkerOf(t.app).idle();

    expect((await progress()).data).toEqual({
      offered: false,
      run: { id: expect.any(Number), status: "done", total: 6, done: 6, changed: 4, percent: 100 },
    });
    expect(await scores()).toEqual([
      [10, 0],
      [20, 1],
      [0, 0],
      [10, 0],
      [10, 0],
      [10, 0],
    ]);
    expect(await ranking()).toEqual([
      [1, 20],
      [2, 10],
      [2, 10],
      [2, 10],
      [2, 10],
      [6, 0],
    ]);
    const report = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
      token: owner.token,
      json: { id: qid },
    });
    // The ranking follows: the response that chose 乙 now leads.
    expect(report.body.data.ranking.list[0]?.responseId).toBe(responsesBefore[1]?.id);
    expect(report.body.data.passCount).toBe(1);
    // Per-question correct counts follow the new key (q1: two chose 乙).
    expect(await correctRate()).toEqual([
      ["q1", 2],
      ["q2", 4],
    ]);
    // The unfiltered report reads exam counters, a filtered one groups the score facts: they agree.
    const filtered = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
      token: owner.token,
      json: { id: qid, filter: { source: "link" } },
    });
    expect(filtered.body.code, filtered.body.msg).toBe(200);
    expect(filtered.body.data.questions).toEqual(report.body.data.questions);
    expect(filtered.body.data.pendingManualCount).toBe(report.body.data.pendingManualCount);
    // What the respondents answered is untouched.
    const responsesAfter = await t.ctx.db
      .selectFrom("responses")
      .select(["id", "answers", "labels", "revisionId", "submittedAt"])
      .where("questionnaireId", "=", qid)
      .orderBy("id")
      .execute();
    expect(responsesAfter).toEqual(responsesBefore);

    // A second run finds nothing left to change.
    await call(t.app, "POST", "statistics/startRescore", { token: owner.token, params: { id: qid } });
    await jobWorkerOf(t.app).idle();
    expect((await progress()).data.run).toMatchObject({ status: "done", done: 6, changed: 0 });
  });

  it("is refused on someone else's exam and starts nothing", async () => {
    const q = await publishNew(t, owner, { kind: "exam", definition: exam("a") });
    const stranger = await buildUser(t);
    const res = await call(t.app, "POST", "statistics/startRescore", {
      token: stranger.token,
      params: { id: q.id },
    });
    expect(res.body.code).not.toBe(200);
    expect(await t.ctx.db.selectFrom("exam_rescores").select("id").execute()).toEqual([]);
  });
});
