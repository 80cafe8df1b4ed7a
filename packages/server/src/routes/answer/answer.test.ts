import type {
  AnswerDetail,
  AnswerExam,
  AnswerSummary,
  ExamReport,
  QuestionStatisticsResult,
  ResultsOverview,
  ResultsPage,
  TextAnswerItem,
  VoteResults,
} from "@wjgj/core";
import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const post = <T>(path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", path, { token: owner.token, json });
const get = <T>(path: string, params: Record<string, string | number>) =>
  call<T>(t.app, "GET", path, {
    token: owner.token,
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });

describe("statistics/getOverview", () => {
  it("counts total, today, the daily trend, mean duration and sources from counters", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    await submitAnswers(t, q, { qs: { optionId: "a" } }, { durationSeconds: 60, source: "wechat" });
    t.clock.advance(86_400);
    await submitAnswers(t, q, { qs: { optionId: "b" } }, { durationSeconds: 100, source: "link" });
    const third = await submitAnswers(
      t,
      q,
      { qs: { optionId: "b" } },
      { durationSeconds: 200, source: "wechat" },
    );
    await post("answer/markInvalid", { id: q.id, responseIds: [third] });

    const overview = await get<ResultsOverview>("statistics/getOverview", { id: q.id, days: 3 });
    expect(overview.body.data).toMatchObject({
      total: 2,
      today: 1,
      invalidCount: 1,
      deletedCount: 0,
      averageDurationSeconds: 80,
      trend: [
        { date: "2026-05-31", count: 0 },
        { date: "2026-06-01", count: 1 },
        { date: "2026-06-02", count: 1 },
      ],
    });
    expect(overview.body.data.sources).toEqual([
      { source: "link", name: "链接", count: 1, percentage: 50 },
      { source: "wechat", name: "微信", count: 1, percentage: 50 },
    ]);
  });
});

describe("filters", () => {
  it("refuse expressions and label comparisons with a Chinese 400 and write nothing", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    await submitAnswers(t, q, { qs: { optionId: "a" } });
    const before = await tableCounts(t);
    const expression = await post("statistics/getQuestionStatistics", {
      id: q.id,
      filter: { condition: { kind: "expression", expression: "$qn > 1" } },
    });
    expect(expression.body).toMatchObject({
      code: 400,
      msg: "计算值和表达式条件不能用于数据筛选，请改用选中、未选中、已作答或比较条件",
      data: { errors: [{ field: "filter.condition" }] },
    });
    const label = await post("answer/getAnswerList", {
      id: q.id,
      filter: { condition: { kind: "compare", questionId: "qs", op: "eq", value: "选项A" } },
    });
    expect(label.body.code).toBe(400);
    expect(label.body.msg).toMatch(/比较条件不能用于数据筛选/);
    const date = await post("statistics/getQuestionStatistics", {
      id: q.id,
      filter: { dateFrom: "2026/06/01" },
    });
    expect(date.body).toMatchObject({ code: 400, msg: "筛选日期需为 YYYY-MM-DD 格式" });
    expect(await tableCounts(t)).toEqual(before);
  });

  it("narrow by date range and source", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    await submitAnswers(t, q, { qs: { optionId: "a" } }, { source: "wechat" });
    t.clock.advance(2 * 86_400);
    await submitAnswers(t, q, { qs: { optionId: "b" } }, { source: "link" });
    await submitAnswers(t, q, { qs: { optionId: "c" } }, { source: "wechat" });
    const byDate = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", {
      id: q.id,
      filter: { dateFrom: "2026-06-03", dateTo: "2026-06-03" },
    });
    expect(byDate.body.data).toMatchObject({ total: 2, filtered: true });
    const bySource = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", {
      id: q.id,
      filter: { dateFrom: "2026-06-03", source: "wechat" },
    });
    const single = bySource.body.data.questions.find((s) => s.questionId === "qs");
    expect(single).toMatchObject({
      answered: 1,
      options: expect.arrayContaining([
        expect.objectContaining({ optionId: "c", count: 1, percentage: 100 }),
      ]),
    });
  });
});

