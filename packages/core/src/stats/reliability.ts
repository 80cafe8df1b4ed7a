// Cronbach's alpha and item statistics as SPSS RELIABILITY /MODEL=ALPHA /SUMMARY=TOTAL. Cases with any missing
// item are dropped (listwise, SPSS's default for RELIABILITY).

import { at, isMissing, type Maybe, MESSAGES, type StatResult, statError } from "./result.ts";

export interface ItemStatistics {
  /** Mean and variance of the scale without this item (SPSS "Scale Mean/Variance if Item Deleted"). */
  scaleMeanIfDeleted: number;
  scaleVarianceIfDeleted: number;
  /** Corrected item-total correlation: r(item, total of the other items); null if undefined. */
  correctedItemTotal: number | null;
  /** Alpha of the remaining items; null when fewer than 2 remain or their total has no variance. */
  alphaIfDeleted: number | null;
}

export interface CronbachAlpha {
  /** Cases used (complete on every item). */
  n: number;
  items: number;
  alpha: number;
  /** "Cronbach's Alpha Based on Standardized Items": k r̄ / (1 + (k − 1) r̄); null if an item is constant. */
  standardizedAlpha: number | null;
  itemStatistics: ItemStatistics[];
}

/** Cases per block of the cross-products: ten items of 2,048 cases are 160 kB. */
const BLOCK = 2048;

/** x − m over from…to−1, in place. */
function centre(x: Float64Array, m: number, from: number, to: number): void {
  for (let i = from; i < to; i++) x[i] = (x[i] as number) - m;
}

/** Σ aᵢbᵢ over from…to−1, in four running sums (independent additions keep the processor busy). */
function dot(a: Float64Array, b: Float64Array, from: number, to: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = from;
  for (; i + 3 < to; i += 4) {
    s0 += (a[i] as number) * (b[i] as number);
    s1 += (a[i + 1] as number) * (b[i + 1] as number);
    s2 += (a[i + 2] as number) * (b[i + 2] as number);
    s3 += (a[i + 3] as number) * (b[i + 3] as number);
  }
  for (; i < to; i++) s0 += (a[i] as number) * (b[i] as number);
  return s0 + s1 + s2 + s3;
}

/**
 * α of items whose variances sum to `itemVariance` and whose total varies by `totalVariance`; null for fewer
 * than 2 items or a total without variance. A total variance within rounding of 0 (it is a sum of
 * covariances) counts as none.
 */
function alphaOf(k: number, itemVariance: number, totalVariance: number): number | null {
  if (k < 2 || !(totalVariance > 1e-12 * itemVariance)) return null;
  return (k / (k - 1)) * (1 - itemVariance / totalVariance);
}

/**
 * Cronbach's α = k/(k − 1) · (1 − Σ s²ᵢ / s²ₜₒₜₐₗ). `items` are columns (one array or typed array per item,
 * one entry per respondent). `reverse` lists item indexes scored in reverse as (min + max − x), with
 * `scaleMin`/`scaleMax` the scale's possible range (e.g. 1 and 5 for a five-point Likert item).
 *
 * Everything is read off the items' covariance matrix, made in two passes over the complete cases (means,
 * then centred cross-products): the total's variance is the sum of the matrix, an item's rest score's
 * variance and its covariance with the item follow from the item's row. A million cases of ten items take
 * one pass of 55 products each, not a column per deleted item.
 */
