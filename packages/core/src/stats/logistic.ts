// Binary logistic regression as SPSS LOGISTIC REGRESSION /METHOD=ENTER prints it (and R's glm(family = binomial)):
// maximum likelihood by Newton–Raphson (iteratively reweighted least squares, each step a weighted least-squares
// fit by core's QR), Wald tests, Exp(B) with 95 % intervals, −2 log likelihood, the omnibus χ² against the
// constant-only model, Cox & Snell and Nagelkerke R², and the classification table at a cut of 0.5. Cases with
// any missing value are dropped (listwise).
import { chiSquareUpperP, normalQuantileAt } from "./distributions.ts";
import { qrFit } from "./regression.ts";
import { at, completeCases, type Maybe, MESSAGES, type StatResult, statError } from "./result.ts";

export interface LogisticCoefficient {
  /** "intercept" (SPSS "Constant"), else the 0-based index of the predictor. */
  term: "intercept" | number;
  b: number;
  se: number;
  /** Wald χ² = (B / SE)², 1 df. */
  wald: number;
  p: number;
  expB: number;
  /** 95 % interval of Exp(B): exp(B ± 1.96 SE). */
  expLower: number;
  expUpper: number;
}

export interface LogisticRegression {
  n: number;
  /** Cases with y = 1. */
  events: number;
  coefficients: LogisticCoefficient[];
  minus2LogLikelihood: number;
  /** −2LL of the constant-only model. */
  nullMinus2LogLikelihood: number;
  /** Omnibus test of the model: χ² = the drop in −2LL, df = predictors. */
  modelChiSquare: number;
  modelDf: number;
  modelP: number;
  coxSnellR2: number;
  nagelkerkeR2: number;
  iterations: number;
  /** Cases by observed (rows 0, 1) and predicted at p ≥ 0.5 (columns 0, 1). */
  classification: [[number, number], [number, number]];
  /** Share of cases predicted right, 0–100. */
  percentCorrect: number;
}

const MAX_ITERATIONS = 25;
const TOLERANCE = 1e-10;

function logLikelihood(y: readonly number[], eta: readonly number[]): number {
  let ll = 0;
  for (let i = 0; i < y.length; i++) {
    const e = at(eta, i);
    // log(1 + e^η) without overflow.
    const softplus = e > 0 ? e + Math.log1p(Math.exp(-e)) : Math.log1p(Math.exp(e));
    ll += at(y, i) * e - softplus;
  }
  return ll;
}

/**
 * `y` is 0 or 1 per case (the caller codes the higher of two categories as 1, as SPSS does); `predictors` are
 * numeric columns. Perfect separation (a predictor that splits the outcomes exactly) has no finite estimate and
 * is said so rather than printed as huge coefficients.
 */
