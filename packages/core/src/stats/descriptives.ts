// Descriptive statistics as SPSS DESCRIPTIVES / EXAMINE print them. Missing values (null/NaN) are dropped.
import { tQuantileAt } from "./distributions.ts";
import { at, type Maybe, MESSAGES, type StatResult, statError } from "./result.ts";

export interface Descriptives {
  n: number;
  mean: number;
  /** Sample standard deviation (divisor n − 1). */
  sd: number;
  variance: number;
  /** Standard error of the mean, sd / √n. */
  se: number;
  /** 95% confidence interval of the mean, mean ± t(0.975, n − 1)·se (SPSS EXAMINE). */
  ciLower: number;
  ciUpper: number;
  median: number;
  /** 25th and 75th percentiles, SPSS's default HAVERAGE definition (see percentileHaverage). */
  q1: number;
  q3: number;
  min: number;
  max: number;
  /** Bias-corrected skewness G1 as SPSS; null when n < 3 or sd = 0. */
  skewness: number | null;
  skewnessSe: number | null;
  /** Bias-corrected excess kurtosis G2 as SPSS; null when n < 4 or sd = 0. */
  kurtosis: number | null;
  kurtosisSe: number | null;
}

export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample variance with divisor n − 1 (two-pass, numerically stable). */
export function variance(xs: readonly number[]): number {
  const m = mean(xs);
  let ss = 0;
  for (const x of xs) ss += (x - m) ** 2;
  return ss / (xs.length - 1);
}

/**
 * Percentile by SPSS's default HAVERAGE ("weighted average at x(n+1)p"): position (n+1)p = i + f, value
 * (1 − f)·x(i) + f·x(i+1) on the sorted data, clamped to the minimum below position 1 and the maximum at or
 * beyond position n. This is R's quantile type 6. `sorted` must be ascending and non-empty.
 */
export function percentileHaverage(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  const pos = (n + 1) * p;
  if (pos <= 1) return at(sorted, 0);
  if (pos >= n) return at(sorted, n - 1);
  const i = Math.floor(pos);
  const f = pos - i;
  return (1 - f) * at(sorted, i - 1) + f * at(sorted, i);
}

/**
 * HAVERAGE with case weights, as PSPP's EXAMINE computes it under WEIGHT BY: position (W + 1)p on the cumulative
 * weights; the first value whose cumulative weight reaches it is taken, interpolated from the value before when
 * the position is less than one unit of weight past that value's cumulative weight. With unit weights this is
 * percentileHaverage. `sorted` ascending with positive weights. PSPP 1.6.2 prints 2, 3 and 4.25 for the quartiles
 * of 1, 2, 2, 3, 3, 4, 5 weighted .5, 1.2, .7, .8, 1.3, 2, 1.5 (descriptives.test.ts).
 */
function weightedPercentile(sorted: readonly { x: number; w: number }[], total: number, p: number): number {
  const position = (total + 1) * p;
  let cumulative = 0;
  for (let i = 0; i < sorted.length; i++) {
    const before = cumulative;
    cumulative += at(sorted, i).w;
    if (cumulative >= position) {
      const gap = position - before;
      return i > 0 && gap < 1
        ? at(sorted, i - 1).x + gap * (at(sorted, i).x - at(sorted, i - 1).x)
        : at(sorted, i).x;
    }
  }
  return at(sorted, sorted.length - 1).x;
}

/** Cases with their weights: missing values and missing or zero weights dropped; a message when unusable. */
function weightedCases(
  values: readonly Maybe[],
  weights: readonly Maybe[],
): { x: number; w: number }[] | string {
  if (weights.length !== values.length) return MESSAGES.lengthMismatch;
  const cases: { x: number; w: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    const w = weights[i];
    const x = values[i];
    if (w === null || w === undefined || Number.isNaN(w) || w === 0) continue;
    if (!Number.isFinite(w) || w < 0) return "权重必须是非负数";
    if (x === null || x === undefined || Number.isNaN(x)) continue;
    if (!Number.isFinite(x)) return MESSAGES.nonFinite;
    cases.push({ x, w });
  }
  return cases;
}

