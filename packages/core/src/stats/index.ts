// 统计分析 engine (issue #34): pure functions over plain arrays, each checked against R/PSPP reference outputs.
// Only the analyses, their result types and the distribution helpers are public; array utilities (mean, at…)
// stay internal so they cannot collide with other areas of core. Imported as "@wjgj/core/stats/index", not
// through core's barrel: the @stdlib distributions it uses stay out of every bundle that does not analyse.
export { type OneWayAnova, oneWayAnova, type PostHocRow } from "./anova.ts";
export { type Correlation, correlationMatrix, pearson, spearman } from "./correlation.ts";
export {
  type ChiSquareResult,
  type ColumnProportionResult,
  chiSquareTest,
  compareColumnProportions,
  type FisherResult,
  fisherExact2x2,
} from "./crosstab.ts";
export { type Descriptives, descriptives, percentileHaverage } from "./descriptives.ts";
export {
  chiSquareUpperP,
  fUpperP,
  normalCdfAt,
  normalQuantileAt,
  studentizedRangeCdf,
  studentizedRangeQuantile,
  tCdfAt,
  tQuantileAt,
  tTwoTailedP,
  zTwoTailedP,
} from "./distributions.ts";
export { type FactorAnalysis, factorAnalysis } from "./factor.ts";
export { type ItemAnalysis, type ItemAnalysisItem, itemAnalysis } from "./item-analysis.ts";
export { type LogisticCoefficient, type LogisticRegression, logisticRegression } from "./logistic.ts";
export {
  type KruskalWallis,
  kruskalWallis,
  type MannWhitney,
  mannWhitneyU,
  rankWithTies,
} from "./nonparametric.ts";
export { type Proportion, proportionWilson } from "./proportions.ts";
export { type Coefficient, type LinearRegression, linearRegression } from "./regression.ts";
export { type CronbachAlpha, cronbachAlpha, type ItemStatistics } from "./reliability.ts";
export type { Maybe as StatInput, StatError, StatErrorReason, StatResult } from "./result.ts";
export {
  type IndependentTTest,
  independentTTest,
  type PairedTTest,
  pairedTTest,
  type TTestRow,
} from "./t-tests.ts";
export { type RakingOptions, type RakingResult, rake } from "./weighting.ts";
