import { ResultCode, type SurveyDefinition } from "@wjgj/core";
import type {
  AnalysisOutcome,
  AnalysisResult,
  AnalysisVariablesResult,
  WeightingResult,
} from "@wjgj/core/api/analysis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisAnswers, analysisDefinition, analysisMargins } from "../../../test/analysis-fixtures.ts";
import {
  type BuiltUser,
  buildMember,
  buildTeamMember,
  buildUser,
  sampleDefinition,
} from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";

/**
 * statistics/getAnalysisVariables, getAnalysis (every method), getWeighting/saveWeighting/deleteWeighting:
 * figures are checked against counts made here from the submitted answers (PSPP checks the statistics in
 * analysis-pspp.test.ts), refusals against their Chinese messages.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string; revisionId: number };
const answers = analysisAnswers(90);

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishedQuestionnaire(t, owner, analysisDefinition());
  for (const a of answers) await submitAnswers(t, q, a);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Outcome<M extends AnalysisOutcome["method"]> = Extract<AnalysisOutcome, { method: M }>;

async function analyse(request: unknown, extra: Record<string, unknown> = {}, id = q.id) {
  return call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
    token: owner.token,
    json: { id, request, ...extra },
  });
}

async function outcome<M extends AnalysisOutcome["method"]>(
  request: { method: M } & Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<Outcome<M> & { whole: AnalysisResult }> {
  const res = await analyse(request, extra);
  expect(res.body.msg, JSON.stringify(res.body.data)).toBe("操作成功");
  return { ...(res.body.data.outcome as Outcome<M>), whole: res.body.data };
}

async function refused(request: unknown, extra: Record<string, unknown> = {}, id = q.id) {
  const res = await analyse(request, extra, id);
  expect(res.body.code).toBe(ResultCode.invalidInput);
  return res.body.msg;
}

const code = (optionId: unknown, ids: string[]) =>
  typeof optionId === "string" ? ids.indexOf(optionId) + 1 : null;
const genderOf = (a: Record<string, unknown>) =>
  code((a.gender as { optionId?: string })?.optionId, ["m", "f"]);
const ageOf = (a: Record<string, unknown>) =>
  code((a.age as { optionId?: string })?.optionId, ["a1", "a2", "a3", "a4"]);
const spendOf = (a: Record<string, unknown>) => (typeof a.spend === "number" ? a.spend : null);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("statistics/getAnalysisVariables", () => {
  it("lists the export's numeric variables with labels, measures and codes, and the multi-select as a set", async () => {
    const res = await call<AnalysisVariablesResult>(t.app, "GET", "statistics/getAnalysisVariables", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(res.body.code).toBe(200);
    const { variables, sets } = res.body.data;
    expect(variables.map((v) => v.name)).toEqual([
      "duration",
      "Q1",
      "Q2",
      "Q3_A",
      "Q3_B",
      "Q3_C",
      "Q4_1",
      "Q4_2",
      "Q4_3",
      "Q4_4",
      "Q4_5",
      "Q5",
    ]);
    const byName = new Map(variables.map((v) => [v.name, v]));
    expect(byName.get("Q1")).toEqual({
      name: "Q1",
      label: "您的性别",
      questionId: "gender",
      measure: "nominal",
      values: [
        { value: 1, label: "男" },
        { value: 2, label: "女" },
      ],
    });
    expect(byName.get("Q3_B")).toMatchObject({ label: "您在哪里购买: 门店", measure: "nominal" });
    // Matrix-scale rows: ordinal, their points as codes (unlabelled in the .sav, which holds the numbers).
    expect(byName.get("Q4_2")).toMatchObject({
      label: "满意度: 价格",
      measure: "ordinal",
      questionId: "sat",
    });
    expect(byName.get("Q4_2")?.values.map((v) => v.value)).toEqual([1, 2, 3, 4, 5]);
    expect(byName.get("Q5")).toMatchObject({ label: "月消费金额", measure: "scale", values: [] });
    expect(byName.get("duration")).toMatchObject({ questionId: "", measure: "scale" });
    expect(sets).toEqual([
      {
        name: "channels",
        label: "您在哪里购买",
        questionId: "channels",
        members: ["Q3_A", "Q3_B", "Q3_C"],
        categories: [
          { value: 1, label: "网店" },
          { value: 2, label: "门店" },
          { value: 3, label: "朋友推荐" },
        ],
      },
    ]);
  });
});

describe("statistics/getAnalysisVariables of an exam", () => {
  it("offers the total score, as the export's score variable", async () => {
    const exam = await publishedQuestionnaire(
      t,
      owner,
      sampleDefinition() as unknown as SurveyDefinition,
      "exam",
    );
    await submitAnswers(t, exam, { q1: { optionId: "b" } });
    await submitAnswers(t, exam, { q1: { optionId: "a" } });
    const res = await call<AnalysisVariablesResult>(t.app, "GET", "statistics/getAnalysisVariables", {
      token: owner.token,
      params: { id: exam.id },
    });
    expect(res.body.data.variables.find((v) => v.name === "score")).toEqual({
      name: "score",
      label: "总分",
      questionId: "",
      measure: "scale",
      values: [],
    });
    const scores = await call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
      token: owner.token,
      json: { id: exam.id, request: { method: "descriptives", variables: ["score"] } },
    });
    expect((scores.body.data.outcome as Outcome<"descriptives">).items[0]?.descriptives).toMatchObject({
      ok: true,
      n: 2,
      min: 0,
      max: 4,
    });
  });
});

describe("statistics/getAnalysis", () => {
  it("descriptives: scale figures, coded shares with Wilson intervals, a multi-select's option shares", async () => {
    const out = await outcome({ method: "descriptives", variables: ["Q5", "Q1", "channels"] });
    expect(out.whole).toMatchObject({ responses: 90, weighted: false, efficiency: null });
    const [spend, gender, channels] = out.items;
    const spends = answers.map(spendOf).filter((v): v is number => v !== null);
    expect(spend?.descriptives).toMatchObject({ ok: true, n: spends.length });
    if (spend?.descriptives?.ok) expect(spend.descriptives.mean).toBeCloseTo(mean(spends), 9);
    expect(spend?.proportions).toEqual([]);
    expect(gender?.descriptives).toBeNull();
    const genders = answers.map(genderOf).filter((v) => v !== null);
    expect(gender?.proportions.map((p) => [p.label, p.count])).toEqual([
      ["男", genders.filter((g) => g === 1).length],
      ["女", genders.filter((g) => g === 2).length],
    ]);
    const men = gender?.proportions[0]?.proportion;
    expect(men).toMatchObject({ ok: true, n: genders.length });
    if (men?.ok) expect(men.ciLower).toBeLessThan(men.proportion);
    const shown = answers.filter((a) => a.channels !== undefined);
    expect(channels?.variable).toEqual({ name: "channels", label: "您在哪里购买" });
    expect(channels?.proportions.map((p) => p.count)).toEqual(
      ["online", "store", "friend"].map(
        (id) => shown.filter((a) => (a.channels as { optionIds: string[] }).optionIds.includes(id)).length,
      ),
    );
    expect(channels?.proportions[0]?.proportion).toMatchObject({ ok: true, n: shown.length });
  });

  it("crosstab: counts of the coded answers, χ², Fisher for 2×2, column letters; a multi-select without χ²", async () => {
    const out = await outcome({ method: "crosstab", row: "Q1", column: "Q2" });
    const both = answers.filter((a) => genderOf(a) !== null && ageOf(a) !== null);
    expect(out.table.total).toBe(both.length);
    expect(out.table.counts).toEqual(
      [1, 2].map((g) =>
        [1, 2, 3, 4].map((c) => both.filter((a) => genderOf(a) === g && ageOf(a) === c).length),
      ),
    );
    expect(out.table.rows.map((r) => r.label)).toEqual(["男", "女"]);
    expect(out.multipleResponse).toBe(false);
    expect(out.chiSquare).toMatchObject({ ok: true, df: 3, n: both.length });
    expect(out.fisher).toBeNull();
    expect(out.columnTests).toMatchObject({ ok: true, columnLetters: ["A", "B", "C", "D"] });

    const twoByTwo = await outcome({ method: "crosstab", row: "Q1", column: "Q3_A" });
    expect(twoByTwo.fisher).toMatchObject({ ok: true });
    expect(twoByTwo.chiSquare).toMatchObject({ ok: true, df: 1 });

    const multi = await outcome({ method: "crosstab", row: "channels", column: "Q1" });
    expect(multi.multipleResponse).toBe(true);
    expect(multi.chiSquare).toBeNull();
    expect(multi.fisher).toBeNull();
    const answered = answers.filter((a) => a.channels !== undefined && genderOf(a) !== null);
    expect(multi.table.total).toBe(answered.length);
    const chose = (a: Record<string, unknown>, id: string) =>
      (a.channels as { optionIds: string[] }).optionIds.includes(id);
    expect(multi.table.counts[1]).toEqual(
      [1, 2].map((g) => answered.filter((a) => chose(a, "store") && genderOf(a) === g).length),
    );
    // Column totals count responses, not choices.
    expect(multi.table.columnTotals).toEqual(
      [1, 2].map((g) => answered.filter((a) => genderOf(a) === g).length),
    );
    expect(multi.columnTests).toMatchObject({ ok: true, columnLetters: ["A", "B"] });
  });

  it("independent t and Mann-Whitney: the first two codes with answers by default, or the two asked", async () => {
    const t1 = await outcome({ method: "independentT", test: ["Q5", "Q4_3"], group: "Q1" });
    expect(t1.groups).toEqual([
      { value: 1, label: "男" },
      { value: 2, label: "女" },
    ]);
    const men = answers
      .filter((a) => genderOf(a) === 1)
      .map(spendOf)
      .filter((v): v is number => v !== null);
    const women = answers
      .filter((a) => genderOf(a) === 2)
      .map(spendOf)
      .filter((v): v is number => v !== null);
    expect(t1.items[0]?.result).toMatchObject({ ok: true, n1: men.length, n2: women.length });
    if (t1.items[0]?.result.ok) expect(t1.items[0].result.mean1).toBeCloseTo(mean(men), 9);
    expect(t1.items[1]?.variable).toEqual({ name: "Q4_3", label: "满意度: 服务" });

    const swapped = await outcome({ method: "independentT", test: ["Q5"], group: "Q1", groups: [2, 1] });
    expect(swapped.groups.map((g) => g.label)).toEqual(["女", "男"]);
    if (swapped.items[0]?.result.ok && t1.items[0]?.result.ok)
      expect(swapped.items[0].result.student.t).toBeCloseTo(-t1.items[0].result.student.t, 9);

    const mw = await outcome({ method: "mannWhitney", test: ["Q4_3"], group: "Q2", groups: [1, 4] });
    expect(mw.groups.map((g) => g.value)).toEqual([1, 4]);
    expect(mw.items[0]?.result).toMatchObject({ ok: true });
  });

  it("ANOVA and Kruskal-Wallis: every code with answers is a group", async () => {
    const anova = await outcome({ method: "anova", test: ["Q5"], group: "Q2", postHoc: "bonferroni" });
    expect(anova.groups.map((g) => g.label)).toEqual(["18-25岁", "26-35岁", "36-45岁", "46岁及以上"]);
    expect(anova.postHoc).toBe("bonferroni");
    const result = anova.items[0]?.result;
    expect(result).toMatchObject({ ok: true, dfBetween: 3 });
    if (result?.ok) {
      expect(result.groupN).toEqual(
        [1, 2, 3, 4].map((c) => answers.filter((a) => ageOf(a) === c && spendOf(a) !== null).length),
      );
      expect(result.tukey).toHaveLength(6);
    }
    const kw = await outcome({ method: "kruskalWallis", test: ["Q4_1", "Q5"], group: "Q2" });
    expect(kw.items.map((i) => i.result.ok)).toEqual([true, true]);
    if (kw.items[0]?.result.ok) expect(kw.items[0].result.df).toBe(3);
  });

  it("paired t, correlations, regression, reliability and factor analysis", async () => {
    const paired = await outcome({ method: "pairedT", pairs: [["Q4_1", "Q4_2"]] });
    expect(paired.items[0]).toMatchObject({
      first: { name: "Q4_1" },
      second: { name: "Q4_2" },
      result: { ok: true },
    });

    const corr = await outcome({
      method: "correlation",
      variables: ["Q4_1", "Q4_2", "Q5"],
      kind: "spearman",
    });
    expect(corr.kind).toBe("spearman");
    expect(corr.matrix).toHaveLength(3);
    expect(corr.matrix[0]?.[0]).toMatchObject({ ok: true, r: 1 });
    expect(corr.matrix[0]?.[1]).toMatchObject({ ok: true });

    // A multi-select option (0/1) enters a regression as a dummy.
    const reg = await outcome({ method: "regression", dependent: "Q5", independents: ["Q4_1", "Q3_A"] });
    expect(reg.independents.map((v) => v.name)).toEqual(["Q4_1", "Q3_A"]);
    expect(reg.result).toMatchObject({ ok: true, dfRegression: 2 });

    const alpha = await outcome({
      method: "reliability",
      variables: ["Q4_1", "Q4_2", "Q4_3", "Q4_4", "Q4_5"],
      reverse: ["Q4_2"],
    });
    expect(alpha.reversed).toEqual(["Q4_2"]);
    expect(alpha.result).toMatchObject({ ok: true, items: 5 });

    const factor = await outcome({ method: "factor", variables: ["Q4_1", "Q4_2", "Q4_3", "Q4_4", "Q4_5"] });
    expect(factor.result).toMatchObject({ ok: true });
    if (factor.result.ok) expect(factor.result.loadings).toHaveLength(5);
  });

  it("applies the results filter", async () => {
    const filter = { condition: { kind: "selected", questionId: "gender", optionIds: ["m"], match: "any" } };
    const out = await outcome({ method: "descriptives", variables: ["Q1"] }, { filter });
    const men = answers.filter((a) => genderOf(a) === 1).length;
    expect(out.whole.responses).toBe(men);
    expect(out.items[0]?.proportions.map((p) => p.count)).toEqual([men, 0]);
    // One group left: nothing to compare, said in Chinese.
    expect(await refused({ method: "independentT", test: ["Q5"], group: "Q1" }, { filter })).toBe(
      "「您的性别」中有作答的组不足2个，无法比较",
    );
  });

  it("refuses requests it cannot run, in Chinese, before reading responses", async () => {
    expect(await refused({ method: "descriptives", variables: ["Q99"] })).toBe("变量不存在：Q99");
    expect(await refused({ method: "independentT", test: ["Q1"], group: "Q2" })).toBe(
      "「您的性别」不是数值变量，不能做独立样本 t 检验",
    );
    expect(await refused({ method: "anova", test: ["Q3_A"], group: "Q2", postHoc: "tukey" })).toBe(
      "「您在哪里购买: 网店」不是数值变量，不能做方差分析",
    );
    expect(await refused({ method: "kruskalWallis", test: ["Q4_1"], group: "Q5" })).toBe(
      "「月消费金额」没有分类编码，不能作为分组变量",
    );
    expect(await refused({ method: "logistic", dependent: "Q5", independents: ["Q4_1"] })).toBe(
      "「月消费金额」没有分类编码，不能作为Logistic回归的因变量",
    );
    // 年龄段 has four codes answered: a binary model needs exactly two.
    expect(await refused({ method: "logistic", dependent: "Q2", independents: ["Q4_1"] })).toBe(
      "「您的年龄段」须恰有两类作答（现有4类），才能做二元Logistic回归",
    );
    expect(await refused({ method: "crosstab", row: "Q5", column: "Q1" })).toBe(
      "「月消费金额」没有分类编码，不能作为交叉表的行或列",
    );
    expect(await refused({ method: "correlation", variables: ["channels", "Q5"] })).toBe(
      "「您在哪里购买」是多选题，只能用于描述统计和交叉表",
    );
    expect(await refused({ method: "independentT", test: ["Q5"], group: "Q1", groups: [1, 7] })).toBe(
      "「您的性别」没有编码 7",
    );
    expect(await refused({ method: "mannWhitney", test: ["Q5"], group: "Q1", groups: [1, 1] })).toBe(
      "请选择两个不同的组",
    );
    expect(await refused({ method: "reliability", variables: ["Q4_1", "Q4_2"], reverse: ["Q4_3"] })).toBe(
      "反向计分的「满意度: 服务」不在所选题目中",
    );
    expect(await refused({ method: "correlation", variables: ["Q4_1", "Q4_1"] })).toBe(
      "「满意度: 质量」重复选择",
    );
    expect(await refused({ method: "factor", variables: ["Q4_1", "Q4_2"], factors: 2 })).toBe(
      "因子数需小于变量数（2个）",
    );
    expect(await refused({ method: "median", variables: ["Q5"] })).toBe("请选择分析方法和变量");
    expect(await refused({ method: "descriptives", variables: Array.from({ length: 31 }, () => "Q5") })).toBe(
      "请选择1-30个变量",
    );
    expect(await refused("not json")).toBe("请选择分析方法和变量");
  });

  it("answers what cannot be computed as core's reason inside the outcome, never a number or a 500", async () => {
    const small = await publishedQuestionnaire(t, owner, analysisDefinition());
    await submitAnswers(t, small, { gender: { optionId: "m" }, spend: 100, sat: { s1: 3, s2: 3 } });
    await submitAnswers(t, small, { gender: { optionId: "f" }, spend: 200, sat: { s1: 4, s2: 4 } });
    await submitAnswers(t, small, { gender: { optionId: "f" }, spend: 300, sat: { s1: 2, s2: 2 } });
    const res = await analyse({ method: "independentT", test: ["Q5"], group: "Q1" }, {}, small.id);
    expect(res.body.code).toBe(200);
    const tt = res.body.data.outcome as Outcome<"independentT">;
    expect(tt.items[0]?.result).toEqual({
      ok: false,
      reason: "too-few-values",
      message: "每组至少需要2个有效值",
    });
    const paired = await analyse({ method: "pairedT", pairs: [["Q4_1", "Q4_2"]] }, {}, small.id);
    expect((paired.body.data.outcome as Outcome<"pairedT">).items[0]?.result).toMatchObject({
      ok: false,
      reason: "zero-variance",
    });
    const corr = await analyse({ method: "correlation", variables: ["Q4_3", "Q5"] }, {}, small.id);
    expect((corr.body.data.outcome as Outcome<"correlation">).matrix[0]?.[1]).toMatchObject({ ok: false });
  });

  it("is 交叉分析's: refused when the owner's level lacks it, open to a 数据查看 member", async () => {
    const basic = await buildMember(t, 7, { crossAnalysis: false });
    const theirs = await publishedQuestionnaire(t, basic, analysisDefinition());
    const res = await call(t.app, "POST", "statistics/getAnalysis", {
      token: basic.token,
      json: { id: theirs.id, request: { method: "descriptives", variables: ["Q5"] } },
    });
    expect(res.body.code).toBe(ResultCode.upgradeRequired);
    expect(res.body.msg).toBe("当前会员等级不含交叉分析，升级会员即可使用");

    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const read = await call(t.app, "POST", "statistics/getAnalysis", {
      token: viewer.token,
      json: { id: q.id, request: { method: "descriptives", variables: ["Q5"] } },
    });
    expect(read.body.code).toBe(200);
    const save = await call(t.app, "POST", "statistics/saveWeighting", {
      token: viewer.token,
      json: {
        id: q.id,
        margins: [
          {
            variable: "Q1",
            targets: [
              { value: 1, percent: 50 },
              { value: 2, percent: 50 },
            ],
          },
        ],
      },
    });
    expect(save.body.code).toBe(ResultCode.forbidden);
  });
});

describe("weighting", () => {
  const margins = analysisMargins();

  async function save(body: unknown) {
    return call<WeightingResult>(t.app, "POST", "statistics/saveWeighting", {
      token: owner.token,
      json: { id: q.id, margins: body },
    });
  }

  it("saves a raking, answers it, weights descriptives' shares and cross-tabs to the targets, and deletes it", async () => {
    expect(await refused({ method: "crosstab", row: "Q1", column: "Q2" }, { weighted: true })).toBe(
      "尚未设置加权，请先设定各变量的目标比例",
    );
    const saved = await save(margins);
    expect(saved.body.code).toBe(200);
    const summary = saved.body.data.weighting;
    const both = answers.filter((a) => genderOf(a) !== null && ageOf(a) !== null).length;
    expect(summary).toMatchObject({ margins, weighted: both, unweighted: 90 - both, converged: true });
    expect(summary?.efficiency).toBeGreaterThan(50);
    expect(summary?.efficiency).toBeLessThanOrEqual(100);
    expect(summary?.minWeight).toBeLessThan(1);
    expect(summary?.maxWeight).toBeGreaterThan(1);

    const got = await call<WeightingResult>(t.app, "GET", "statistics/getWeighting", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(got.body.data.weighting).toEqual(summary);

    const cross = await outcome({ method: "crosstab", row: "Q1", column: "Q2" }, { weighted: true });
    expect(cross.whole.weighted).toBe(true);
    expect(cross.whole.efficiency).toBeGreaterThan(50);
    const { rowTotals, columnTotals, total } = cross.table;
    expect(total).toBeCloseTo(both, 6);
    const share = (m: number) => margins[m]?.targets.map((target) => target.percent / 100);
    expect(rowTotals.map((v) => v / total)).toEqual(share(0)?.map((p) => expect.closeTo(p, 6)));
    expect(columnTotals.map((v) => v / total)).toEqual(share(1)?.map((p) => expect.closeTo(p, 6)));
    expect(cross.chiSquare).toMatchObject({ ok: true });

    const shares = await outcome({ method: "descriptives", variables: ["Q1", "Q4_1"] }, { weighted: true });
    // A coded scale's weighted mean and n, by moments, agree with its weighted counts per code.
    const scale = shares.items[1];
    const scaleN = scale?.proportions.reduce((sum, p) => sum + p.count, 0) ?? 0;
    const byCounts = (scale?.proportions.reduce((sum, p) => sum + p.value * p.count, 0) ?? 0) / scaleN;
    expect(scale?.proportions.length).toBeGreaterThan(1);
    expect(scale?.descriptives).toMatchObject({ ok: true, n: expect.closeTo(scaleN, 9) });
    expect(scale?.descriptives?.ok && scale.descriptives.mean).toBeCloseTo(byCounts, 9);
    const plain = await outcome({ method: "descriptives", variables: ["Q4_1"] });
    expect(plain.items[0]?.descriptives?.ok && plain.items[0].descriptives.mean).not.toBeCloseTo(byCounts, 6);
    const [men, women] = shares.items[0]?.proportions ?? [];
    // Responses outside the raking (no 年龄段) keep weight 1 beside the raked ones' 48 % and 52 %.
    const outside = (g: number) => answers.filter((a) => genderOf(a) === g && ageOf(a) === null).length;
    expect(men?.count).toBeCloseTo(0.48 * both + outside(1), 3);
    expect(women?.count).toBeCloseTo(0.52 * both + outside(2), 3);
    // The share is the weighted share, its Wilson interval taken at n = Σw.
    const weightedN = (men?.count ?? 0) + (women?.count ?? 0);
    expect(men?.proportion).toMatchObject({ ok: true, count: men?.count });
    expect(men?.proportion.ok && men.proportion.n).toBeCloseTo(weightedN, 9);
    expect(men?.proportion.ok && men.proportion.proportion).toBeCloseTo((men?.count ?? 0) / weightedN, 9);

    expect(await refused({ method: "independentT", test: ["Q5"], group: "Q1" }, { weighted: true })).toBe(
      "加权仅用于描述统计与交叉表",
    );

    // A response arriving later takes its cell's weight: 男 × 18-25岁.
    const before = cross.table.counts[0]?.[0] ?? 0;
    const unweighted = await outcome({ method: "crosstab", row: "Q1", column: "Q2" });
    const cellWeight = before / (unweighted.table.counts[0]?.[0] ?? 1);
    await submitAnswers(t, q, { gender: { optionId: "m" }, age: { optionId: "a1" }, spend: 500 });
    const after = await outcome({ method: "crosstab", row: "Q1", column: "Q2" }, { weighted: true });
    expect(after.table.counts[0]?.[0]).toBeCloseTo(before + cellWeight, 9);

    const deleted = await call<WeightingResult>(t.app, "POST", "statistics/deleteWeighting", {
      token: owner.token,
      json: { id: q.id },
    });
    expect(deleted.body.data).toEqual({ weighting: null });
    const gone = await call<WeightingResult>(t.app, "GET", "statistics/getWeighting", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(gone.body.data.weighting).toBeNull();
  });

  it("refuses margins that do not add up or cannot be reached, in Chinese", async () => {
    const refusedSave = async (body: unknown) => {
      const res = await save(body);
      expect(res.body.code).toBe(ResultCode.invalidInput);
      return res.body.msg;
    };
    expect(
      await refusedSave([
        {
          variable: "Q1",
          targets: [
            { value: 1, percent: 40 },
            { value: 2, percent: 50 },
          ],
        },
      ]),
    ).toBe("「您的性别」的目标比例合计须为 100%（现为 90%）");
    // Within ±0.1 of 100 is accepted (and scaled to 100).
    expect(
      (
        await save([
          {
            variable: "Q1",
            targets: [
              { value: 1, percent: 33.33 },
              { value: 2, percent: 66.7 },
            ],
          },
        ])
      ).body.code,
    ).toBe(200);
    expect(
      await refusedSave([
        {
          variable: "Q3_A",
          targets: [
            { value: 0, percent: 50 },
            { value: 1, percent: 50 },
          ],
        },
      ]),
    ).toBe("「您在哪里购买: 网店」不是单选的分类变量，不能用于加权");
    expect(
      await refusedSave([
        {
          variable: "Q5",
          targets: [
            { value: 1, percent: 50 },
            { value: 2, percent: 50 },
          ],
        },
      ]),
    ).toBe("「月消费金额」没有分类编码，不能作为加权变量");
    expect(
      await refusedSave([
        {
          variable: "Q1",
          targets: [
            { value: 1, percent: 50 },
            { value: 3, percent: 50 },
          ],
        },
      ]),
    ).toBe("「您的性别」没有编码 3");
    expect(
      await refusedSave([
        {
          variable: "Q2",
          targets: [
            { value: 1, percent: 30 },
            { value: 2, percent: 30 },
            { value: 3, percent: 40 },
          ],
        },
      ]),
    ).toBe("「您的年龄段」的「46岁及以上」有作答者，请为其设定目标比例（设为0则加权时不计入）");
    expect(await refusedSave([])).toBe("请设置1-5个加权变量，每个变量给出各编码的目标比例（0-100）");

    const small = await publishedQuestionnaire(t, owner, analysisDefinition());
    await submitAnswers(t, small, { gender: { optionId: "m" } });
    const res = await call(t.app, "POST", "statistics/saveWeighting", {
      token: owner.token,
      json: {
        id: small.id,
        margins: [
          {
            variable: "Q1",
            targets: [
              { value: 1, percent: 50 },
              { value: 2, percent: 50 },
            ],
          },
        ],
      },
    });
    expect(res.body.msg).toBe("「您的性别」的「女」没有作答者，无法达到 50% 的目标比例");
  });
});
