// t-tests as SPSS T-TEST prints them (and R's t.test). Missing values are dropped per group (independent) or
// pairwise-listwise (paired: a pair is used only when both values are present).
import { mean, variance } from "./descriptives.ts";
import { fUpperP, tQuantileAt, tTwoTailedP } from "./distributions.ts";
import { completeCases, type Maybe, MESSAGES, type StatResult, statError, validValues } from "./result.ts";

export interface TTestRow {
  t: number;
  df: number;
  p: number;
  meanDifference: number;
  seDifference: number;
  ciLower: number;
  ciUpper: number;
}

export interface IndependentTTest {
  n1: number;
  n2: number;
  mean1: number;
  mean2: number;
  sd1: number;
  sd2: number;
  /** Levene's test on absolute deviations from the group means (SPSS; R's car::leveneTest center = mean). */
  levene: { f: number; df1: number; df2: number; p: number } | null;
  /** "Equal variances assumed": pooled-variance Student t. */
  student: TTestRow;
  /** "Equal variances not assumed": Welch t with Welch–Satterthwaite df, as R's t.test. */
  welch: TTestRow;
}

function row(diff: number, se: number, df: number): TTestRow {
  const t = diff / se;
  const crit = tQuantileAt(0.975, df);
  return {
    t,
    df,
    p: tTwoTailedP(t, df),
    meanDifference: diff,
    seDifference: se,
    ciLower: diff - crit * se,
    ciUpper: diff + crit * se,
  };
}

/**
 * Levene's test for equality of variances based on means (SPSS's only option in T-TEST and ONEWAY): a one-way
 * ANOVA F on |x − group mean|. Returns null when the deviations have no within-group variance.
 */
export function leveneTest(
  groups: readonly (readonly number[])[],
): { f: number; df1: number; df2: number; p: number } | null {
  // Two passes over each group and no copies: the mean deviations, then their spread (a million answers
  // are read twice, not copied twice).
  const means = groups.map((g) => mean(g));
  const deviationMeans = groups.map((g, j) => {
    const m = means[j] as number;
    let sum = 0;
    for (const x of g) sum += Math.abs(x - m);
    return sum / g.length;
  });
  let total = 0;
  let grand = 0;
  groups.forEach((g, j) => {
    total += g.length;
    grand += (deviationMeans[j] as number) * g.length;
  });
  grand /= total;
  let ssb = 0;
  let ssw = 0;
  groups.forEach((g, j) => {
    const m = means[j] as number;
    const d = deviationMeans[j] as number;
    ssb += g.length * (d - grand) ** 2;
    for (const x of g) ssw += (Math.abs(x - m) - d) ** 2;
  });
  const df1 = groups.length - 1;
  const df2 = total - groups.length;
  if (!(ssw > 0)) return null;
  const f = ssb / df1 / (ssw / df2);
  return { f, df1, df2, p: fUpperP(f, df1, df2) };
}

/** SPSS Independent-Samples T Test: Levene, Student (pooled) and Welch rows. Difference is group1 − group2. */
export function independentTTest(
  group1: readonly Maybe[],
  group2: readonly Maybe[],
): StatResult<IndependentTTest> {
  const a = validValues(group1);
  const b = validValues(group2);
  if (a.nonFinite || b.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const x = a.values;
  const y = b.values;
  if (x.length < 2 || y.length < 2) return statError("too-few-values", MESSAGES.groupTooFew);
  const n1 = x.length;
  const n2 = y.length;
  const m1 = mean(x);
  const m2 = mean(y);
  const v1 = variance(x);
  const v2 = variance(y);
  if (!(v1 > 0 || v2 > 0)) return statError("zero-variance", MESSAGES.zeroVariance);
  const diff = m1 - m2;
  const pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / (n1 + n2 - 2);
  const student = row(diff, Math.sqrt(pooled * (1 / n1 + 1 / n2)), n1 + n2 - 2);
  const s1 = v1 / n1;
  const s2 = v2 / n2;
  const welchDf = (s1 + s2) ** 2 / (s1 ** 2 / (n1 - 1) + s2 ** 2 / (n2 - 1));
  const welch = row(diff, Math.sqrt(s1 + s2), welchDf);
  return {
    ok: true,
    n1,
    n2,
    mean1: m1,
    mean2: m2,
    sd1: Math.sqrt(v1),
    sd2: Math.sqrt(v2),
    levene: leveneTest([x, y]),
    student,
    welch,
  };
}

export interface PairedTTest extends TTestRow {
  n: number;
  /** Pearson correlation of the pairs (SPSS "Paired Samples Correlations"); null if a side is constant. */
  correlation: number | null;
  sdDifference: number;
}

/** SPSS Paired-Samples T Test on before − after; a pair is used only when both values are present. */
export function pairedTTest(before: readonly Maybe[], after: readonly Maybe[]): StatResult<PairedTTest> {
  const cc = completeCases([before, after]);
  if (cc === null) return statError("length-mismatch", MESSAGES.lengthMismatch);
  if (cc.nonFinite) return statError("non-finite", MESSAGES.nonFinite);
  const n = cc.rows.length;
  if (n < 2) return statError("too-few-values", "至少需要2对有效值");
  const xs = cc.rows.map((r) => r[0] as number);
  const ys = cc.rows.map((r) => r[1] as number);
  const d = cc.rows.map((r) => (r[0] as number) - (r[1] as number));
  const vd = variance(d);
  if (!(vd > 0)) return statError("zero-variance", "配对差值没有变异，无法计算");
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const correlation = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
  return {
    ok: true,
    n,
    correlation,
    sdDifference: Math.sqrt(vd),
    ...row(mean(d), Math.sqrt(vd / n), n - 1),
  };
}
