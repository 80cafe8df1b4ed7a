// 统计分析 (issue #34): the contract between the results page's analysis area and the server.
// The variables are the SPSS export's (packages/server/src/commands/exports/sav-variables.ts): the same names,
// labels, codes and missing values, so what the page computes is what PSPP computes on the product's .sav.
// The calculations are core's (packages/core/src/stats); only their result types appear here (erased at build,
// so this file keeps the distributions out of every bundle that imports the barrel).
import type {
  ChiSquareResult,
  ColumnProportionResult,
  CronbachAlpha,
  Descriptives,
  FactorAnalysis,
  FisherResult,
  IndependentTTest,
  KruskalWallis,
  LinearRegression,
  LogisticRegression,
  MannWhitney,
  OneWayAnova,
  PairedTTest,
  Proportion,
  StatResult,
} from "../stats/index.ts";
import type { ResultsFilterInput } from "./results.ts";

// ---------------------------------------------------------------------------------------------------------
// statistics/getAnalysisVariables — GET { id }

export type AnalysisMeasure = "nominal" | "ordinal" | "scale";

export interface AnalysisValueLabel {
  value: number;
  label: string;
}

/** One numeric variable of the questionnaire, as the SPSS export names it. */
export interface AnalysisVariable {
  /** The SPSS name: Q3, Q5_1 (matrix row 1), Q6_A (option A of a multi-select, 0/1), score, duration. */
  name: string;
  /** What the export labels it: the question's title, with the row or option after ": " (满意度: 价格). */
  label: string;
  /** The question it comes from ("" for product variables such as the exam score). */
  questionId: string;
  measure: AnalysisMeasure;
  /** Codes with labels (choices, scale points); empty for free numbers. */
  values: AnalysisValueLabel[];
}

/**
 * A multi-select question as a multiple-response set: its options' 0/1 variables counted together, each
 * response in as many categories as it chose (as the product's own cross-analysis counts it).
 */
export interface AnalysisSet {
  /** The question's id, used in place of a variable name for cross-tabs. */
  name: string;
  label: string;
  questionId: string;
  /** The 0/1 variables of its options, in option order; their labels are the options. */
  members: string[];
  categories: AnalysisValueLabel[];
}

