// Exploratory factor analysis as SPSS/PSPP FACTOR /EXTRACTION=PC /ROTATION=VARIMAX /PRINT=KMO: principal
// components of the correlation matrix, the Kaiser-Meyer-Olkin measure, Bartlett's test of sphericity and a
// varimax rotation with Kaiser normalisation. Cases with any missing variable are dropped (listwise, SPSS's
// default). Every matrix quantity comes from one eigen-decomposition of the correlation matrix R.
import { mean } from "./descriptives.ts";
import { chiSquareUpperP } from "./distributions.ts";
import { at, completeCases, type Maybe, MESSAGES, type StatResult, statError } from "./result.ts";

export interface FactorAnalysis {
  /** Complete cases (listwise). */
  n: number;
  /** Kaiser-Meyer-Olkin overall MSA; null when R is singular (or has no correlation at all). */
  kmo: number | null;
  /** Each variable's MSA (SPSS: the diagonal of the anti-image correlation matrix); null when R is singular. */
  kmoPerVariable: (number | null)[];
  /** Bartlett's test of sphericity; null when R is singular. */
  bartlett: { chiSquare: number; df: number; p: number } | null;
  /** All eigenvalues of R, descending (round-off below 0 reads 0). */
  eigenvalues: number[];
  /** Percent of the total variance (the number of variables) per component, and cumulative. */
  varianceExplained: number[];
  cumulative: number[];
  /** Components retained: options.factors, else those with eigenvalue > 1 (at least 1). */
  factors: number;
  /**
   * Unrotated principal-component loadings [variable][factor] = eigenvector · √eigenvalue. Sign convention:
   * each column is reflected so that its entry of largest absolute value is positive.
   */
  loadings: number[][];
  /**
   * Varimax-rotated loadings [variable][factor] with Kaiser normalisation (as SPSS/PSPP), factors in the order
   * the rotation leaves them (as SPSS/PSPP), same sign convention as `loadings`; null when factors = 1.
   */
  rotated: number[][] | null;
  /** Percent of the total variance per rotated factor (SPSS "Rotation Sums of Squared Loadings"). */
  rotatedVariance: number[] | null;
  /** Extraction communalities: Σ loadings² over the retained factors (unchanged by the rotation). */
  communalities: number[];
}

/** A symmetric matrix's eigenvalues (descending) and unit eigenvectors as columns: vectors[i][j] = vⱼ[i]. */
export interface SymmetricEigen {
  values: number[];
  vectors: number[][];
}

function cell(m: readonly (readonly number[])[], i: number, j: number): number {
  return at(at(m, i), j);
}

/**
 * Cyclic Jacobi eigenvalue algorithm (Golub & Van Loan, Matrix Computations, 4th ed., §8.5.2–8.5.3: sym.schur2
 * and the cyclic-by-row sweep). Each rotation J(p, q, θ) zeroes a_pq with t = sign(τ)/(|τ| + √(1 + τ²)),
 * τ = (a_qq − a_pp)/(2 a_pq), c = 1/√(1 + t²), s = t c; A ← JᵀAJ and V ← VJ. Sweeps stop when the off-diagonal
 * Frobenius norm is below 1e-15 of the whole norm (Jacobi converges quadratically: a handful of sweeps).
 */
