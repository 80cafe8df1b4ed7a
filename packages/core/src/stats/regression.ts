// Ordinary least squares as SPSS REGRESSION (ENTER) prints it and R's lm/summary.lm. Solved by Householder QR
// on the design matrix (never the normal equations), so near-collinear predictors lose no precision.
// Cases with any missing value in y or a predictor are dropped (listwise, SPSS's default).
import { mean, variance } from "./descriptives.ts";
import { fUpperP, tTwoTailedP } from "./distributions.ts";
import { at, completeCases, type Maybe, MESSAGES, type StatResult, statError } from "./result.ts";

export interface QrFit {
  coefficients: number[];
  /** (XᵀX)⁻¹ = R⁻¹R⁻ᵀ. */
  unscaledCov: number[][];
  rss: number;
}

/** Least squares fit of y on the columns of X (n × p, n > p). Null when X is rank deficient. */
export function qrFit(X: readonly (readonly number[])[], y: readonly number[]): QrFit | null {
  const n = X.length;
  const p = at(X, 0).length;
  const A = X.map((row) => [...row]);
  const b = [...y];
  const colNorms = Array.from({ length: p }, (_, j) =>
    Math.sqrt(A.reduce((s, row) => s + at(row, j) ** 2, 0)),
  );
  for (let k = 0; k < p; k++) {
    let norm = 0;
    for (let i = k; i < n; i++) norm += at(at(A, i), k) ** 2;
    norm = Math.sqrt(norm);
    // Rank check relative to the column's own scale, like R's lm tolerance 1e-7.
    if (norm <= 1e-7 * Math.max(at(colNorms, k), Number.MIN_VALUE)) return null;
    const akk = at(at(A, k), k);
    const alpha = akk > 0 ? -norm : norm;
    const v = new Array<number>(n).fill(0);
    v[k] = akk - alpha;
    for (let i = k + 1; i < n; i++) v[i] = at(at(A, i), k);
    const vtv = v.reduce((s, x) => s + x * x, 0);
    if (vtv === 0) continue;
    for (let j = k; j < p; j++) {
      let dot = 0;
      for (let i = k; i < n; i++) dot += at(v, i) * at(at(A, i), j);
      const f = (2 * dot) / vtv;
      for (let i = k; i < n; i++) at(A, i)[j] = at(at(A, i), j) - f * at(v, i);
    }
    let dot = 0;
    for (let i = k; i < n; i++) dot += at(v, i) * at(b, i);
    const f = (2 * dot) / vtv;
    for (let i = k; i < n; i++) b[i] = at(b, i) - f * at(v, i);
  }
  // Back-substitution R β = Qᵀy.
  const beta = new Array<number>(p).fill(0);
  for (let k = p - 1; k >= 0; k--) {
    let s = at(b, k);
    for (let j = k + 1; j < p; j++) s -= at(at(A, k), j) * at(beta, j);
    beta[k] = s / at(at(A, k), k);
  }
  let rss = 0;
  for (let i = p; i < n; i++) rss += at(b, i) ** 2;
  // R⁻¹ (upper triangular), then R⁻¹R⁻ᵀ.
  const Rinv = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let j = 0; j < p; j++) {
    at(Rinv, j)[j] = 1 / at(at(A, j), j);
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let m = i + 1; m <= j; m++) s += at(at(A, i), m) * at(at(Rinv, m), j);
      at(Rinv, i)[j] = -s / at(at(A, i), i);
    }
  }
  const unscaledCov = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => {
      let s = 0;
      for (let m = Math.max(i, j); m < p; m++) s += at(at(Rinv, i), m) * at(at(Rinv, j), m);
      return s;
    }),
  );
  return { coefficients: beta, unscaledCov, rss };
}

