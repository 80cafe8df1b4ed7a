import type { ExamItemAnalysisResult } from "@wjgj/core";
import { itemAnalysis } from "@wjgj/core/stats/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, submitAnswers } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { scoreColumns } from "../../commands/results/exam-item-analysis.ts";

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

/** A single choice worth `points`, 乙 right, 甲 wrong. */
const question = (id: string, title: string, points: number) => ({
  id,
  type: "single",
  title,
  required: true,
  config: {
    options: [
      { id: "a", label: "甲" },
      { id: "b", label: "乙", correct: true, score: points },
    ],
  },
  scoring: { mode: "single", points },
});

/** Three scored questions (1, 1 and 2 points) and an unscored one: 12 candidates sit it. */
const examDefinition = {
  schemaVersion: 1,
  kind: "exam",
  title: "试题分析",
  pages: [
    {
      id: "p1",
      questions: [
        { id: "name", type: "text", title: "姓名", config: {} },
        question("q1", "第一题", 1),
        question("q2", "第二题", 1),
        question("q3", "第三题", 2),
      ],
    },
  ],
  settings: { exam: {} },
};

// Who answers each question right (1) or wrong (0), candidate by candidate; the class 一班 is the first six.
const right = {
  q1: [1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0],
  q2: [1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1],
  q3: [1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0],
};
const points = { q1: 1, q2: 1, q3: 2 };

async function analysis(id: number, token = owner.token, filter?: unknown) {
  return call<ExamItemAnalysisResult>(t.app, "POST", "statistics/getExamItemAnalysis", {
    token,
    json: { id, ...(filter ? { filter } : {}) },
  });
}

describe("statistics/getExamItemAnalysis 试题分析", () => {
  it("gives each scored question's difficulty, discrimination and item-total r, and the paper's α", async () => {
    const q = await publishNew(t, owner, examDefinition);
    const empty = await analysis(q.id);
    expect(empty.body.code, empty.body.msg).toBe(200);
    expect(empty.body.data).toMatchObject({ respondents: 0, groupSize: 0, alpha: null, drawnPapers: false });
    expect(empty.body.data.items.map((item) => [item.number, item.scored])).toEqual([
      [2, 0],
      [3, 0],
      [4, 0],
    ]);

    for (let i = 0; i < 12; i++) {
      const answers: Record<string, unknown> = { name: i < 6 ? "一班" : "二班" };
      for (const id of ["q1", "q2", "q3"] as const) answers[id] = { optionId: right[id][i] ? "b" : "a" };
      await submitAnswers(t, q.publicId, answers);
    }
    const res = await analysis(q.id);
    expect(res.body.code, res.body.msg).toBe(200);
    const data = res.body.data;
    // The same figures as core's itemAnalysis on the score matrix (checked against R in stats-against-r).
    const expected = itemAnalysis(
      (["q1", "q2", "q3"] as const).map((id) => right[id].map((v) => v * points[id])),
      [1, 1, 2],
    );
    const round3 = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
    expect(data).toMatchObject({ respondents: 12, groupSize: 3, alphaN: 12, alpha: round3(expected.alpha) });
    expect(data.items).toEqual(
      (["q1", "q2", "q3"] as const).map((id, j) => ({
        questionId: id,
        number: j + 2,
        title: ["第一题", "第二题", "第三题"][j],
        maxScore: points[id],
        scored: 12,
        difficulty: round3(expected.items[j]?.difficulty ?? null),
        discrimination: round3(expected.items[j]?.discrimination ?? null),
        itemTotal: round3(expected.items[j]?.itemTotal ?? null),
      })),
    );
    // q1: 7 of 12 right; upper group (totals 4, 4, 3) all right, lower group (0, 0, 1) none: D = 1.
    expect(data.items[0]).toMatchObject({ difficulty: 0.583, discrimination: 1 });
    // Read a few responses at a time, the columns are the same as read at once.
    const ids = (
      await t.db
        .selectFrom("responses")
        .select("id")
        .where("questionnaireId", "=", q.id)
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
    const whole = await scoreColumns(t.db, q.id, ids);
    expect(await scoreColumns(t.db, q.id, ids, 5)).toEqual(whole);
    expect([...whole.keys()].sort()).toEqual(["q1", "q2", "q3"]);
    expect(Array.from(whole.get("q3") ?? [])).toEqual(right.q3.map((v) => v * 2));
  });

  it("follows the filter, and under ten responses does not split groups", async () => {
    const q = await publishNew(t, owner, examDefinition);
    for (let i = 0; i < 12; i++) {
      const answers: Record<string, unknown> = { name: i < 6 ? "一班" : "二班" };
      for (const id of ["q1", "q2", "q3"] as const) answers[id] = { optionId: right[id][i] ? "b" : "a" };
      await submitAnswers(t, q.publicId, answers);
    }
    const res = await analysis(q.id, owner.token, {
      condition: { kind: "compare", questionId: "name", op: "contains", value: "一班" },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ respondents: 6, groupSize: 0 });
    expect(res.body.data.items.map((item) => [item.scored, item.difficulty, item.discrimination])).toEqual([
      [6, 0.833, null],
      [6, 0.833, null],
      [6, 0.667, null],
    ]);
  });

  it("is refused for a survey and for someone else's exam", async () => {
    const { settings: _exam, ...rest } = examDefinition;
    const survey = await publishNew(t, owner, { ...rest, title: "不是考试", kind: "survey" });
    const notExam = await analysis(survey.id);
    expect(notExam.body.code).toBe(400);
    const q = await publishNew(t, owner, examDefinition);
    const foreign = await analysis(q.id, other.token);
    expect(foreign.body.code).not.toBe(200);
  });
});
