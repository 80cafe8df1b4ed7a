// Descriptive statistics as SPSS DESCRIPTIVES / EXAMINE print them. Missing values (null/NaN) are dropped.
import { tQuantileAt } from "./distributions.ts";
import { at, type Maybe, MESSAGES, type StatResult, statError, validValues } from "./result.ts";

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

/** Replicate each case by its integer frequency weight; a Chinese message when the weights are unusable. */
function expandFrequencyWeights(values: readonly Maybe[], weights: readonly Maybe[]): Maybe[] | string {
  if (weights.length !== values.length) return MESSAGES.lengthMismatch;
  const out: Maybe[] = [];
  for (let i = 0; i < values.length; i++) {
    const w = weights[i];
    if (w === null || w === undefined || Number.isNaN(w) || w === 0) continue;
    if (!Number.isInteger(w) || w < 0) return "频数权重必须是非负整数";
    for (let k = 0; k < w; k++) out.push(values[i]);
  }
  return out;
}

/**
 * SPSS DESCRIPTIVES/EXAMINE: mean, sd (n − 1), se, t-based 95% CI, HAVERAGE quartiles, and skewness/kurtosis
 * with the bias-corrected G1/G2 and their standard errors exactly as SPSS (and PSPP) compute them:
 *   G1 = n/((n−1)(n−2)) Σz³, SE = √(6n(n−1)/((n−2)(n+1)(n+3)))
 *   G2 = n(n+1)/((n−1)(n−2)(n−3)) Σz⁴ − 3(n−1)²/((n−2)(n−3)), SE = 2·SE(G1)·√((n²−1)/((n−3)(n+5)))
 * Missing values are dropped (each variable on its own). Fewer than 2 values, or infinities, is an error.
 * Constant data is not an error: sd is 0 and skewness/kurtosis are null (SPSS leaves them blank).
 *
 * `weights` are frequency weights as SPSS WEIGHT BY: a case with weight 3 counts as three identical cases, so
 * n is Σw. Only non-negative integer weights are accepted (fractional weights make SPSS's EXAMINE and
 * DESCRIPTIVES disagree with each other); a case whose weight is missing or 0 is dropped.
 */
export function descriptives(values: readonly Maybe[], weights?: readonly Maybe[]): StatResult<Descriptives> {
  let input = values;
  if (weights !== undefined) {
    const expanded = expandFrequencyWeights(values, weights);
    if (typeof expanded === "string") return statError("bad-argument", expanded);
    input = expanded;
  }
  const { values: xs, nonFinite } = validValues(input);
  if (nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const n = xs.length;
  if (n < 2) return statError("too-few-values", MESSAGES.tooFewValues);
  const sorted = [...xs].sort((a, b) => a - b);
  const m = mean(xs);
  const v = variance(xs);
  const sd = Math.sqrt(v);
  const se = sd / Math.sqrt(n);
  const tCrit = tQuantileAt(0.975, n - 1);
  let skewness: number | null = null;
  let skewnessSe: number | null = null;
  let kurtosis: number | null = null;
  let kurtosisSe: number | null = null;
  if (n >= 3) {
    skewnessSe = Math.sqrt((6 * n * (n - 1)) / ((n - 2) * (n + 1) * (n + 3)));
    if (sd > 0) {
      let s3 = 0;
      for (const x of xs) s3 += ((x - m) / sd) ** 3;
      skewness = (n / ((n - 1) * (n - 2))) * s3;
    }
  }
  if (n >= 4 && skewnessSe !== null) {
    kurtosisSe = 2 * skewnessSe * Math.sqrt((n * n - 1) / ((n - 3) * (n + 5)));
    if (sd > 0) {
      let s4 = 0;
      for (const x of xs) s4 += ((x - m) / sd) ** 4;
      kurtosis =
        ((n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3))) * s4 - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
    }
  }
  return {
    ok: true,
    n,
    mean: m,
    sd,
    variance: v,
    se,
    ciLower: m - tCrit * se,
    ciUpper: m + tCrit * se,
    median: percentileHaverage(sorted, 0.5),
    q1: percentileHaverage(sorted, 0.25),
    q3: percentileHaverage(sorted, 0.75),
    min: at(sorted, 0),
    max: at(sorted, n - 1),
    skewness,
    skewnessSe,
    kurtosis,
    kurtosisSe,
  };
}