export function cronbachAlpha(
  items: readonly ArrayLike<Maybe>[],
  options: { reverse?: readonly number[]; scaleMin?: number; scaleMax?: number } = {},
): StatResult<CronbachAlpha> {
  const k = items.length;
  if (k < 2) return statError("bad-argument", "信度分析至少需要2个题目");
  const reverse = new Set(options.reverse ?? []);
  if (reverse.size > 0 && !(Number.isFinite(options.scaleMin) && Number.isFinite(options.scaleMax))) {
    return statError("bad-argument", "反向计分需要给出量表的最小值和最大值");
  }
  const cases = at(items, 0).length;
  if (items.some((c) => c.length !== cases)) return statError("length-mismatch", MESSAGES.lengthMismatch);
  const sumEnds = (options.scaleMin ?? 0) + (options.scaleMax ?? 0);
  // Listwise: the cases with every item (missing is null, undefined or NaN; ±Infinity is bad input), copied
  // (reversed where asked) into one Float64Array per item, summed on the way.
  const values = items.map(() => new Float64Array(cases));
  const flipped = Uint8Array.from(items, (_, j) => (reverse.has(j) ? 1 : 0));
  const sums = new Float64Array(k);
  let n = 0;
  let nonFinite = false;
  for (let i = 0; i < cases; i++) {
    let whole = true;
    for (let j = 0; j < k; j++) {
      const v = at(items, j)[i];
      if (isMissing(v)) {
        whole = false;
        break;
      }
      const x = flipped[j] === 1 ? sumEnds - v : v;
      if (x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY) nonFinite = true;
      (values[j] as Float64Array)[n] = x;
    }
    if (!whole) continue;
    for (let j = 0; j < k; j++) sums[j] = (sums[j] as number) + ((values[j] as Float64Array)[n] as number);
    n++;
  }
  if (nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  if (n < 2) return statError("too-few-values", "至少需要2份完整作答");
  const means = Array.from(sums, (sum) => sum / n);
  // Centred cross-products, a block of cases at a time so that the block's items stay in the processor's
  // cache while all k(k+1)/2 pairs are multiplied (a million cases of ten items are 80 MB: read once, not
  // 55 times).
  const cov = new Float64Array(k * k);
  for (let from = 0; from < n; from += BLOCK) {
    const to = Math.min(n, from + BLOCK);
    for (let j = 0; j < k; j++) centre(values[j] as Float64Array, means[j] as number, from, to);
    for (let a = 0; a < k; a++)
      for (let b = a; b < k; b++)
        cov[a * k + b] = (cov[a * k + b] as number) + dot(at(values, a), at(values, b), from, to);
  }
  const c = (a: number, b: number) => (cov[a <= b ? a * k + b : b * k + a] as number) / (n - 1);
  const itemVars = Array.from({ length: k }, (_, j) => c(j, j));
  const sumItemVar = itemVars.reduce((s, v) => s + v, 0);
  const rowSums = Array.from({ length: k }, (_, a) => {
    let sum = 0;
    for (let b = 0; b < k; b++) sum += c(a, b);
    return sum;
  });
  const totalVar = rowSums.reduce((s, v) => s + v, 0);
  const alpha = alphaOf(k, sumItemVar, totalVar);
  if (alpha === null) return statError("zero-variance", "量表总分没有变异，无法计算信度");
  let standardizedAlpha: number | null = null;
  if (itemVars.every((v) => v > 0)) {
    let sum = 0;
    for (let a = 0; a < k; a++)
      for (let b = a + 1; b < k; b++) sum += c(a, b) / Math.sqrt(at(itemVars, a) * at(itemVars, b));
    const rBar = sum / ((k * (k - 1)) / 2);
    standardizedAlpha = (k * rBar) / (1 + (k - 1) * rBar);
  }
  const totalMean = means.reduce((s, m) => s + m, 0);
  const itemStatistics = itemVars.map((itemVar, j) => {
    // rest = total − item: var(rest) = var(total) − 2 cov(item, total) + var(item).
    const restVar = Math.max(0, totalVar - 2 * at(rowSums, j) + itemVar);
    const restCov = at(rowSums, j) - itemVar;
    const r = restVar > 1e-12 * totalVar && itemVar > 0 ? restCov / Math.sqrt(itemVar * restVar) : null;
    return {
      scaleMeanIfDeleted: totalMean - at(means, j),
      scaleVarianceIfDeleted: restVar,
      correctedItemTotal: r,
      alphaIfDeleted: alphaOf(k - 1, sumItemVar - itemVar, restVar),
    };
  });
  return { ok: true, n, items: k, alpha, standardizedAlpha, itemStatistics };
}
