// Pearson and Spearman correlations as SPSS CORRELATIONS / NONPAR CORR: two-tailed p from
// t = r √((n − 2)/(1 − r²)) with n − 2 df. A pair of values is used only when both are present.
import { tTwoTailedP } from "./distributions.ts";
import { rankWithTies } from "./nonparametric.ts";
import {
  at,
  completeCases,
  type Maybe,
  MESSAGES,
  type StatResult,
  statError,
  validValues,
} from "./result.ts";

export interface Correlation {
  r: number;
  n: number;
  /** Two-tailed p; 0 when |r| = 1. */
  p: number;
}

export function pearsonOf(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += at(xs, i);
    my += at(ys, i);
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = at(xs, i) - mx;
    const dy = at(ys, i) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

function correlate(
  x: readonly Maybe[],
  y: readonly Maybe[],
  transform: (v: number[]) => number[],
): StatResult<Correlation> {
  const cc = completeCases([x, y]);
  if (cc === null) return statError("length-mismatch", MESSAGES.lengthMismatch);
  if (cc.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const n = cc.rows.length;
  if (n < 3) return statError("too-few-values", "至少需要3对有效值");
  const xs = transform(cc.rows.map((row) => at(row, 0)));
  const ys = transform(cc.rows.map((row) => at(row, 1)));
  const r = pearsonOf(xs, ys);
  if (!Number.isFinite(r)) return statError("zero-variance", MESSAGES.zeroVariance);
  const clipped = Math.max(-1, Math.min(1, r));
  const p =
    Math.abs(clipped) >= 1 ? 0 : tTwoTailedP(clipped * Math.sqrt((n - 2) / (1 - clipped ** 2)), n - 2);
  return { ok: true, r: clipped, n, p };
}

/** Pearson product-moment r (SPSS CORRELATIONS, R's cor.test). */
export function pearson(x: readonly Maybe[], y: readonly Maybe[]): StatResult<Correlation> {
  return correlate(x, y, (v) => v);
}

/** Spearman's rho: Pearson r of average ranks; p by the t approximation as SPSS (R's cor.test exact = FALSE). */
export function spearman(x: readonly Maybe[], y: readonly Maybe[]): StatResult<Correlation> {
  return correlate(x, y, (v) => rankWithTies(v).ranks);
}

/**
 * Correlation matrix with SPSS's default pairwise deletion: each cell uses the cases where both variables are
 * present. Diagonal cells are r = 1; a cell that cannot be computed holds its typed error.
 */
export function correlationMatrix(
  columns: readonly (readonly Maybe[])[],
  method: "pearson" | "spearman" = "pearson",
): StatResult<Correlation>[][] {
  const fn = method === "pearson" ? pearson : spearman;
  return columns.map((a, i) =>
    columns.map((b, j) => {
      if (i !== j) return fn(a, b);
      const { values, nonFinite } = validValues(a);
      if (nonFinite) return statError("non-finite", MESSAGES.nonFinite);
      return { ok: true as const, r: 1, n: values.length, p: 0 };
    }),
  );
}
