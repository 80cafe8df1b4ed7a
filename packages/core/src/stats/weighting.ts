// Sample weighting by raking (iterative proportional fitting) to known marginal distributions, as
// Deming & Stephan (1940), "On a least squares adjustment of a sampled frequency table when the expected
// marginal totals are known", Ann. Math. Statist. 11; the same algorithm as R's survey::rake and anesrake.
import { at, MESSAGES, type StatResult, statError } from "./result.ts";

export interface RakingResult {
  /** One weight per case, in input order, normalised to mean 1 (they sum to the number of cases). */
  weights: number[];
  /** Full passes over the margins (0 when the sample already matches every target). */
  iterations: number;
  /** Whether every weighted margin came within `tolerance` of its target. */
  converged: boolean;
  /** Kish's efficiency (Σw)² / (n Σw²), 0–1: the effective sample size over n (Kish 1965, Survey Sampling). */
  efficiency: number;
  min: number;
  max: number;
}

export interface RakingOptions {
  /** Passes over all margins before giving up (default 100). */
  maxIterations?: number | undefined;
  /** Largest allowed |weighted share − target| on any category of any margin (default 1e-6). */
  tolerance?: number | undefined;
  /** Names used in error messages: variables[m] for margin m, categories[m][c] for its category c ("" = unnamed). */
  labels?: { variables?: readonly string[]; categories?: readonly (readonly string[])[] } | undefined;
}

/**
 * Rake `cases` to `targets`. cases[i][m] is case i's category index (0-based) on margin m; targets[m][c] is the
 * target proportion of category c on margin m (each margin sums to 1). Starting from weight 1, each pass
 * multiplies the weights of every category of each margin in turn by target share / current weighted share
 * (Deming–Stephan IPF); the fitted weights are the product of one factor per margin category, so a 2×2
 * sample keeps its cross-product ratio (Bishop, Fienberg & Holland 1975, Discrete Multivariate Analysis §3.5).
 * A category with target 0 gets weight 0.
 */
export function rake(
  cases: readonly (readonly number[])[],
  targets: readonly (readonly number[])[],
  options: RakingOptions = {},
): StatResult<RakingResult> {
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-6;
  if (!(Number.isInteger(maxIterations) && maxIterations >= 1) || !(tolerance > 0)) {
    return statError("bad-argument", "加权的迭代次数或收敛精度设置无效");
  }
  const margins = targets.length;
  if (margins < 1) return statError("bad-argument", "至少需要1个加权变量");
  const n = cases.length;
  if (n < 1) return statError("too-few-values", "没有可加权的样本");
  const variableName = (m: number) => {
    const label = options.labels?.variables?.[m];
    return label ? `「${label}」` : `第${m + 1}个变量`;
  };
  const categoryName = (m: number, c: number) => {
    const label = options.labels?.categories?.[m]?.[c];
    return label ? `「${label}」` : `第${c + 1}类`;
  };

  for (let m = 0; m < margins; m++) {
    const t = at(targets, m);
    if (t.length < 1 || t.some((v) => !Number.isFinite(v) || v < 0)) {
      return statError("bad-argument", `${variableName(m)}的目标比例须为非负数`);
    }
    const sum = t.reduce((s, v) => s + v, 0);
    if (Math.abs(sum - 1) > 1e-6)
      return statError("bad-argument", `${variableName(m)}的${MESSAGES.targetSum}`);
  }
  // Category of each case per margin, checked, as flat arrays for the passes below.
  const codes = Array.from({ length: margins }, () => new Int32Array(n));
  for (let i = 0; i < n; i++) {
    const row = at(cases, i);
    if (row.length !== margins) return statError("length-mismatch", MESSAGES.lengthMismatch);
    for (let m = 0; m < margins; m++) {
      const c = at(row, m);
      if (!(Number.isInteger(c) && c >= 0 && c < at(targets, m).length)) {
        return statError("bad-argument", `${variableName(m)}有不在目标类别中的取值`);
      }
      at(codes, m)[i] = c;
    }
  }
  for (let m = 0; m < margins; m++) {
    const counts = at(targets, m).map(() => 0);
    const code = at(codes, m);
    for (let i = 0; i < n; i++) {
      const c = code[i] as number;
      counts[c] = (counts[c] as number) + 1;
    }
    const empty = at(targets, m).findIndex((v, c) => v > 0 && at(counts, c) === 0);
    if (empty >= 0) {
      return statError(
        "too-few-values",
        `${variableName(m)}的${categoryName(m, empty)}没有样本，无法按目标比例加权`,
      );
    }
  }

  const weights = new Float64Array(n).fill(1);
  /** Weighted share of each category of margin m. */
  const shares = (m: number): number[] => {
    const totals = at(targets, m).map(() => 0);
    const code = at(codes, m);
    let all = 0;
    for (let i = 0; i < n; i++) {
      const c = code[i] as number;
      const w = weights[i] as number;
      totals[c] = (totals[c] as number) + w;
      all += w;
    }
    return totals.map((v) => (all > 0 ? v / all : 0));
  };
  const largestGap = (): number => {
    let gap = 0;
    for (let m = 0; m < margins; m++) {
      const s = shares(m);
      at(targets, m).forEach((t, c) => {
        gap = Math.max(gap, Math.abs(at(s, c) - t));
      });
    }
    return gap;
  };

  let iterations = 0;
  let converged = largestGap() < tolerance;
  while (!converged && iterations < maxIterations) {
    for (let m = 0; m < margins; m++) {
      const s = shares(m);
      // A category the other margins' zero targets have emptied can never reach its share.
      if (at(targets, m).some((t, c) => t > 0 && !(at(s, c) > 0))) {
        return statError("bad-argument", MESSAGES.targetsConflict);
      }
      const factor = at(targets, m).map((t, c) => (at(s, c) > 0 ? t / at(s, c) : 0));
      const code = at(codes, m);
      for (let i = 0; i < n; i++) weights[i] = (weights[i] as number) * at(factor, code[i] as number);
    }
    iterations++;
    converged = largestGap() < tolerance;
  }

  const total = weights.reduce((s, w) => s + w, 0);
  const normalised = Array.from(weights, (w) => (w * n) / total);
  let sumSquares = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const w of normalised) {
    sumSquares += w * w;
    if (w < min) min = w;
    if (w > max) max = w;
  }
  return {
    ok: true,
    weights: normalised,
    iterations,
    converged,
    efficiency: (n * n) / (n * sumSquares),
    min,
    max,
  };
}