export interface Coefficient {
  /** "intercept" (SPSS "(Constant)"), else the 0-based index of the predictor. */
  term: "intercept" | number;
  b: number;
  se: number;
  t: number;
  p: number;
  /** Standardized coefficient Beta = b · sd(x)/sd(y); null for the intercept. */
  beta: number | null;
  /** Variance inflation factor 1/(1 − R²ⱼ); null for the intercept; 1 with a single predictor. */
  vif: number | null;
}

export interface LinearRegression {
  n: number;
  coefficients: Coefficient[];
  rSquared: number;
  adjustedRSquared: number;
  /** Standard error of the estimate √(RSS/(n − p − 1)). */
  residualSe: number;
  f: number;
  dfRegression: number;
  dfResidual: number;
  p: number;
}

function rSquaredOf(X: number[][], y: number[]): number | null {
  const fit = qrFit(X, y);
  if (fit === null) return null;
  const m = mean(y);
  const tss = y.reduce((s, v) => s + (v - m) ** 2, 0);
  return 1 - fit.rss / tss;
}

/** SPSS REGRESSION /METHOD=ENTER with an intercept: coefficients table, model summary and ANOVA F. */
export function linearRegression(
  y: readonly Maybe[],
  predictors: readonly (readonly Maybe[])[],
): StatResult<LinearRegression> {
  const k = predictors.length;
  if (k < 1) return statError("bad-argument", "至少需要1个自变量");
  const cc = completeCases([y, ...predictors]);
  if (cc === null) return statError("length-mismatch", MESSAGES.lengthMismatch);
  if (cc.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const n = cc.rows.length;
  if (n < k + 2) return statError("too-few-values", `有效样本量至少需要${k + 2}个`);
  const ys = cc.rows.map((row) => at(row, 0));
  const xs = Array.from({ length: k }, (_, j) => cc.rows.map((row) => at(row, j + 1)));
  const vy = variance(ys);
  if (!(vy > 0)) return statError("zero-variance", "因变量没有变异（方差为0），无法计算");
  if (xs.some((col) => !(variance(col) > 0)))
    return statError("zero-variance", "自变量没有变异（方差为0），无法计算");
  const X = cc.rows.map((row) => [1, ...row.slice(1)]);
  const fit = qrFit(X, ys);
  if (fit === null) return statError("collinear", MESSAGES.collinear);
  const dfRes = n - k - 1;
  const sigma2 = fit.rss / dfRes;
  const tss = vy * (n - 1);
  // A perfect fit leaves no residual variance: t and F would be infinite, so say so instead.
  if (!(fit.rss > tss * 1e-14)) {
    return statError("perfect-fit", "因变量可由自变量完全预测（残差为0），无法计算检验统计量");
  }
  const r2 = 1 - fit.rss / tss;
  const f = (tss - fit.rss) / k / sigma2;
  const sdY = Math.sqrt(vy);
  const coefficients: Coefficient[] = fit.coefficients.map((b, j) => {
    const se = Math.sqrt(sigma2 * at(at(fit.unscaledCov, j), j));
    const t = b / se;
    let vif: number | null = null;
    let beta: number | null = null;
    if (j > 0) {
      const col = at(xs, j - 1);
      beta = (b * Math.sqrt(variance(col))) / sdY;
      if (k === 1) vif = 1;
      else {
        const others = cc.rows.map((row) => [1, ...row.slice(1).filter((_, m) => m !== j - 1)]);
        const r2j = rSquaredOf(others, col);
        vif = r2j === null ? null : 1 / (1 - r2j);
      }
    }
    return { term: j === 0 ? "intercept" : j - 1, b, se, t, p: tTwoTailedP(t, dfRes), beta, vif };
  });
  return {
    ok: true,
    n,
    coefficients,
    rSquared: r2,
    adjustedRSquared: 1 - ((1 - r2) * (n - 1)) / dfRes,
    residualSe: Math.sqrt(sigma2),
    f,
    dfRegression: k,
    dfResidual: dfRes,
    p: fUpperP(f, k, dfRes),
  };
}
