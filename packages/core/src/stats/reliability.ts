// Cronbach's alpha and item statistics as SPSS RELIABILITY /MODEL=ALPHA /SUMMARY=TOTAL. Cases with any missing
// item are dropped (listwise, SPSS's default for RELIABILITY).

import { pearsonOf } from "./correlation.ts";
import { variance } from "./descriptives.ts";
import { at, completeCases, type Maybe, MESSAGES, type StatResult, statError } from "./result.ts";

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

function alphaOf(cols: readonly (readonly number[])[]): number | null {
  const k = cols.length;
  if (k < 2) return null;
  const n = at(cols, 0).length;
  const totals = Array.from({ length: n }, (_, i) => cols.reduce((s, c) => s + at(c, i), 0));
  const vt = variance(totals);
  if (!(vt > 0)) return null;
  const sumItemVar = cols.reduce((s, c) => s + variance(c), 0);
  return (k / (k - 1)) * (1 - sumItemVar / vt);
}

/**
 * Cronbach's α = k/(k − 1) · (1 − Σ s²ᵢ / s²ₜₒₜₐₗ). `items` are columns (one array per item, one entry per
 * respondent). `reverse` lists item indexes scored in reverse as (min + max − x), with `scaleMin`/`scaleMax`
 * the scale's possible range (e.g. 1 and 5 for a five-point Likert item).
 */
export function cronbachAlpha(
  items: readonly (readonly Maybe[])[],
  options: { reverse?: readonly number[]; scaleMin?: number; scaleMax?: number } = {},
): StatResult<CronbachAlpha> {
  const k = items.length;
  if (k < 2) return statError("bad-argument", "信度分析至少需要2个题目");
  const reverse = new Set(options.reverse ?? []);
  if (reverse.size > 0 && !(Number.isFinite(options.scaleMin) && Number.isFinite(options.scaleMax))) {
    return statError("bad-argument", "反向计分需要给出量表的最小值和最大值");
  }
  const cc = completeCases(items);
  if (cc === null) return statError("length-mismatch", MESSAGES.lengthMismatch);
  if (cc.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const n = cc.rows.length;
  if (n < 2) return statError("too-few-values", "至少需要2份完整作答");
  const sumEnds = (options.scaleMin ?? 0) + (options.scaleMax ?? 0);
  const cols = Array.from({ length: k }, (_, j) =>
    cc.rows.map((row) => (reverse.has(j) ? sumEnds - at(row, j) : at(row, j))),
  );
  const alpha = alphaOf(cols);
  if (alpha === null) return statError("zero-variance", "量表总分没有变异，无法计算信度");
  const totals = cc.rows.map((_, i) => cols.reduce((s, c) => s + at(c, i), 0));
  const itemVars = cols.map((c) => variance(c));
  let standardizedAlpha: number | null = null;
  if (itemVars.every((v) => v > 0)) {
    let sum = 0;
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) sum += pearsonOf(at(cols, a), at(cols, b));
    const rBar = sum / ((k * (k - 1)) / 2);
    standardizedAlpha = (k * rBar) / (1 + (k - 1) * rBar);
  }
  const itemStatistics = cols.map((col, j) => {
    const rest = totals.map((t, i) => t - at(col, i));
    const restVar = variance(rest);
    const r = restVar > 0 && at(itemVars, j) > 0 ? pearsonOf(col, rest) : null;
    return {
      scaleMeanIfDeleted: rest.reduce((s, v) => s + v, 0) / n,
      scaleVarianceIfDeleted: restVar,
      correctedItemTotal: r,
      alphaIfDeleted: alphaOf(cols.filter((_, m) => m !== j)),
    };
  });
  return { ok: true, n, items: k, alpha, standardizedAlpha, itemStatistics };
}