export function symmetricEigen(matrix: readonly (readonly number[])[]): SymmetricEigen {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j): number => (i === j ? 1 : 0)),
  );
  let norm = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) norm += cell(a, i, j) ** 2;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) off += cell(a, i, j) ** 2;
    if (off <= 1e-30 * norm) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = cell(a, p, q);
        if (apq === 0) continue;
        // Numerical Recipes' rule (Press et al., §11.1): after a few sweeps an element too small to change
        // either diagonal entry is set to zero, so the sweeps end even where round-off keeps off > 0.
        const g = 100 * Math.abs(apq);
        const app = Math.abs(cell(a, p, p));
        const aqq = Math.abs(cell(a, q, q));
        if (sweep > 3 && app + g === app && aqq + g === aqq) {
          at(a, p)[q] = 0;
          at(a, q)[p] = 0;
          continue;
        }
        const tau = (cell(a, q, q) - cell(a, p, p)) / (2 * apq);
        const t = (tau >= 0 ? 1 : -1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
        const c = 1 / Math.sqrt(1 + t * t);
        const s = t * c;
        const rowP = at(a, p);
        const rowQ = at(a, q);
        // A ← A J (columns p and q), then A ← Jᵀ A (rows p and q).
        for (const row of a) {
          const akp = at(row, p);
          const akq = at(row, q);
          row[p] = c * akp - s * akq;
          row[q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = at(rowP, k);
          const aqk = at(rowQ, k);
          rowP[k] = c * apk - s * aqk;
          rowQ[k] = s * apk + c * aqk;
        }
        rowP[q] = 0;
        rowQ[p] = 0;
        for (const row of v) {
          const vkp = at(row, p);
          const vkq = at(row, q);
          row[p] = c * vkp - s * vkq;
          row[q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => cell(a, y, y) - cell(a, x, x));
  return {
    values: order.map((j) => cell(a, j, j)),
    vectors: v.map((row) => order.map((j) => at(row, j))),
  };
}

/** Reflect each column so that its entry of largest absolute value is positive (the first, on a tie). */
function orientColumns(m: number[][]): number[][] {
  const k = m[0]?.length ?? 0;
  const sign = Array.from({ length: k }, (_, j) => {
    let best = 0;
    for (const row of m) if (Math.abs(at(row, j)) > Math.abs(best)) best = at(row, j);
    return best < 0 ? -1 : 1;
  });
  return m.map((row) => row.map((x, j) => (at(sign, j) * x === 0 ? 0 : at(sign, j) * x)));
}

/**
 * Varimax rotation (Kaiser 1958, "The varimax criterion for analytic rotation in factor analysis",
 * Psychometrika 23) with Kaiser normalisation, as SPSS and PSPP FACTOR: rows are divided by √communality,
 * each pair of factors (j, l) is rotated by φ with tan 4φ = (D − 2AB/p) / (C − (A² − B²)/p), where
 * u = x_j² − x_l², v = 2 x_j x_l, A = Σu, B = Σv, C = Σ(u² − v²), D = 2Σuv, and sweeps repeat until no
 * angle exceeds 1e-12 (SPSS stops earlier, after 25 iterations or a small change of the criterion, so it can
 * differ in the fifth decimal). Rows are multiplied back by √communality.
 */
export function varimax(loadings: readonly (readonly number[])[]): number[][] {
  const p = loadings.length;
  const k = loadings[0]?.length ?? 0;
  const h = loadings.map((row) => {
    const c = Math.sqrt(row.reduce((s, x) => s + x * x, 0));
    return c > 1e-12 ? c : 1;
  });
  const x = loadings.map((row, i) => row.map((v) => v / at(h, i)));
  for (let sweep = 0; sweep < 1000; sweep++) {
    let largest = 0;
    for (let j = 0; j < k - 1; j++) {
      for (let l = j + 1; l < k; l++) {
        let A = 0;
        let B = 0;
        let C = 0;
        let D = 0;
        for (const row of x) {
          const a = at(row, j);
          const b = at(row, l);
          const u = a * a - b * b;
          const v = 2 * a * b;
          A += u;
          B += v;
          C += u * u - v * v;
          D += 2 * u * v;
        }
        const phi = Math.atan2(D - (2 * A * B) / p, C - (A * A - B * B) / p) / 4;
        if (Math.abs(phi) > largest) largest = Math.abs(phi);
        if (phi === 0) continue;
        const c = Math.cos(phi);
        const s = Math.sin(phi);
        for (const row of x) {
          const a = at(row, j);
          const b = at(row, l);
          row[j] = a * c + b * s;
          row[l] = -a * s + b * c;
        }
      }
    }
    if (largest < 1e-12) break;
  }
  return x.map((row, i) => row.map((v) => v * at(h, i)));
}

/** Raw varimax criterion Σⱼ [p Σᵢ x⁴ᵢⱼ − (Σᵢ x²ᵢⱼ)²] / p² on Kaiser-normalised rows (what the rotation maximises). */
export function varimaxCriterion(loadings: readonly (readonly number[])[]): number {
  const p = loadings.length;
  const k = loadings[0]?.length ?? 0;
  const rows = loadings.map((row) => {
    const c = Math.sqrt(row.reduce((s, x) => s + x * x, 0));
    return row.map((v) => (c > 1e-12 ? v / c : v));
  });
  let total = 0;
  for (let j = 0; j < k; j++) {
    let s2 = 0;
    let s4 = 0;
    for (const row of rows) {
      const sq = at(row, j) ** 2;
      s2 += sq;
      s4 += sq * sq;
    }
    total += (p * s4 - s2 * s2) / (p * p);
  }
  return total;
}

/**
 * Principal-component factor analysis of `columns` (one array per variable, missing = null), as SPSS/PSPP
 * FACTOR /EXTRACTION=PC /ROTATION=VARIMAX /PRINT=INITIAL EXTRACTION ROTATION KMO.
 *
 * - KMO (Kaiser 1970; Kaiser & Rice 1974): with partial correlations qᵢⱼ = −R⁻¹ᵢⱼ/√(R⁻¹ᵢᵢ R⁻¹ⱼⱼ),
 *   KMO = Σᵢ≠ⱼ r²ᵢⱼ / (Σᵢ≠ⱼ r²ᵢⱼ + Σᵢ≠ⱼ q²ᵢⱼ); a variable's MSA sums over its own row only.
 * - Bartlett (1950, 1951): χ² = −(n − 1 − (2p + 5)/6) ln|R| with p(p − 1)/2 df.
 * - R counts as singular when its smallest eigenvalue is below 1e-10 of the largest; KMO and Bartlett are
 *   then null (SPSS prints nothing for them either), the components are still computed.
 */
export function factorAnalysis(
  columns: readonly (readonly Maybe[])[],
  options: { factors?: number | undefined } = {},
): StatResult<FactorAnalysis> {
  const p = columns.length;
  if (p < 2) return statError("bad-argument", MESSAGES.factorTooFewVariables);
  const cc = completeCases(columns);
  if (cc === null) return statError("length-mismatch", MESSAGES.lengthMismatch);
  if (cc.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const n = cc.rows.length;
  if (n <= p) return statError("too-few-values", `完整作答的样本量须多于变量个数（至少需要${p + 1}份）`);
  const requested = options.factors;
  if (requested !== undefined && !(Number.isInteger(requested) && requested >= 1 && requested <= p)) {
    return statError("bad-argument", `因子个数须为1到${p}之间的整数`);
  }

  // Standardised columns (divisor n − 1), then R = ZᵀZ/(n − 1).
  const z: number[][] = [];
  for (let j = 0; j < p; j++) {
    const col = cc.rows.map((row) => at(row, j));
    const m = mean(col);
    const ss = col.reduce((s, v) => s + (v - m) ** 2, 0);
    const sd = Math.sqrt(ss / (n - 1));
    if (!(sd > 0) || ss <= 1e-24 * col.reduce((s, v) => s + v * v, 0)) {
      return statError("zero-variance", `第${j + 1}个变量没有变异（方差为0），无法进行因子分析`);
    }
    z.push(col.map((v) => (v - m) / sd));
  }
  const corr = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => {
      if (i === j) return 1;
      const zi = at(z, i);
      const zj = at(z, j);
      let s = 0;
      for (let r = 0; r < n; r++) s += at(zi, r) * at(zj, r);
      return Math.max(-1, Math.min(1, s / (n - 1)));
    }),
  );

  const eig = symmetricEigen(corr);
  const eigenvalues = eig.values.map((l) => Math.max(0, l));
  const largest = at(eigenvalues, 0);
  const singular = !(at(eigenvalues, p - 1) > 1e-10 * largest);

  let kmo: number | null = null;
  let kmoPerVariable: (number | null)[] = Array.from({ length: p }, () => null);
  let bartlett: FactorAnalysis["bartlett"] = null;
  if (!singular) {
    // R⁻¹ = V diag(1/λ) Vᵀ; ln|R| = Σ ln λ.
    const inv = Array.from({ length: p }, (_, i) =>
      Array.from({ length: p }, (_, j) => {
        let s = 0;
        for (let m = 0; m < p; m++)
          s += (cell(eig.vectors, i, m) * cell(eig.vectors, j, m)) / at(eigenvalues, m);
        return s;
      }),
    );
    let r2All = 0;
    let q2All = 0;
    kmoPerVariable = Array.from({ length: p }, (_, i) => {
      let r2 = 0;
      let q2 = 0;
      for (let j = 0; j < p; j++) {
        if (i === j) continue;
        r2 += cell(corr, i, j) ** 2;
        q2 += cell(inv, i, j) ** 2 / (cell(inv, i, i) * cell(inv, j, j));
      }
      r2All += r2;
      q2All += q2;
      return r2 + q2 > 0 ? r2 / (r2 + q2) : null;
    });
    kmo = r2All + q2All > 0 ? r2All / (r2All + q2All) : null;
    const logDet = eigenvalues.reduce((s, l) => s + Math.log(l), 0);
    const chiSquare = Math.max(0, -(n - 1 - (2 * p + 5) / 6) * logDet);
    const df = (p * (p - 1)) / 2;
    bartlett = { chiSquare, df, p: chiSquareUpperP(chiSquare, df) };
  }

  const varianceExplained = eigenvalues.map((l) => (l / p) * 100);
  let running = 0;
  const cumulative = varianceExplained.map((v) => {
    running += v;
    return running;
  });
  const factors = requested ?? Math.max(1, eigenvalues.filter((l) => l > 1).length);
  const loadings = orientColumns(
    eig.vectors.map((row) =>
      Array.from({ length: factors }, (_, j) => at(row, j) * Math.sqrt(at(eigenvalues, j))),
    ),
  );
  const communalities = loadings.map((row) => row.reduce((s, x) => s + x * x, 0));
  let rotated: number[][] | null = null;
  let rotatedVariance: number[] | null = null;
  if (factors > 1) {
    const rot = orientColumns(varimax(loadings));
    rotated = rot;
    rotatedVariance = Array.from(
      { length: factors },
      (_, j) => (rot.reduce((s, row) => s + at(row, j) ** 2, 0) / p) * 100,
    );
  }
  return {
    ok: true,
    n,
    kmo,
    kmoPerVariable,
    bartlett,
    eigenvalues,
    varianceExplained,
    cumulative,
    factors,
    loadings,
    rotated,
    rotatedVariance,
    communalities,
  };
}