describe("statistics/getTextAnswers", () => {
  it("pages typed answers and 其他 texts newest first, with search", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    for (const text of ["苹果很好吃", "香蕉", "苹果一般"])
      await submitAnswers(t, q, { qt: text, qs: { optionId: "o", otherText: `其他:${text}` } });
    const page = await get<ResultsPage<TextAnswerItem>>("statistics/getTextAnswers", {
      id: q.id,
      questionId: "qt",
      keyword: "苹果",
      pageSize: 1,
    });
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.list[0]?.parts).toEqual([{ key: "text:qt", label: "", text: "苹果一般" }]);
    const others = await post<ResultsPage<TextAnswerItem>>("statistics/getTextAnswers", {
      id: q.id,
      questionId: "qs",
    });
    expect(others.body.data.list.map((item) => item.parts[0])).toEqual([
      { key: "other:qs:o", label: "其他（其他）", text: "其他:苹果一般" },
      { key: "other:qs:o", label: "其他（其他）", text: "其他:香蕉" },
      { key: "other:qs:o", label: "其他（其他）", text: "其他:苹果很好吃" },
    ]);
  });

  it("lists only valid responses, a page after another, newest first", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    const ids: number[] = [];
    for (const text of ["一", "二", "三", "四", "五"])
      ids.push(await submitAnswers(t, q, { qt: `第${text}条` }));
    await post("answer/markInvalid", { id: q.id, responseIds: [ids[3]] });
    await post("answer/deleteAnswer", { id: q.id, responseIds: [ids[1]] });
    const page = (pageNum: number) =>
      get<ResultsPage<TextAnswerItem>>("statistics/getTextAnswers", {
        id: q.id,
        questionId: "qt",
        pageNum,
        pageSize: 2,
      });
    const [first, second] = [await page(1), await page(2)];
    expect([first.body.data.total, second.body.data.total]).toEqual([3, 3]);
    expect([...first.body.data.list, ...second.body.data.list].map((item) => item.parts[0]?.text)).toEqual([
      "第五条",
      "第三条",
      "第一条",
    ]);
  });
});

describe("the response viewer", () => {
  it("steps through responses in the list's order, moves them to the recycle bin and back", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    // Responses to another questionnaire in between: 序号 counts this questionnaire's alone.
    const other = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    const ids: number[] = [];
    for (const duration of [50, 10, 30]) {
      t.clock.advance(60);
      await submitAnswers(t, other, { qn: duration }, { durationSeconds: duration });
      ids.push(await submitAnswers(t, q, { qn: duration }, { durationSeconds: duration }));
    }
    const [a, b, c] = ids as [number, number, number];
    const list = await post<ResultsPage<AnswerSummary>>("answer/getAnswerList", {
      id: q.id,
      sort: "durationAsc",
    });
    expect(list.body.data.list.map((item) => item.id)).toEqual([b, c, a]);
    // 序号 is each response's own number (the order they came in), whatever the list's order.
    expect(list.body.data.list.map((item) => item.seq)).toEqual([2, 3, 1]);
    expect(list.body.data.list[0]?.texts).toEqual({ qn: "10" });
    const detail = await get<AnswerDetail>("answer/getAnswerDetail", {
      id: q.id,
      responseId: c,
      sort: "durationAsc",
    });
    expect(detail.body.data).toMatchObject({
      previousId: b,
      nextId: a,
      position: 2,
      total: 3,
      answers: { qn: 30 },
      answer: { id: c, seq: 3 },
    });
    const newest = await get<AnswerDetail>("answer/getAnswerDetail", { id: q.id, responseId: c });
    expect(newest.body.data).toMatchObject({ previousId: null, nextId: b, position: 1 });

    expect((await post("answer/deleteAnswer", { id: q.id, responseIds: `${a},${b}` })).body).toMatchObject({
      data: { changed: 2 },
    });
    expect((await post("answer/deleteAnswer", { id: q.id, responseIds: [a] })).body).toMatchObject({
      data: { changed: 0 },
    });
    const bin = await post<ResultsPage<AnswerSummary>>("answer/getAnswerList", {
      id: q.id,
      status: "deleted",
    });
    expect(bin.body.data.list.map((item) => [item.id, item.seq, item.statusName])).toEqual([
      [b, 2, "已删除"],
      [a, 1, "已删除"],
    ]);
    // The one left keeps its number: 3, not 1.
    const left = await post<ResultsPage<AnswerSummary>>("answer/getAnswerList", { id: q.id });
    expect(left.body.data.list.map((item) => [item.id, item.seq])).toEqual([[c, 3]]);
    const stats = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", { id: q.id });
    expect(stats.body.data.questions.find((s) => s.questionId === "qn")).toMatchObject({
      answered: 1,
      mean: 30,
    });
    await post("answer/restoreAnswer", { id: q.id, responseIds: [a] });
    const back = await post<ResultsPage<AnswerSummary>>("answer/getAnswerList", { id: q.id });
    expect(back.body.data.list.map((item) => [item.id, item.seq])).toEqual([
      [c, 3],
      [a, 1],
    ]);
    const restored = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", { id: q.id });
    expect(restored.body.data.questions.find((s) => s.questionId === "qn")).toMatchObject({
      answered: 2,
      mean: 40,
      median: 40,
    });
  });
});