export interface AnalysisVariablesResult {
  variables: AnalysisVariable[];
  sets: AnalysisSet[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getAnalysis — POST { id, filter?, weighted?, request }

export type PostHocMethod = "tukey" | "bonferroni";

export type AnalysisRequest =
  /** Descriptives of scale/ordinal variables; proportions with Wilson CIs for coded ones. */
  | { method: "descriptives"; variables: string[] }
  /** Row × column: variables with codes, or multi-select sets (their question id). */
  | { method: "crosstab"; row: string; column: string }
  /** Test variables by a grouping variable with two of its codes (the first two with answers when omitted). */
  | { method: "independentT"; test: string[]; group: string; groups?: [number, number] | undefined }
  | { method: "mannWhitney"; test: string[]; group: string; groups?: [number, number] | undefined }
  | { method: "pairedT"; pairs: [string, string][] }
  | { method: "anova"; test: string[]; group: string; postHoc: PostHocMethod }
  | { method: "kruskalWallis"; test: string[]; group: string }
  | { method: "correlation"; variables: string[]; kind: "pearson" | "spearman" }
  | { method: "regression"; dependent: string; independents: string[] }
  /**
   * Binary logistic regression: `dependent` a coded variable with two codes answered (the higher one is the
   * event, coded 1, as SPSS codes it), `independents` numeric.
   */
  | { method: "logistic"; dependent: string; independents: string[] }
  | { method: "reliability"; variables: string[]; reverse: string[] }
  /** Principal components with varimax; `factors` defaults to those with eigenvalue > 1. */
  | { method: "factor"; variables: string[]; factors?: number | undefined };

export type AnalysisMethod = AnalysisRequest["method"];

export interface AnalysisInput extends ResultsFilterInput {
  request: AnalysisRequest;
  /** Apply the questionnaire's saved weighting (statistics/getWeighting); refused when none is saved. */
  weighted?: boolean | undefined;
}

/** A variable as results name it. */
export interface AnalysisVariableRef {
  name: string;
  label: string;
}

export interface AnalysisGroupRef {
  value: number;
  label: string;
}

/** A cross-tab's counts: rows × columns over responses answering both (weighted counts when weighted). */
export interface AnalysisCrossCounts {
  rows: AnalysisValueLabel[];
  columns: AnalysisValueLabel[];
  counts: number[][];
  rowTotals: number[];
  columnTotals: number[];
  total: number;
}

export type AnalysisOutcome =
  | {
      method: "descriptives";
      items: {
        variable: AnalysisVariableRef;
        /** Scale and ordinal variables. */
        descriptives: StatResult<Descriptives> | null;
        /** Coded variables: each code's count and share with its Wilson 95 % CI. */
        proportions: { value: number; label: string; count: number; proportion: StatResult<Proportion> }[];
      }[];
    }
  | {
      method: "crosstab";
      row: AnalysisVariableRef;
      column: AnalysisVariableRef;
      /** A multi-select set on either side: categories overlap, so no χ² (the column tests still run). */
      multipleResponse: boolean;
      table: AnalysisCrossCounts;
      chiSquare: StatResult<ChiSquareResult> | null;
      /** 2×2 tables, or any table with an expected count below 5 that reduces to 2×2. */
      fisher: StatResult<FisherResult> | null;
      columnTests: StatResult<ColumnProportionResult>;
    }
  | {
      method: "independentT";
      group: AnalysisVariableRef;
      groups: [AnalysisGroupRef, AnalysisGroupRef];
      items: { variable: AnalysisVariableRef; result: StatResult<IndependentTTest> }[];
    }
  | {
      method: "mannWhitney";
      group: AnalysisVariableRef;
      groups: [AnalysisGroupRef, AnalysisGroupRef];
      items: { variable: AnalysisVariableRef; result: StatResult<MannWhitney> }[];
    }
  | {
      method: "pairedT";
      items: { first: AnalysisVariableRef; second: AnalysisVariableRef; result: StatResult<PairedTTest> }[];
    }
  | {
      method: "anova";
      group: AnalysisVariableRef;
      groups: AnalysisGroupRef[];
      postHoc: PostHocMethod;
      items: { variable: AnalysisVariableRef; result: StatResult<OneWayAnova> }[];
    }
  | {
      method: "kruskalWallis";
      group: AnalysisVariableRef;
      groups: AnalysisGroupRef[];
      items: { variable: AnalysisVariableRef; result: StatResult<KruskalWallis> }[];
    }
  | {
      method: "correlation";
      kind: "pearson" | "spearman";
      variables: AnalysisVariableRef[];
      /**
       * matrix[i][j] for i ≠ j (pairwise complete); the diagonal is r = 1 with n of the variable. A pair that
       * cannot be computed (a constant variable, fewer than 3 pairs) holds core's reason instead.
       */
      matrix: StatResult<{ r: number; p: number; n: number }>[][];
    }
  | {
      method: "regression";
      dependent: AnalysisVariableRef;
      independents: AnalysisVariableRef[];
      result: StatResult<LinearRegression>;
    }
  | {
      method: "logistic";
      dependent: AnalysisVariableRef;
      /** The dependent's two codes: [coded 0, coded 1 (the event)]. */
      categories: [AnalysisValueLabel, AnalysisValueLabel];
      independents: AnalysisVariableRef[];
      result: StatResult<LogisticRegression>;
    }
  | {
      method: "reliability";
      variables: AnalysisVariableRef[];
      reversed: string[];
      result: StatResult<CronbachAlpha>;
    }
  | {
      method: "factor";
      variables: AnalysisVariableRef[];
      result: StatResult<FactorAnalysis>;
    };

export interface AnalysisResult {
  /** Responses in the filter (before each analysis drops its missing values). */
  responses: number;
  /** Whether the figures are weighted, and then the weighting's efficiency (Kish, 0–100 %). */
  weighted: boolean;
  efficiency: number | null;
  outcome: AnalysisOutcome;
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getWeighting — GET { id }; statistics/saveWeighting — POST { id, margins };
// statistics/deleteWeighting — POST { id }

/** A target margin: the share (percent, summing to 100) each code of a coded variable should have. */
export interface WeightingMargin {
  variable: string;
  targets: { value: number; percent: number }[];
}

export interface WeightingSummary {
  margins: WeightingMargin[];
  /** Responses weighted (valid responses answering every margin's variable) and those left at weight 1. */
  weighted: number;
  unweighted: number;
  /** Kish's efficiency (Σw)² / (n Σw²), percent one decimal; and the spread of weights. */
  efficiency: number;
  minWeight: number;
  maxWeight: number;
  iterations: number;
  converged: boolean;
  /** When the weights were computed (ISO); responses after it are weighted by the same cells. */
  computedAt: string;
}

export interface WeightingResult {
  weighting: WeightingSummary | null;
}

export interface SaveWeightingInput {
  id: number;
  margins: WeightingMargin[];
}