export function logisticRegression(
  y: readonly Maybe[],
  predictors: readonly (readonly Maybe[])[],
): StatResult<LogisticRegression> {
  const k = predictors.length;
  if (k < 1) return statError("bad-argument", "至少需要1个自变量");
  const cc = completeCases([y, ...predictors]);
  if (cc === null) return statError("length-mismatch", MESSAGES.lengthMismatch);
  if (cc.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const ys = cc.rows.map((row) => at(row, 0));
  if (ys.some((v) => v !== 0 && v !== 1)) return statError("bad-argument", "因变量须为两类（编码为0和1）");
  const n = ys.length;
  const events = ys.reduce((s, v) => s + v, 0);
  if (n < k + 2) return statError("too-few-values", `有效样本量至少需要${k + 2}个`);
  if (events === 0 || events === n) return statError("zero-variance", "因变量只有一类，无法做Logistic回归");
  const X = cc.rows.map((row) => [1, ...row.slice(1)]);
  const p = k + 1;
  let beta = new Array<number>(p).fill(0);
  // Start from the constant-only estimate, as SPSS's first step does.
  beta[0] = Math.log(events / (n - events));
  const etaOf = (b: readonly number[]) => X.map((row) => row.reduce((s, x, j) => s + x * at(b, j), 0));
  let eta = etaOf(beta);
  let ll = logLikelihood(ys, eta);
  let iterations = 0;
  let cov: number[][] = [];
  for (;;) {
    iterations++;
    const mu = eta.map((e) => 1 / (1 + Math.exp(-e)));
    const w = mu.map((m) => Math.max(m * (1 - m), 1e-300));
    // Weighted least squares of the working response z = η + (y − μ)/w on X, rows scaled by √w.
    const rows = X.map((row, i) => row.map((x) => x * Math.sqrt(at(w, i))));
    const z = eta.map((e, i) => (e + (at(ys, i) - at(mu, i)) / at(w, i)) * Math.sqrt(at(w, i)));
    const fit = qrFit(rows, z);
    if (fit === null) return statError("collinear", MESSAGES.collinear);
    const next = fit.coefficients;
    const nextEta = etaOf(next);
    const nextLl = logLikelihood(ys, nextEta);
    const change = Math.max(...next.map((b, j) => Math.abs(b - at(beta, j)) / (Math.abs(b) + 1e-3)));
    beta = next;
    eta = nextEta;
    const settled = Math.abs(nextLl - ll) < TOLERANCE * (Math.abs(nextLl) + 1) && change < 1e-8;
    ll = nextLl;
    if (settled || iterations >= MAX_ITERATIONS) {
      // The information matrix at the estimate: (XᵀWX)⁻¹ from a last weighted fit.
      const muHat = eta.map((e) => 1 / (1 + Math.exp(-e)));
      const scaled = X.map((row, i) => {
        const s = Math.sqrt(Math.max(at(muHat, i) * (1 - at(muHat, i)), 1e-300));
        return row.map((x) => x * s);
      });
      const last = qrFit(
        scaled,
        scaled.map(() => 0),
      );
      if (last === null) return statError("collinear", MESSAGES.collinear);
      cov = last.unscaledCov;
      break;
    }
  }
  const fitted = eta.map((e) => 1 / (1 + Math.exp(-e)));
  // Separation: the fitted probabilities reach 0 or 1 and the estimates keep growing.
  const separated = fitted.every((m, i) => Math.abs(m - at(ys, i)) < 1e-6) || iterations >= MAX_ITERATIONS;
  if (separated)
    return statError(
      "perfect-fit",
      "自变量可完全区分因变量的两类（完全分离），最大似然估计不存在，无法做Logistic回归",
    );
  const z975 = normalQuantileAt(0.975);
  const coefficients = beta.map((b, j): LogisticCoefficient => {
    const se = Math.sqrt(at(at(cov, j), j));
    const wald = (b / se) ** 2;
    return {
      term: j === 0 ? "intercept" : j - 1,
      b,
      se,
      wald,
      p: chiSquareUpperP(wald, 1),
      expB: Math.exp(b),
      expLower: Math.exp(b - z975 * se),
      expUpper: Math.exp(b + z975 * se),
    };
  });
  const nullLl = events * Math.log(events / n) + (n - events) * Math.log((n - events) / n);
  const modelChiSquare = 2 * (ll - nullLl);
  const coxSnellR2 = 1 - Math.exp((2 * (nullLl - ll)) / n);
  const maxR2 = 1 - Math.exp((2 * nullLl) / n);
  const classification: [[number, number], [number, number]] = [
    [0, 0],
    [0, 0],
  ];
  fitted.forEach((m, i) => {
    const observed = at(ys, i) as 0 | 1;
    classification[observed][m >= 0.5 ? 1 : 0] += 1;
  });
  return {
    ok: true,
    n,
    events,
    coefficients,
    minus2LogLikelihood: -2 * ll,
    nullMinus2LogLikelihood: -2 * nullLl,
    modelChiSquare,
    modelDf: k,
    modelP: chiSquareUpperP(modelChiSquare, k),
    coxSnellR2,
    nagelkerkeR2: coxSnellR2 / maxR2,
    iterations,
    classification,
    percentCorrect: ((classification[0][0] + classification[1][1]) / n) * 100,
  };
}