const exam = buildSurvey(
  [
    { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
    {
      id: "q1",
      type: "single",
      title: "灭火器的正确使用顺序",
      config: {
        options: [
          { id: "a", label: "拔销-握管-压把", correct: true },
          { id: "b", label: "压把-拔销-握管" },
        ],
      },
      scoring: { mode: "single", points: 4 },
    },
    {
      id: "essay",
      type: "textarea",
      title: "简述火灾逃生要点",
      config: {},
      scoring: { mode: "manual", points: 6 },
    },
  ],
  { kind: "exam", settings: { exam: { passMark: 6 } } },
);

describe("exams", () => {
  it("grades essays by hand, recomputing totals, pass and the report", async () => {
    const q = await publishedQuestionnaire(t, owner, exam);
    const zhang = await submitAnswers(t, q, {
      name: "张三",
      q1: { optionId: "a" },
      essay: "低姿弯腰，湿毛巾捂口鼻",
    });
    const li = await submitAnswers(t, q, { name: "李四", q1: { optionId: "b" }, essay: "乘电梯" });
    const before = await post<ExamReport>("statistics/getExamReport", { id: q.id });
    expect(before.body.data).toMatchObject({
      count: 2,
      maxScore: 10,
      passCount: 0,
      passRate: 0,
      pendingManualCount: 2,
    });

    const tooMuch = await post("answer/gradeAnswer", {
      id: q.id,
      responseId: zhang,
      grades: [{ questionId: "essay", score: 7 }],
    });
    expect(tooMuch.body).toMatchObject({ code: 400, msg: "得分需在0到该题满分之间" });
    const notManual = await post("answer/gradeAnswer", {
      id: q.id,
      responseId: zhang,
      grades: [{ questionId: "q1", score: 1 }],
    });
    expect(notManual.body).toMatchObject({ code: 400, msg: "该题不需要人工批改" });

    const graded = await post<AnswerExam>("answer/gradeAnswer", {
      id: q.id,
      responseId: zhang,
      grades: [{ questionId: "essay", score: 5 }],
    });
    expect(graded.body.data).toMatchObject({ total: 9, max: 10, passed: true, pendingManual: 0 });
    await post("answer/gradeAnswer", {
      id: q.id,
      responseId: li,
      grades: JSON.stringify([{ questionId: "essay", score: 1 }]),
    });

    const report = await post<ExamReport>("statistics/getExamReport", { id: q.id });
    expect(report.body.data).toMatchObject({
      count: 2,
      average: 5,
      highest: 9,
      lowest: 1,
      median: 5,
      passMark: 6,
      passCount: 1,
      passRate: 50,
      pendingManualCount: 0,
    });
    expect(report.body.data.ranking.list.map((r) => [r.rank, r.name, r.score, r.passed])).toEqual([
      [1, "张三", 9, true],
      [2, "李四", 1, false],
    ]);
    expect(report.body.data.questions).toEqual([
      expect.objectContaining({
        questionId: "q1",
        maxScore: 4,
        scored: 2,
        correct: 1,
        correctRate: 50,
        averageScore: 2,
        manual: false,
      }),
      expect.objectContaining({
        questionId: "essay",
        maxScore: 6,
        scored: 2,
        correct: 0,
        averageScore: 3,
        manual: true,
      }),
    ]);
    expect(report.body.data.bands.find((band) => band.label === "9-10")).toMatchObject({ count: 1 });
    const detail = await get<AnswerDetail>("answer/getAnswerDetail", { id: q.id, responseId: zhang });
    expect(detail.body.data.exam?.questions.find((x) => x.questionId === "essay")).toMatchObject({
      score: 5,
      graded: true,
    });
  });

  it("refuses an exam report for a survey", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    expect((await post("statistics/getExamReport", { id: q.id })).body).toMatchObject({
      code: 400,
      msg: "该问卷未设置考试计分，没有成绩报告",
    });
  });
});

describe("statistics/getVoteResults", () => {
  it("reads vote counts from counters", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    for (const optionId of ["a", "b", "a"]) await submitAnswers(t, q, { qv: { optionId } });
    const votes = await get<VoteResults>("statistics/getVoteResults", { id: q.id });
    expect(votes.body.data.total).toBe(3);
    expect(votes.body.data.questions).toEqual([
      expect.objectContaining({
        questionId: "qv",
        answered: 3,
        options: [
          { optionId: "a", label: "选项A", count: 2, percentage: 66.7 },
          { optionId: "b", label: "选项B", count: 1, percentage: 33.3 },
        ],
      }),
    ]);
  });
});
