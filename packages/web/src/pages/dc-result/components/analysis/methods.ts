import type { AnalysisMethod, AnalysisRequest, PostHocMethod } from "@wjgj/core/api/analysis";

export interface MethodInfo {
  value: AnalysisMethod;
  label: string;
  /** One line under the picker: what the method answers, in the words of a questionnaire study. */
  hint: string;
}

/** The picker's groups, in SPSSAU's order. */
export const methodGroups: { label: string; methods: MethodInfo[] }[] = [
  {
    label: "基础描述",
    methods: [
      {
        value: "descriptives",
        label: "描述统计",
        hint: "量表题给出平均值、标准差等；选择题给出各选项的频数、百分比及95%置信区间。",
      },
    ],
  },
  {
    label: "差异分析",
    methods: [
      { value: "crosstab", label: "交叉卡方", hint: "两个分类变量是否相关，例如不同性别的选择是否不同。" },
      { value: "independentT", label: "独立样本t检验", hint: "两组在量表题上的平均值是否有显著差异。" },
      {
        value: "pairedT",
        label: "配对t检验",
        hint: "同一批人在两个题上的平均值是否有显著差异（如前测与后测）。",
      },
      {
        value: "anova",
        label: "单因素方差分析",
        hint: "三组及以上在量表题上的平均值是否有显著差异，含事后多重比较。",
      },
      {
        value: "mannWhitney",
        label: "Mann-Whitney U检验",
        hint: "两组差异的非参数检验，数据不服从正态分布时使用。",
      },
      {
        value: "kruskalWallis",
        label: "Kruskal-Wallis检验",
        hint: "多组差异的非参数检验，数据不服从正态分布时使用。",
      },
    ],
  },
  {
    label: "相关与回归",
    methods: [
      { value: "correlation", label: "相关分析", hint: "两两变量之间的相关系数及其显著性。" },
      {
        value: "regression",
        label: "线性回归",
        hint: "多个自变量对一个因变量的影响（最小二乘法，全部进入）。",
      },
      {
        value: "logistic",
        label: "二元Logistic回归",
        hint: "自变量对一个两类结果（如是否购买、是否满意）发生比的影响，给出OR值（Exp(B)）。",
      },
    ],
  },
  {
    label: "量表分析",
    methods: [
      {
        value: "reliability",
        label: "信度分析",
        hint: "Cronbach α系数检验量表题项的内部一致性，可指定反向计分题。",
      },
      {
        value: "factor",
        label: "效度分析",
        hint: "KMO和Bartlett检验，主成分法提取因子并做最大方差旋转。",
      },
    ],
  },
];

export const methodInfo = new Map(methodGroups.flatMap((group) => group.methods).map((m) => [m.value, m]));

export function methodLabel(method: AnalysisMethod): string {
  return methodInfo.get(method)?.label ?? "";
}

/** Everything the pickers hold; switching method keeps the choices the next method can use too. */
export interface AnalysisDraft {
  /** Variables analysed: descriptives, test variables, correlation, scale items. */
  variables: string[];
  group: string | undefined;
  /** Two codes of the grouping variable for the two-sample tests (the first two answered when empty). */
  groups: [number | undefined, number | undefined];
  row: string | undefined;
  column: string | undefined;
  pairs: [string | undefined, string | undefined][];
  dependent: string | undefined;
  independents: string[];
  reverse: string[];
  postHoc: PostHocMethod;
  kind: "pearson" | "spearman";
  /** Factors to extract; undefined for those with eigenvalue > 1. */
  factors: number | undefined;
}

export const emptyDraft: AnalysisDraft = {
  variables: [],
  group: undefined,
  groups: [undefined, undefined],
  row: undefined,
  column: undefined,
  pairs: [[undefined, undefined]],
  dependent: undefined,
  independents: [],
  reverse: [],
  postHoc: "tukey",
  kind: "pearson",
  factors: undefined,
};

/** The request the draft makes, or what is still missing (said as the page says it). */
export function buildRequest(method: AnalysisMethod, draft: AnalysisDraft): AnalysisRequest | string {
  const { variables, group } = draft;
  switch (method) {
    case "descriptives":
      return variables.length ? { method, variables } : "请选择至少1个分析变量";
    case "crosstab":
      if (!draft.row || !draft.column) return "请选择行变量和列变量";
      if (draft.row === draft.column) return "行变量和列变量不能相同";
      return { method, row: draft.row, column: draft.column };
    case "independentT":
    case "mannWhitney": {
      if (!variables.length) return "请选择至少1个检验变量";
      if (!group) return "请选择分组变量";
      const [first, second] = draft.groups;
      if ((first === undefined) !== (second === undefined)) return "请选择要比较的两个组，或都留空";
      if (first !== undefined && first === second) return "要比较的两个组不能相同";
      const groups: [number, number] | undefined =
        first !== undefined && second !== undefined ? [first, second] : undefined;
      return { method, test: variables, group, groups };
    }
    case "pairedT": {
      const pairs = draft.pairs.filter((pair): pair is [string, string] => !!pair[0] && !!pair[1]);
      if (!pairs.length || pairs.length !== draft.pairs.length) return "请为每一对选择两个变量";
      if (pairs.some(([a, b]) => a === b)) return "配对的两个变量不能相同";
      return { method, pairs };
    }
    case "anova":
      if (!variables.length) return "请选择至少1个检验变量";
      if (!group) return "请选择分组变量";
      return { method, test: variables, group, postHoc: draft.postHoc };
    case "kruskalWallis":
      if (!variables.length) return "请选择至少1个检验变量";
      if (!group) return "请选择分组变量";
      return { method, test: variables, group };
    case "correlation":
      return variables.length >= 2 ? { method, variables, kind: draft.kind } : "请选择至少2个变量";
    case "regression":
      if (!draft.dependent) return "请选择因变量";
      if (!draft.independents.length) return "请选择至少1个自变量";
      if (draft.independents.includes(draft.dependent)) return "因变量不能同时作为自变量";
      return { method, dependent: draft.dependent, independents: draft.independents };
    case "logistic":
      if (!draft.dependent) return "请选择因变量";
      if (!draft.independents.length) return "请选择至少1个自变量";
      if (draft.independents.includes(draft.dependent)) return "因变量不能同时作为自变量";
      return { method, dependent: draft.dependent, independents: draft.independents };
    case "reliability":
      if (variables.length < 2) return "请选择至少2个量表题项";
      return { method, variables, reverse: draft.reverse.filter((name) => variables.includes(name)) };
    case "factor":
      if (variables.length < 2) return "请选择至少2个量表题项";
      return { method, variables, factors: draft.factors };
  }
}

/** The server applies a weighting to counts only: descriptives and cross-tabs (tests assume unweighted cases). */
export const weightableMethods: ReadonlySet<AnalysisMethod> = new Set(["descriptives", "crosstab"]);
