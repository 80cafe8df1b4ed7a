import { stars } from "@wjgj/core/stats-tables/table-model";
import { describe, expect, it } from "vitest";
import { buildRequest, emptyDraft } from "./components/analysis/methods.ts";
import { outcomeChart, outcomeTables } from "./components/analysis/outcome-tables.ts";
import { toCsv, toHtml, toTsv } from "./components/analysis/table-export.ts";
import {
  type MarginDraft,
  marginsToSave,
  weightingCandidates,
} from "./components/analysis/weighting-model.ts";
import { catalogue, crosstabOutcome, tTestOutcome } from "./testing/analysis-fixtures.ts";

describe("统计分析 requests", () => {
  it("builds each method's request from the pickers, or says what is missing", () => {
    expect(buildRequest("correlation", { ...emptyDraft, variables: ["Q3_1"] })).toBe("请选择至少2个变量");
    expect(
      buildRequest("correlation", { ...emptyDraft, variables: ["Q3_1", "Q4"], kind: "spearman" }),
    ).toEqual({
      method: "correlation",
      variables: ["Q3_1", "Q4"],
      kind: "spearman",
    });
    expect(
      buildRequest("independentT", { ...emptyDraft, variables: ["Q4"], group: "Q2", groups: [1, 3] }),
    ).toEqual({ method: "independentT", test: ["Q4"], group: "Q2", groups: [1, 3] });
    expect(
      buildRequest("mannWhitney", { ...emptyDraft, variables: ["Q4"], group: "Q2", groups: [1, undefined] }),
    ).toBe("请选择要比较的两个组，或都留空");
    expect(
      buildRequest("anova", { ...emptyDraft, variables: ["Q4"], group: "Q2", postHoc: "bonferroni" }),
    ).toEqual({
      method: "anova",
      test: ["Q4"],
      group: "Q2",
      postHoc: "bonferroni",
    });
    expect(buildRequest("pairedT", { ...emptyDraft, pairs: [["Q3_1", "Q3_2"]] })).toEqual({
      method: "pairedT",
      pairs: [["Q3_1", "Q3_2"]],
    });
    expect(buildRequest("pairedT", { ...emptyDraft, pairs: [["Q3_1", undefined]] })).toBe(
      "请为每一对选择两个变量",
    );
    expect(buildRequest("logistic", { ...emptyDraft, independents: ["Q3_1"] })).toBe("请选择因变量");
    expect(buildRequest("logistic", { ...emptyDraft, dependent: "Q1", independents: ["Q1"] })).toBe(
      "因变量不能同时作为自变量",
    );
    expect(buildRequest("logistic", { ...emptyDraft, dependent: "Q1", independents: ["Q3_1"] })).toEqual({
      method: "logistic",
      dependent: "Q1",
      independents: ["Q3_1"],
    });
    expect(buildRequest("regression", { ...emptyDraft, dependent: "Q4", independents: ["Q3_1"] })).toEqual({
      method: "regression",
      dependent: "Q4",
      independents: ["Q3_1"],
    });
    // A reverse item dropped from the scale is not sent.
    expect(
      buildRequest("reliability", { ...emptyDraft, variables: ["Q3_1", "Q3_2"], reverse: ["Q3_2", "Q4"] }),
    ).toEqual({ method: "reliability", variables: ["Q3_1", "Q3_2"], reverse: ["Q3_2"] });
    expect(buildRequest("crosstab", { ...emptyDraft, row: "q5", column: "q5" })).toBe(
      "行变量和列变量不能相同",
    );
  });
});

describe("加权 margins", () => {
  const margin = (percents: Record<number, number | null>): MarginDraft => ({
    key: 1,
    variable: "Q2",
    percents,
  });

  it("offers single-choice coded variables only", () => {
    expect(weightingCandidates(catalogue).map((v) => v.name)).toEqual(["Q1", "Q2", "Q3_1", "Q3_2"]);
  });

  it("accepts shares summing to 100 in tenths and refuses the rest", () => {
    expect(marginsToSave([margin({ 1: 33.3, 2: 33.3, 3: 33.4 })], catalogue)).toEqual([
      {
        variable: "Q2",
        targets: [
          { value: 1, percent: 33.3 },
          { value: 2, percent: 33.3 },
          { value: 3, percent: 33.4 },
        ],
      },
    ]);
    expect(marginsToSave([margin({ 1: 50, 2: 40, 3: null })], catalogue)).toBe(
      "「您的年级」的目标比例合计为90%，须等于100%",
    );
    expect(marginsToSave([], catalogue)).toBe("请至少添加一个加权变量");
    expect(marginsToSave([{ key: 2, variable: undefined, percents: {} }], catalogue)).toBe(
      "请为每一项选择加权变量",
    );
  });
});

