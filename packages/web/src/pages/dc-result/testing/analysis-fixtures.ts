import type {
  AnalysisOutcome,
  AnalysisResult,
  AnalysisVariablesResult,
  WeightingSummary,
} from "@wjgj/core/api/analysis";

const points = [1, 2, 3, 4, 5].map((value) => ({
  value,
  label: ["非常不满意", "不满意", "一般", "满意", "非常满意"][value - 1] ?? "",
}));

/** The variables of a small course survey, as statistics/getAnalysisVariables lists them. */
export const catalogue: AnalysisVariablesResult = {
  variables: [
    {
      name: "Q1",
      label: "您的性别",
      questionId: "q1",
      measure: "nominal",
      values: [
        { value: 1, label: "男" },
        { value: 2, label: "女" },
      ],
    },
    {
      name: "Q2",
      label: "您的年级",
      questionId: "q2",
      measure: "ordinal",
      values: [
        { value: 1, label: "大一" },
        { value: 2, label: "大二" },
        { value: 3, label: "大三" },
      ],
    },
    { name: "Q3_1", label: "满意度 · 课程内容", questionId: "q3", measure: "ordinal", values: points },
    { name: "Q3_2", label: "满意度 · 授课方式", questionId: "q3", measure: "ordinal", values: points },
    { name: "Q4", label: "每周学习时长", questionId: "q4", measure: "scale", values: [] },
    {
      name: "Q5_A",
      label: "喜欢的课程 · 数学",
      questionId: "q5",
      measure: "nominal",
      values: [
        { value: 0, label: "未选" },
        { value: 1, label: "选中" },
      ],
    },
    {
      name: "Q5_B",
      label: "喜欢的课程 · 美术",
      questionId: "q5",
      measure: "nominal",
      values: [
        { value: 0, label: "未选" },
        { value: 1, label: "选中" },
      ],
    },
  ],
  sets: [
    {
      name: "q5",
      label: "喜欢的课程",
      questionId: "q5",
      members: ["Q5_A", "Q5_B"],
      categories: [
        { value: 1, label: "数学" },
        { value: 2, label: "美术" },
      ],
    },
  ],
};

export function result(outcome: AnalysisOutcome, weighted = false): AnalysisResult {
  return { responses: 40, weighted, efficiency: weighted ? 87.5 : null, outcome };
}

/** 满意度 by 性别: 2 × 2 with a significant χ² and letters in the larger cells. */
export const crosstabOutcome: AnalysisOutcome = {
  method: "crosstab",
  row: { name: "Q3_1", label: "满意度 · 课程内容" },
  column: { name: "Q1", label: "您的性别" },
  multipleResponse: false,
  table: {
    rows: [
      { value: 4, label: "满意" },
      { value: 2, label: "不满意" },
    ],
    columns: [
      { value: 1, label: "男" },
      { value: 2, label: "女" },
    ],
    counts: [
      [12, 3],
      [8, 17],
    ],
    rowTotals: [15, 25],
    columnTotals: [20, 20],
    total: 40,
  },
  chiSquare: {
    ok: true,
    chiSquare: 8.64,
    df: 1,
    p: 0.0033,
    likelihoodRatio: 9.01,
    likelihoodRatioP: 0.0027,
    n: 40,
    expected: [
      [7.5, 7.5],
      [12.5, 12.5],
    ],
    cellsExpectedBelow5: 0,
    percentExpectedBelow5: 0,
    minExpected: 7.5,
    cramersV: 0.465,
    phi: 0.465,
  },
  fisher: { ok: true, p: 0.0095, pOneSided: 0.0048 },
  columnTests: {
    ok: true,
    columnLetters: ["A", "B"],
    letters: [
      ["B", ""],
      ["", "A"],
    ],
    excluded: [
      [false, false],
      [false, false],
    ],
    comparisons: [],
  },
};

const tRow = {
  t: 2.5,
  df: 38,
  p: 0.017,
  meanDifference: 0.8,
  seDifference: 0.32,
  ciLower: 0.15,
  ciUpper: 1.45,
};

/** Two test variables: one computed, one whose groups are too small. */
export const tTestOutcome: AnalysisOutcome = {
  method: "independentT",
  group: { name: "Q1", label: "您的性别" },
  groups: [
    { value: 1, label: "男" },
    { value: 2, label: "女" },
  ],
  items: [
    {
      variable: { name: "Q3_1", label: "满意度 · 课程内容" },
      result: {
        ok: true,
        n1: 20,
        n2: 20,
        mean1: 4.1,
        mean2: 3.3,
        sd1: 0.9,
        sd2: 1.1,
        levene: { f: 0.8, df1: 1, df2: 38, p: 0.38 },
        student: tRow,
        welch: { ...tRow, df: 36.6 },
      },
    },
    {
      variable: { name: "Q4", label: "每周学习时长" },
      result: { ok: false, reason: "too-few-values", message: "每组至少需要2个有效值" },
    },
  ],
};

export const weightingSummary: WeightingSummary = {
  margins: [
    {
      variable: "Q1",
      targets: [
        { value: 1, percent: 50 },
        { value: 2, percent: 50 },
      ],
    },
  ],
  weighted: 38,
  unweighted: 2,
  efficiency: 87.5,
  minWeight: 0.625,
  maxWeight: 1.6,
  iterations: 4,
  converged: true,
  computedAt: "2025-01-02T09:00:00.000Z",
};