/**
 * SPSS DESCRIPTIVES/EXAMINE: mean, sd (n − 1), se, t-based 95% CI, HAVERAGE quartiles, and skewness/kurtosis
 * with the bias-corrected G1/G2 and their standard errors exactly as SPSS (and PSPP) compute them:
 *   G1 = n/((n−1)(n−2)) Σz³, SE = √(6n(n−1)/((n−2)(n+1)(n+3)))
 *   G2 = n(n+1)/((n−1)(n−2)(n−3)) Σz⁴ − 3(n−1)²/((n−2)(n−3)), SE = 2·SE(G1)·√((n²−1)/((n−3)(n+5)))
 * Missing values are dropped (each variable on its own). Fewer than 2 values, or infinities, is an error.
 * Constant data is not an error: sd is 0 and skewness/kurtosis are null (SPSS leaves them blank).
 *
 * `weights` are case weights as SPSS WEIGHT BY: a case with weight 3 counts as three identical cases, and a
 * fractional weight (a raking weight) counts as that fraction of a case, so n is Σw everywhere n appears above
 * (PSPP's DESCRIPTIVES and EXAMINE agree on this); a case whose weight is missing or 0 is dropped.
 */
export function descriptives(values: readonly Maybe[], weights?: readonly Maybe[]): StatResult<Descriptives> {
  // Unweighted is every case at weight 1: the same sums in the same order, and HAVERAGE on positions.
  return weightedDescriptives(values, weights ?? values.map(() => 1));
}

/** The formulas above with n = W = Σw and weighted sums. */
function weightedDescriptives(values: readonly Maybe[], weights: readonly Maybe[]): StatResult<Descriptives> {
  const cases = weightedCases(values, weights);
  if (typeof cases === "string")
    return statError(cases === MESSAGES.nonFinite ? "non-finite" : "bad-argument", cases);
  let n = 0;
  let sum = 0;
  for (const { x, w } of cases) {
    n += w;
    sum += w * x;
  }
  // More than one case's worth of weight, as the n − 1 divisor needs (SPSS leaves the figures blank below it).
  if (cases.length < 2 || n <= 1) return statError("too-few-values", MESSAGES.tooFewValues);
  const m = sum / n;
  let ss = 0;
  for (const { x, w } of cases) ss += w * (x - m) ** 2;
  const v = ss / (n - 1);
  const sd = Math.sqrt(v);
  const se = sd / Math.sqrt(n);
  const tCrit = tQuantileAt(0.975, n - 1);
  let skewness: number | null = null;
  let skewnessSe: number | null = null;
  let kurtosis: number | null = null;
  let kurtosisSe: number | null = null;
  if (n > 2) {
    skewnessSe = Math.sqrt((6 * n * (n - 1)) / ((n - 2) * (n + 1) * (n + 3)));
    if (sd > 0) {
      let s3 = 0;
      for (const { x, w } of cases) s3 += w * ((x - m) / sd) ** 3;
      skewness = (n / ((n - 1) * (n - 2))) * s3;
    }
  }
  if (n > 3 && skewnessSe !== null) {
    kurtosisSe = 2 * skewnessSe * Math.sqrt((n * n - 1) / ((n - 3) * (n + 5)));
    if (sd > 0) {
      let s4 = 0;
      for (const { x, w } of cases) s4 += w * ((x - m) / sd) ** 4;
      kurtosis =
        ((n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3))) * s4 - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
    }
  }
  const sorted = [...cases].sort((a, b) => a.x - b.x);
  return {
    ok: true,
    n,
    mean: m,
    sd,
    variance: v,
    se,
    ciLower: m - tCrit * se,
    ciUpper: m + tCrit * se,
    median: weightedPercentile(sorted, n, 0.5),
    q1: weightedPercentile(sorted, n, 0.25),
    q3: weightedPercentile(sorted, n, 0.75),
    min: at(sorted, 0).x,
    max: at(sorted, sorted.length - 1).x,
    skewness,
    skewnessSe,
    kurtosis,
    kurtosisSe,
  };
}