describe("统计分析 tables", () => {
  it("stars p below 0.05, 0.01 and 0.001", () => {
    expect([0.2, 0.04, 0.004, 0.0004, Number.NaN].map(stars)).toEqual(["", "*", "**", "***", ""]);
  });

  it("copies and downloads a table with its StatError rows as text", () => {
    const [main] = outcomeTables(tTestOutcome);
    if (!main) throw new Error("no table");
    const lines = toTsv(main).split("\n");
    expect(lines[0]).toBe("独立样本t检验");
    expect(lines[1]?.split("\t")).toHaveLength(6);
    expect(lines[3]?.split("\t")).toEqual(["每周学习时长", "每组至少需要2个有效值", "", "", "", ""]);
    expect(toCsv(main).startsWith("\uFEFF独立样本t检验\r\n")).toBe(true);
    expect(toHtml(main)).toContain('<td colspan="5"');
  });

  it("puts the column letters above the counts", () => {
    const [counts] = outcomeTables(crosstabOutcome);
    expect(toHtml(counts as NonNullable<typeof counts>)).toContain("12（60.0%）<sup>B</sup>");
  });
});

describe("二元Logistic回归 tables", () => {
  it("the model, the odds ratios with their intervals and the classification, coded as the server coded it", () => {
    const [summary, coefficients, classification] = outcomeTables({
      method: "logistic",
      dependent: { name: "Q1", label: "您的性别" },
      categories: [
        { value: 1, label: "男" },
        { value: 2, label: "女" },
      ],
      independents: [{ name: "Q4", label: "每周学习时长" }],
      result: {
        ok: true,
        n: 40,
        events: 22,
        coefficients: [
          {
            term: "intercept",
            b: -1.2,
            se: 0.6,
            wald: 4,
            p: 0.0455,
            expB: 0.301,
            expLower: 0.09,
            expUpper: 0.98,
          },
          { term: 0, b: 0.35, se: 0.12, wald: 8.5, p: 0.0035, expB: 1.419, expLower: 1.12, expUpper: 1.8 },
        ],
        minus2LogLikelihood: 45.1,
        nullMinus2LogLikelihood: 55,
        modelChiSquare: 9.9,
        modelDf: 1,
        modelP: 0.0017,
        coxSnellR2: 0.219,
        nagelkerkeR2: 0.293,
        iterations: 5,
        classification: [
          [12, 6],
          [5, 17],
        ],
        percentCorrect: 72.5,
      },
    });
    expect(summary?.notes[0]).toBe("因变量：您的性别（女 = 1，男 = 0）");
    expect(toTsv(coefficients as NonNullable<typeof coefficients>).split("\n")[3]).toBe(
      "每周学习时长\t0.350\t0.120\t8.500**\t0.004\t1.419\t1.120~1.800",
    );
    expect(
      toTsv(classification as NonNullable<typeof classification>)
        .split("\n")
        .slice(2),
    ).toEqual(["男\t12\t6\t66.7%", "女\t5\t17\t77.3%", "总体\t\t\t72.5%"]);
  });
});

describe("相关分析 heat map", () => {
  it("colours each cell by its r, labels it with r and the stars of its p, and leaves out what could not be computed", () => {
    const cell = (r: number, p: number) => ({ ok: true as const, r, p, n: 30 });
    const chart = outcomeChart({
      method: "correlation",
      kind: "pearson",
      variables: [
        { name: "Q2", label: "满意度" },
        { name: "Q3", label: "推荐意愿" },
        { name: "Q4", label: "工龄" },
      ],
      matrix: [
        [cell(1, 0), cell(0.62, 0.0003), { ok: false, reason: "zero-variance", message: "没有变异" }],
        [cell(0.62, 0.0003), cell(1, 0), cell(-0.1, 0.6)],
        [{ ok: false, reason: "zero-variance", message: "没有变异" }, cell(-0.1, 0.6), cell(1, 0)],
      ],
    });
    expect(chart?.kind).toBe("heatmap");
    const option = chart?.option as { visualMap: { dimension: number }; series: { data: unknown[] }[] };
    expect(option.visualMap.dimension).toBe(2);
    // Rows from the top (the y axis runs upwards): [column, row, r, stars].
    expect(option.series[0]?.data).toEqual([
      [0, 2, 1, ""],
      [1, 2, 0.62, "***"],
      [0, 1, 0.62, "***"],
      [1, 1, 1, ""],
      [2, 1, -0.1, ""],
      [1, 0, -0.1, ""],
      [2, 0, 1, ""],
    ]);
  });
});
