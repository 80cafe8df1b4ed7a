import { describe, expect, it } from "vitest";
import type {
  ChiSquareResult,
  CronbachAlpha,
  FactorAnalysis,
  IndependentTTest,
  LinearRegression,
  LogisticRegression,
  OneWayAnova,
  StatError,
  TTestRow,
} from "../stats/index.ts";
import type { AnalysisOutcome } from "./analysis.ts";
import { analysisReading, formatP, formatStat } from "./analysis-reading.ts";

// Small hand-built outcomes: the numbers are made up, the sentences are what the page must print for them.
const v = (name: string, label: string) => ({ name, label });
const error = (message: string): StatError => ({ ok: false, reason: "too-few-values", message });
const row = (t: number, df: number, p: number): TTestRow => ({
  t,
  df,
  p,
  meanDifference: 0,
  seDifference: 0,
  ciLower: 0,
  ciUpper: 0,
});

const gender = v("Q1", "性别");
const satisfaction = v("Q2", "满意度");
const education = v("Q3", "学历");

function independentT(result: Partial<IndependentTTest> | StatError): AnalysisOutcome {
  return {
    method: "independentT",
    group: gender,
    groups: [
      { value: 1, label: "男" },
      { value: 2, label: "女" },
    ],
    items: [
      {
        variable: satisfaction,
        result:
          "ok" in result && result.ok === false
            ? result
            : {
                ok: true,
                n1: 30,
                n2: 30,
                mean1: 4.12,
                mean2: 3.85,
                sd1: 0.5,
                sd2: 0.6,
                levene: { f: 0.5, df1: 1, df2: 58, p: 0.48 },
                student: row(2.31, 58, 0.023),
                welch: row(2.2, 40.1, 0.033),
                ...(result as Partial<IndependentTTest>),
              },
      },
    ],
  };
}

