import type { ExamReport, ExamTagMasteryResult } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPaper, publishNew, satisfactionSurvey, submitPaper } from "../../../test/answering.ts";
import { insertBank } from "../../../test/banks.ts";
import { type BuiltUser, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { pdfText } from "../../../test/pdf-text.ts";
import { backfillPaperTags } from "../../db/migrations/0120-exam-paper-tags.ts";

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** A bank of single-choice questions (甲 right, 乙 wrong), one per [title, tags] pair. */
async function bankOf(items: [title: string, tags: string][]): Promise<number> {
  return insertBank(
    t,
    owner,
    items.map(([title, tags]) => [title, "单选题", "甲|乙", "A", "5", "", tags, "简单"]),
  );
}

/**
 * Every paper draws the whole bank, so each candidate gets the same four questions (in their own order):
 * 消防甲 (消防, 10 points), 消防用电 (消防 and 用电, 10), 用电甲 (用电, 5) and 急救甲 (急救, 4).
 */
async function taggedExam() {
  const bankId = await bankOf([
    ["消防甲", "消防"],
    ["消防用电", "消防,用电"],
    ["用电甲", "用电"],
    ["急救甲", "急救"],
  ]);
  return publishNew(t, owner, {
    kind: "exam",
    definition: {
      schemaVersion: 1,
      kind: "exam",
      title: "安全知识随机考",
      pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "姓名", config: {} }] }],
      settings: {
        exam: {
          paperRules: [
            { bankId, tag: "消防", count: 2, points: 10 },
            { bankId, tag: "用电", count: 1, points: 5 },
            { bankId, count: 1, points: 4 },
          ],
        },
      },
    },
  });
}

/** Opens the exam on `deviceId` and hands in its paper, right on the titles in `right`, wrong on the rest. */
async function sit(publicId: string, deviceId: string, name: string, right: string[]): Promise<number> {
  const { revisionId, definition } = await openPaper(t, publicId, deviceId);
  const drawn = (definition?.pages ?? [])
    .flatMap((page) => page.questions)
    .filter((q) => q.id.startsWith("bank_"));
  expect(drawn).toHaveLength(4);
  const answers: Record<string, unknown> = { name };
  for (const question of drawn) {
    if (question.type !== "single") throw new Error("a single choice was drawn");
    const [yes, no] = question.config.options;
    answers[question.id] = { optionId: (right.includes(question.title) ? yes : no)?.id };
  }
  const res = await submitPaper(t, publicId, revisionId, deviceId, answers);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.responseId;
}

async function mastery(id: number, filter?: unknown) {
  const res = await call<ExamTagMasteryResult>(t.app, "POST", "statistics/getExamTagMastery", {
    token: owner.token,
    json: { id, ...(filter ? { filter } : {}) },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

describe("知识点掌握 (statistics/getExamTagMastery)", () => {
  it("adds up each tag over the valid responses, weakest first, and follows the report's filter", async () => {
    const q = await taggedExam();
    await sit(q.publicId, "DeviceAAAA01", "考生甲", ["消防甲", "消防用电", "用电甲", "急救甲"]);
    await sit(q.publicId, "DeviceBBBB02", "考生乙", ["消防甲", "用电甲"]);
    const invalid = await sit(q.publicId, "DeviceCCCC03", "考生丙", []);
    const marked = await call(t.app, "POST", "answer/markInvalid", {
      token: owner.token,
      json: { id: q.id, responseIds: [invalid] },
    });
    expect(marked.body.code, marked.body.msg).toBe(200);
    // Opened, never handed in: a paper with tags but no response.
    await call(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: q.publicId, deviceId: "DeviceDDDD04" },
    });

    expect((await mastery(q.id)).tags).toEqual([
      { tag: "急救", candidates: 2, questions: 2, score: 4, maxScore: 8, masteryRate: 50 },
      { tag: "用电", candidates: 2, questions: 4, score: 20, maxScore: 30, masteryRate: 66.7 },
      { tag: "消防", candidates: 2, questions: 4, score: 30, maxScore: 40, masteryRate: 75 },
    ]);

    const onlyB = { condition: { kind: "compare", questionId: "name", op: "contains", value: "乙" } };
    expect((await mastery(q.id, onlyB)).tags).toEqual([
      { tag: "急救", candidates: 1, questions: 1, score: 0, maxScore: 4, masteryRate: 0 },
      { tag: "用电", candidates: 1, questions: 2, score: 5, maxScore: 15, masteryRate: 33.3 },
      { tag: "消防", candidates: 1, questions: 2, score: 10, maxScore: 20, masteryRate: 50 },
    ]);
    // Tagged papers, but no response the filter keeps.
    expect(await mastery(q.id, { dateTo: "2000-01-01" })).toEqual({ tagged: true, tags: [] });
  });

  it("lists each drawn bank question under 各题正确率, after the exam's own questions, filtered as the report", async () => {
    const q = await taggedExam();
    await sit(q.publicId, "DeviceGGGG07", "考生甲", ["消防甲", "消防用电", "用电甲", "急救甲"]);
    await sit(q.publicId, "DeviceHHHH08", "考生乙", ["消防甲", "用电甲"]);
    const report = async (filter?: unknown) => {
      const res = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
        token: owner.token,
        json: { id: q.id, pageNum: 1, pageSize: 20, ...(filter ? { filter } : {}) },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data.questions.map(
        ({ title, number, maxScore, scored, correct, correctRate, drawn, topWrong }) => ({
          title,
          number,
          maxScore,
          scored,
          correct,
          correctRate,
          drawn,
          wrong: topWrong && [topWrong.label, topWrong.count, topWrong.rate],
        }),
      );
    };
    // 姓名 is question 1 and scores nothing; the drawn ones follow in bank order, with their rules' points.
    // 最多错选: 乙, the one wrong option, where anyone chose it.
    const drawn = { drawn: true };
    expect(await report()).toEqual([
      {
        title: "消防甲",
        number: 2,
        maxScore: 10,
        scored: 2,
        correct: 2,
        correctRate: 100,
        ...drawn,
        wrong: null,
      },
      {
        title: "消防用电",
        number: 3,
        maxScore: 10,
        scored: 2,
        correct: 1,
        correctRate: 50,
        ...drawn,
        wrong: ["乙", 1, 50],
      },
      {
        title: "用电甲",
        number: 4,
        maxScore: 5,
        scored: 2,
        correct: 2,
        correctRate: 100,
        ...drawn,
        wrong: null,
      },
      {
        title: "急救甲",
        number: 5,
        maxScore: 4,
        scored: 2,
        correct: 1,
        correctRate: 50,
        ...drawn,
        wrong: ["乙", 1, 50],
      },
    ]);
    const onlyB = { condition: { kind: "compare", questionId: "name", op: "contains", value: "乙" } };
    expect((await report(onlyB)).map((row) => [row.title, row.scored, row.correct, row.wrong])).toEqual([
      ["消防甲", 1, 1, null],
      ["消防用电", 1, 0, ["乙", 1, 100]],
      ["用电甲", 1, 1, null],
      ["急救甲", 1, 0, ["乙", 1, 100]],
    ]);
    const onlyA = { condition: { kind: "compare", questionId: "name", op: "contains", value: "甲" } };
    expect((await report(onlyA)).map((row) => row.wrong)).toEqual([null, null, null, null]);
    // The ranking names candidates from the text question titled 姓名 (the exam has no 个人信息 name).
    const ranked = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
      token: owner.token,
      json: { id: q.id, pageNum: 1, pageSize: 20 },
    });
    expect(ranked.body.data.ranking.list.map((row) => [row.name, row.score])).toEqual([
      ["考生甲", 29],
      ["考生乙", 15],
    ]);
  });

  it("is empty for an exam without paper rules, and refused for a questionnaire that is no exam", async () => {
    const fixed = await publishNew(t, owner, { kind: "exam", definition: sampleDefinition("固定试卷") });
    expect(await mastery(fixed.id)).toEqual({ tagged: false, tags: [] });

    const survey = await publishNew(t, owner, { definition: satisfactionSurvey("满意度") });
    const res = await call(t.app, "POST", "statistics/getExamTagMastery", {
      token: owner.token,
      json: { id: survey.id },
    });
    expect(res.body).toMatchObject({ code: 400, msg: "该问卷未设置考试计分，没有成绩报告" });
  });

  it("puts the candidate's points per tag on the 成绩单", async () => {
    const q = await taggedExam();
    const responseId = await sit(q.publicId, "DeviceEEEE05", "考生丁", ["消防甲", "用电甲", "急救甲"]);
    const res = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/answer/getReportCardPdf?id=${q.id}&responseId=${responseId}`,
      headers: { token: owner.token },
    });
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.rawPayload);
    // The card reads the candidate's own paper: its four drawn questions (10 + 10 + 5 + 4 points).
    expect(text).toContain("总分：19 / 29 分");
    expect(text).toContain("知识点得分");
    expect(text).toContain("消防：10 / 20 分");
    expect(text).toContain("用电：5 / 15 分");
    expect(text).toContain("急救：4 / 4 分");
  });

  it("gives papers drawn before the tag rows existed their tags (migration 0120)", async () => {
    const q = await taggedExam();
    await sit(q.publicId, "DeviceFFFF06", "考生戊", ["消防用电"]);
    const expected = await mastery(q.id);
    expect(expected.tags.map((row) => row.tag)).toEqual(["急救", "消防", "用电"]);
    await t.ctx.db.deleteFrom("exam_paper_tags").where("questionnaireId", "=", q.id).execute();
    expect(await mastery(q.id)).toEqual({ tagged: false, tags: [] });
    await backfillPaperTags(t.ctx.db);
    await backfillPaperTags(t.ctx.db);
    expect(await mastery(q.id)).toEqual(expected);
  });
});