describe("formatP and formatStat", () => {
  it("p below 0.001 reads < 0.001, else three decimals", () => {
    expect(formatP(0.0004)).toBe("< 0.001");
    expect(formatP(0.023)).toBe("0.023");
    expect(formatP(0.4123)).toBe("0.412");
    expect(formatP(1)).toBe("1.000");
    expect(formatP(Number.NaN)).toBe("—");
  });
  it("statistics with two decimals by default, no negative zero, never NaN", () => {
    expect(formatStat(2.3149)).toBe("2.31");
    expect(formatStat(1.23456, 3)).toBe("1.235");
    expect(formatStat(-0.001)).toBe("0.00");
    expect(formatStat(-1.5)).toBe("-1.50");
    expect(formatStat(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("analysisReading", () => {
  it("independent t: Student row when Levene p ≥ 0.05, the higher group first", () => {
    expect(analysisReading(independentT({}))).toEqual([
      "不同「性别」在「满意度」上差异显著（t = 2.31，p = 0.023 < 0.05）：男（均值 4.12）高于女（均值 3.85）。",
    ]);
  });
  it("independent t: Welch row when Levene p < 0.05, and says so", () => {
    const outcome = independentT({
      mean1: 3.85,
      mean2: 4.12,
      levene: { f: 7.1, df1: 1, df2: 58, p: 0.01 },
      student: row(-2.31, 58, 0.6),
      welch: row(-2.2, 40.1, 0.033),
    });
    expect(analysisReading(outcome)).toEqual([
      "不同「性别」在「满意度」上差异显著（方差不齐，采用 Welch 校正 t 检验：t = -2.20，p = 0.033 < 0.05）：女（均值 4.12）高于男（均值 3.85）。",
    ]);
  });
  it("independent t: not significant, p just under 0.05 that would print 0.050, and an error item", () => {
    expect(analysisReading(independentT({ student: row(0.83, 58, 0.4123) }))).toEqual([
      "不同「性别」在「满意度」上差异不显著（p = 0.412 ≥ 0.05）。",
    ]);
    expect(analysisReading(independentT({ student: row(2.0, 58, 0.0498) }))[0]).toBe(
      "不同「性别」在「满意度」上差异显著（t = 2.00，p < 0.05）：男（均值 4.12）高于女（均值 3.85）。",
    );
    expect(analysisReading(independentT(error("每组至少需要2个有效值")))).toEqual([
      "「满意度」：每组至少需要2个有效值",
    ]);
  });

  it("Mann-Whitney U: U, z, p and mean ranks", () => {
    const outcome: AnalysisOutcome = {
      method: "mannWhitney",
      group: gender,
      groups: [
        { value: 1, label: "男" },
        { value: 2, label: "女" },
      ],
      items: [
        {
          variable: satisfaction,
          result: {
            ok: true,
            n1: 20,
            n2: 20,
            meanRank1: 25.3,
            meanRank2: 18.2,
            rankSum1: 506,
            rankSum2: 364,
            u1: 296,
            u2: 104,
            u: 120.5,
            w: 364,
            z: -2.31,
            p: 0.021,
          },
        },
      ],
    };
    expect(analysisReading(outcome)).toEqual([
      "不同「性别」在「满意度」上差异显著（Mann-Whitney U = 120.50，z = -2.31，p = 0.021 < 0.05）：男（平均秩 25.30）高于女（平均秩 18.20）。",
    ]);
  });

  it("paired t: which of the two is higher, by how much", () => {
    const outcome: AnalysisOutcome = {
      method: "pairedT",
      items: [
        {
          first: v("Q4", "前测"),
          second: v("Q5", "后测"),
          result: {
            ok: true,
            n: 40,
            correlation: 0.5,
            sdDifference: 0.9,
            ...row(-3.12, 39, 0.004),
            meanDifference: -0.45,
          },
        },
        {
          first: v("Q6", "前测2"),
          second: v("Q7", "后测2"),
          result: { ok: true, n: 40, correlation: null, sdDifference: 1, ...row(0.5, 39, 0.62) },
        },
      ],
    };
    expect(analysisReading(outcome)).toEqual([
      "「前测」与「后测」之间差异显著（t = -3.12，p = 0.004 < 0.05）：「后测」的均值比「前测」高 0.45。",
      "「前测2」与「后测2」之间差异不显著（p = 0.620 ≥ 0.05）。",
    ]);
  });

  it("ANOVA: F, p and the post-hoc pairs that differ", () => {
    const post = (i: number, j: number, d: number, p: number) => ({
      i,
      j,
      meanDifference: d,
      se: 0.2,
      p,
      ciLower: 0,
      ciUpper: 0,
    });
    const anova: OneWayAnova = {
      groupN: [10, 10, 10],
      groupMeans: [3.6, 4.2, 3.9],
      ssBetween: 1,
      ssWithin: 1,
      ssTotal: 2,
      dfBetween: 2,
      dfWithin: 27,
      msBetween: 1,
      msWithin: 1,
      f: 4.85,
      p: 0.016,
      etaSquared: 0.26,
      levene: null,
      tukey: [post(1, 0, 0.6, 0.012), post(2, 0, 0.3, 0.2), post(2, 1, -0.3, 0.5)],
      bonferroni: [post(1, 0, 0.6, 0.06), post(2, 0, 0.3, 0.6), post(2, 1, -0.3, 1)],
    };
    const outcome = (postHoc: "tukey" | "bonferroni"): AnalysisOutcome => ({
      method: "anova",
      group: education,
      groups: [
        { value: 1, label: "高中" },
        { value: 2, label: "本科" },
        { value: 3, label: "硕士" },
      ],
      postHoc,
      items: [{ variable: satisfaction, result: { ok: true, ...anova } }],
    });
    expect(analysisReading(outcome("tukey"))).toEqual([
      "不同「学历」在「满意度」上差异显著（F = 4.85，p = 0.016 < 0.05）；Tukey HSD 事后检验显示：本科（均值 4.20）显著高于高中（均值 3.60，p = 0.012）。",
    ]);
    expect(analysisReading(outcome("bonferroni"))).toEqual([
      "不同「学历」在「满意度」上差异显著（F = 4.85，p = 0.016 < 0.05）；但 Bonferroni 事后检验未发现两组之间的显著差异。",
    ]);
  });

  it("Kruskal-Wallis: H, df, p and the highest and lowest mean rank", () => {
    const outcome: AnalysisOutcome = {
      method: "kruskalWallis",
      group: education,
      groups: [
        { value: 1, label: "高中" },
        { value: 2, label: "本科" },
        { value: 3, label: "硕士" },
      ],
      items: [
        {
          variable: satisfaction,
          result: {
            ok: true,
            groupN: [10, 10, 10],
            meanRanks: [12.1, 25.3, 19.1],
            h: 8.21,
            df: 2,
            p: 0.0163,
          },
        },
        {
          variable: v("Q9", "推荐意愿"),
          result: { ok: true, groupN: [10, 10, 10], meanRanks: [15, 16, 15.5], h: 0.1, df: 2, p: 0.95 },
        },
      ],
    };
    expect(analysisReading(outcome)).toEqual([
      "不同「学历」在「满意度」上差异显著（Kruskal-Wallis H = 8.21，df = 2，p = 0.016 < 0.05）：平均秩最高的是本科（25.30），最低的是高中（12.10）。",
      "不同「学历」在「推荐意愿」上差异不显著（p = 0.950 ≥ 0.05）。",
    ]);
  });

  const chi = (over: Partial<ChiSquareResult>): ChiSquareResult => ({
    chiSquare: 6.2,
    df: 1,
    p: 0.0128,
    likelihoodRatio: 6.3,
    likelihoodRatioP: 0.012,
    n: 200,
    expected: [],
    cellsExpectedBelow5: 0,
    percentExpectedBelow5: 0,
    minExpected: 8,
    cramersV: 0.176,
    phi: 0.176,
    ...over,
  });
  const crosstab = (over: Partial<Extract<AnalysisOutcome, { method: "crosstab" }>>): AnalysisOutcome => ({
    method: "crosstab",
    row: gender,
    column: v("Q8", "是否推荐"),
    multipleResponse: false,
    table: { rows: [], columns: [], counts: [], rowTotals: [], columnTotals: [], total: 0 },
    chiSquare: { ok: true, ...chi({}) },
    fisher: null,
    columnTests: error("x"),
    ...over,
  });

  it("crosstab: χ², df, p and Cramér's V; expected-count warning with Fisher's p", () => {
    expect(analysisReading(crosstab({}))).toEqual([
      "「性别」与「是否推荐」之间存在显著关联（χ² = 6.20，df = 1，p = 0.013 < 0.05，Cramér's V = 0.18）。",
    ]);
    expect(
      analysisReading(
        crosstab({
          chiSquare: { ok: true, ...chi({ cellsExpectedBelow5: 2, percentExpectedBelow5: 50 }) },
          fisher: { ok: true, p: 0.035, pOneSided: 0.02 },
        }),
      ),
    ).toEqual([
      "「性别」与「是否推荐」之间存在显著关联（χ² = 6.20，df = 1，p = 0.013 < 0.05，Cramér's V = 0.18）。有 2 个单元格（50.0%）的期望频数小于 5，建议参考 Fisher 精确检验（p = 0.035 < 0.05）。",
    ]);
    expect(
      analysisReading(
        crosstab({
          chiSquare: { ok: true, ...chi({ p: 0.3, cellsExpectedBelow5: 1, percentExpectedBelow5: 25 }) },
        }),
      ),
    ).toEqual([
      "「性别」与「是否推荐」之间不存在显著关联（p = 0.300 ≥ 0.05）。有 1 个单元格（25.0%）的期望频数小于 5，卡方检验的结果仅供参考。",
    ]);
  });
  it("crosstab with a multi-select set: χ² does not apply", () => {
    expect(analysisReading(crosstab({ multipleResponse: true, chiSquare: null }))).toEqual([
      "「性别」与「是否推荐」中含多选题，一份答卷可以计入多个类别，类别之间互相重叠，不适用卡方检验；请参考各列比例的两两比较。",
    ]);
  });

  it("correlation: each significant pair with strength and direction, the rest, and pairs that failed", () => {
    const ok = (r: number, p: number) => ({ ok: true as const, r, p, n: 50 });
    const one = ok(1, 0);
    const outcome: AnalysisOutcome = {
      method: "correlation",
      kind: "pearson",
      variables: [v("A", "A"), v("B", "B"), v("C", "C"), v("D", "D")],
      matrix: [
        [one, ok(0.42, 0.003), ok(-0.87, 0.00001), ok(0.25, 0.04)],
        [ok(0.42, 0.003), one, ok(0.1, 0.6), error("至少需要3对有效值")],
        [ok(-0.87, 0.00001), ok(0.1, 0.6), one, ok(0.05, 0.7)],
        [ok(0.25, 0.04), error("至少需要3对有效值"), ok(0.05, 0.7), one],
      ],
    };
    expect(analysisReading(outcome)).toEqual([
      "「A」与「B」之间存在显著的中等正相关（r = 0.42，p = 0.003 < 0.05）。",
      "「A」与「C」之间存在显著的强负相关（r = -0.87，p < 0.001）。",
      "「A」与「D」之间存在显著的弱正相关（r = 0.25，p = 0.040 < 0.05）。",
      "其余 2 对变量之间不存在显著相关（p 均 ≥ 0.05）。",
      "「B」与「D」：至少需要3对有效值",
    ]);
    const none: AnalysisOutcome = {
      method: "correlation",
      kind: "spearman",
      variables: [v("A", "A"), v("B", "B"), v("C", "C")],
      matrix: [
        [one, ok(0.1, 0.5), ok(0.1, 0.5)],
        [ok(0.1, 0.5), one, ok(0.2, 0.2)],
        [ok(0.1, 0.5), ok(0.2, 0.2), one],
      ],
    };
    expect(analysisReading(none)).toEqual(["「A」、「B」、「C」两两之间均不存在显著相关（p 均 ≥ 0.05）。"]);
  });

  it("regression: the F test, R² and the predictors with their β sign", () => {
    const coefficient = (term: "intercept" | number, beta: number | null, p: number) => ({
      term,
      b: beta ?? 30,
      se: 1,
      t: 1,
      p,
      beta,
      vif: beta === null ? null : 1.5,
    });
    const result: LinearRegression = {
      n: 32,
      coefficients: [
        coefficient("intercept", null, 0),
        coefficient(0, -0.63, 1.1e-6),
        coefficient(1, -0.36, 0.00145),
        coefficient(2, 0.05, 0.3),
      ],
      rSquared: 0.8268,
      adjustedRSquared: 0.81,
      residualSe: 2.5,
      f: 69.21,
      dfRegression: 3,
      dfResidual: 28,
      p: 9e-12,
    };
    const outcome = (r: LinearRegression): AnalysisOutcome => ({
      method: "regression",
      dependent: v("MPG", "油耗"),
      independents: [v("WT", "车重"), v("HP", "马力"), v("X", "颜色")],
      result: { ok: true, ...r },
    });
    expect(analysisReading(outcome(result))).toEqual([
      "以「油耗」为因变量的线性回归模型显著（F = 69.21，p < 0.001），R² = 0.827，自变量可解释「油耗」变化的 82.7%；「车重」对「油耗」有显著的负向影响（β = -0.63，p < 0.001）；「马力」对「油耗」有显著的负向影响（β = -0.36，p = 0.001 < 0.05）；「颜色」的影响不显著。",
    ]);
    expect(analysisReading(outcome({ ...result, f: 1.23, p: 0.301, rSquared: 0.05 }))).toEqual([
      "以「油耗」为因变量的线性回归模型不显著（F = 1.23，p = 0.301 ≥ 0.05），R² = 0.050，自变量不能显著解释「油耗」的变化。",
    ]);
  });

  it("logistic: the model's χ², Nagelkerke R², accuracy and each predictor's odds ratio", () => {
    const coefficient = (term: "intercept" | number, b: number, p: number) => ({
      term,
      b,
      se: 1,
      wald: 4,
      p,
      expB: Math.exp(b),
      expLower: 0.5,
      expUpper: 2,
    });
    const result: LogisticRegression = {
      n: 32,
      events: 13,
      coefficients: [
        coefficient("intercept", 18.87, 0.011),
        coefficient(0, -8.083, 0.0084),
        coefficient(1, 0.0363, 0.041),
        coefficient(2, 0.2, 0.5),
      ],
      minus2LogLikelihood: 10.06,
      nullMinus2LogLikelihood: 43.23,
      modelChiSquare: 33.17,
      modelDf: 3,
      modelP: 6e-8,
      coxSnellR2: 0.645,
      nagelkerkeR2: 0.871,
      iterations: 8,
      classification: [
        [18, 1],
        [1, 12],
      ],
      percentCorrect: 93.75,
    };
    const outcome = (r: LogisticRegression): AnalysisOutcome => ({
      method: "logistic",
      dependent: v("AM", "变速箱"),
      categories: [
        { value: 1, label: "自动挡" },
        { value: 2, label: "手动挡" },
      ],
      independents: [v("WT", "车重"), v("HP", "马力"), v("X", "颜色")],
      result: { ok: true, ...r },
    });
    expect(analysisReading(outcome(result))).toEqual([
      "以「变速箱」（「手动挡」=1，「自动挡」=0）为因变量的二元Logistic回归模型显著（χ² = 33.17，p < 0.001），Nagelkerke R² = 0.871，预测准确率 93.8%；「车重」对「手动挡」有显著的负向影响（OR = 0.000，p = 0.008 < 0.05），每增加1个单位，发生比变为原来的 0.000 倍；「马力」对「手动挡」有显著的正向影响（OR = 1.037，p = 0.041 < 0.05），每增加1个单位，发生比变为原来的 1.037 倍；「颜色」的影响不显著。",
    ]);
    expect(analysisReading(outcome({ ...result, modelChiSquare: 1.2, modelP: 0.75 }))).toEqual([
      "以「变速箱」（「手动挡」=1，「自动挡」=0）为因变量的二元Logistic回归模型不显著（χ² = 1.20，p = 0.750 ≥ 0.05），Nagelkerke R² = 0.871，预测准确率 93.8%，自变量不能显著预测「手动挡」。",
    ]);
  });

  it("reliability: α with its band, reversed items, items whose deletion raises α by more than 0.01", () => {
    const item = (alphaIfDeleted: number) => ({
      scaleMeanIfDeleted: 8,
      scaleVarianceIfDeleted: 4,
      correctedItemTotal: 0.5,
      alphaIfDeleted,
    });
    const outcome = (alpha: number, deleted: number[]): AnalysisOutcome => {
      const result: CronbachAlpha = {
        n: 120,
        items: 3,
        alpha,
        standardizedAlpha: alpha,
        itemStatistics: deleted.map(item),
      };
      return {
        method: "reliability",
        variables: [v("Q1", "Q1"), v("Q2", "Q2"), v("Q3", "Q3 标题")],
        reversed: ["Q3"],
        result: { ok: true, ...result },
      };
    };
    expect(analysisReading(outcome(0.87, [0.8, 0.91, 0.875]))).toEqual([
      "3个题目的 Cronbach's α 系数为 0.870，信度良好（n = 120，已对「Q3 标题」反向计分）。删除「Q2」（α 升至 0.910）后信度明显提高，可考虑修改或删除该题。",
    ]);
    const bands = [0.95, 0.75, 0.65, 0.5].map((a) => analysisReading(outcome(a, [0, 0, 0]))[0]);
    expect(bands).toEqual([
      "3个题目的 Cronbach's α 系数为 0.950，信度很好（n = 120，已对「Q3 标题」反向计分）。",
      "3个题目的 Cronbach's α 系数为 0.750，信度可接受（n = 120，已对「Q3 标题」反向计分）。",
      "3个题目的 Cronbach's α 系数为 0.650，信度勉强可接受（n = 120，已对「Q3 标题」反向计分）。",
      "3个题目的 Cronbach's α 系数为 0.500，信度不佳（n = 120，已对「Q3 标题」反向计分）。",
    ]);
  });

  it("factor: KMO band, Bartlett's test, factors retained and cumulative variance", () => {
    const base: FactorAnalysis = {
      n: 32,
      kmo: 0.826554,
      kmoPerVariable: [],
      bartlett: { chiSquare: 408.011635, df: 55, p: 1e-50 },
      eigenvalues: [6.6, 2.65, 1.75],
      varianceExplained: [60.08, 24.1, 15.82],
      cumulative: [60.08, 84.18, 100],
      factors: 2,
      loadings: [],
      rotated: null,
      rotatedVariance: null,
      communalities: [],
    };
    const outcome = (r: FactorAnalysis | StatError): AnalysisOutcome => ({
      method: "factor",
      variables: [v("A", "A"), v("B", "B"), v("C", "C")],
      result: "n" in r ? { ok: true, ...r } : r,
    });
    expect(analysisReading(outcome(base))).toEqual([
      "KMO = 0.827，很适合进行因子分析；Bartlett 球形检验显著（χ² = 408.01，df = 55，p < 0.001）；共提取 2 个因子，累计解释 84.2% 的方差。",
    ]);
    expect(
      analysisReading(
        outcome({ ...base, kmo: 0.55, bartlett: { chiSquare: 3, df: 3, p: 0.39 }, factors: 1 }),
      ),
    ).toEqual([
      "KMO = 0.550，不适合进行因子分析；Bartlett 球形检验不显著（p = 0.390 ≥ 0.05），变量之间相关性较弱，不宜做因子分析；共提取 1 个因子，累计解释 60.1% 的方差。",
    ]);
    expect(
      analysisReading(outcome({ ...base, kmo: 0.72 }))[0]?.startsWith("KMO = 0.720，适合进行因子分析；"),
    ).toBe(true);
    expect(
      analysisReading(outcome({ ...base, kmo: 0.6 }))[0]?.startsWith("KMO = 0.600，勉强适合进行因子分析；"),
    ).toBe(true);
    expect(analysisReading(outcome({ ...base, kmo: null, bartlett: null }))).toEqual([
      "相关矩阵为奇异矩阵（变量之间存在完全共线性），无法计算 KMO 和 Bartlett 球形检验；共提取 2 个因子，累计解释 84.2% 的方差。",
    ]);
    expect(analysisReading(outcome(error("完整作答的样本量须多于变量个数（至少需要4份）")))).toEqual([
      "3个变量：完整作答的样本量须多于变量个数（至少需要4份）",
    ]);
  });

  it("descriptives: mean ± SD with n; coded variables by their shares", () => {
    const outcome: AnalysisOutcome = {
      method: "descriptives",
      items: [
        {
          variable: satisfaction,
          descriptives: {
            ok: true,
            n: 120,
            mean: 4.123,
            sd: 0.8456,
            variance: 0.715,
            se: 0.077,
            ciLower: 3.97,
            ciUpper: 4.28,
            median: 4,
            q1: 4,
            q3: 5,
            min: 1,
            max: 5,
            skewness: null,
            skewnessSe: null,
            kurtosis: null,
            kurtosisSe: null,
          },
          proportions: [],
        },
        {
          variable: gender,
          descriptives: null,
          proportions: [
            {
              value: 1,
              label: "男",
              count: 60,
              proportion: { ok: true, count: 60, n: 120, proportion: 0.5, ciLower: 0.41, ciUpper: 0.59 },
            },
            {
              value: 2,
              label: "女",
              count: 60,
              proportion: { ok: true, count: 60, n: 120, proportion: 0.5, ciLower: 0.41, ciUpper: 0.59 },
            },
          ],
        },
        { variable: education, descriptives: error("至少需要2个有效值"), proportions: [] },
      ],
    };
    expect(analysisReading(outcome)).toEqual([
      "「满意度」：4.12 ± 0.85（均值 ± 标准差，n = 120）。",
      "「性别」：男 60（50.0%），女 60（50.0%）。",
      "「学历」：至少需要2个有效值",
    ]);
  });
});
