// One-way ANOVA with Tukey HSD and Bonferroni post-hoc tests, as SPSS ONEWAY (and R's aov/TukeyHSD).
// Each group's missing values are dropped.
import { mean } from "./descriptives.ts";
import {
  fUpperP,
  studentizedRangeCdf,
  studentizedRangeQuantile,
  tQuantileAt,
  tTwoTailedP,
} from "./distributions.ts";
import { at, type Maybe, MESSAGES, presentValues, type StatResult, statError } from "./result.ts";
import { leveneTest } from "./t-tests.ts";

export interface PostHocRow {
  /** Group indexes; difference is mean[i] − mean[j]. */
  i: number;
  j: number;
  meanDifference: number;
  /** SPSS "Std. Error" = √(MSE (1/ni + 1/nj)). */
  se: number;
  p: number;
  ciLower: number;
  ciUpper: number;
}

export interface OneWayAnova {
  groupN: number[];
  groupMeans: number[];
  ssBetween: number;
  ssWithin: number;
  ssTotal: number;
  dfBetween: number;
  dfWithin: number;
  msBetween: number;
  msWithin: number;
  f: number;
  p: number;
  /** η² = SS between / SS total. */
  etaSquared: number;
  levene: { f: number; df1: number; df2: number; p: number } | null;
  /**
   * Tukey HSD (Tukey–Kramer for unequal n, as SPSS and R's TukeyHSD): p = 1 − ptukey(|d|/√(MSE/2 (1/ni+1/nj)),
   * k, df), CI d ± qtukey(0.95, k, df)·√(MSE/2 (1/ni+1/nj)). Pairs are (i, j) with i > j, as TukeyHSD lists them.
   */
  tukey: PostHocRow[];
  /** Bonferroni: LSD t-test p × k(k−1)/2 (capped at 1); CI with t(1 − 0.05/(2m), df). */
  bonferroni: PostHocRow[];
}

/** SPSS ONEWAY with /STATISTICS HOMOGENEITY /POSTHOC=TUKEY BONFERRONI. */
export function oneWayAnova(groups: readonly (readonly Maybe[])[]): StatResult<OneWayAnova> {
  const cleaned = groups.map((g) => presentValues(g));
  if (cleaned.some((c) => c.nonFinite)) return statError("non-finite", MESSAGES.nonFinite);
  const gs = cleaned.map((c) => c.values);
  if (gs.length < 2) return statError("too-few-groups", MESSAGES.tooFewGroups);
  if (gs.some((g) => g.length < 2)) return statError("too-few-values", MESSAGES.groupTooFew);
  const k = gs.length;
  const groupMeans = gs.map((g) => mean(g));
  const groupN = gs.map((g) => g.length);
  const N = groupN.reduce((s, n) => s + n, 0);
  const grand = groupMeans.reduce((s, m, i) => s + m * at(groupN, i), 0) / N;
  let ssb = 0;
  let ssw = 0;
  gs.forEach((g, i) => {
    const m = at(groupMeans, i);
    ssb += g.length * (m - grand) ** 2;
    for (const x of g) ssw += (x - m) ** 2;
  });
  if (!(ssw > 0)) return statError("zero-variance", "组内没有变异（方差为0），无法计算");
  const dfb = k - 1;
  const dfw = N - k;
  const msb = ssb / dfb;
  const msw = ssw / dfw;
  const f = msb / msw;
  const m = (k * (k - 1)) / 2;
  const qCrit = studentizedRangeQuantile(0.95, k, dfw);
  const tCrit = tQuantileAt(1 - 0.05 / (2 * m), dfw);
  const tukey: PostHocRow[] = [];
  const bonferroni: PostHocRow[] = [];
  for (let j = 0; j < k; j++) {
    for (let i = j + 1; i < k; i++) {
      const d = at(groupMeans, i) - at(groupMeans, j);
      const inv = 1 / at(groupN, i) + 1 / at(groupN, j);
      const se = Math.sqrt(msw * inv);
      const seQ = Math.sqrt((msw / 2) * inv);
      tukey.push({
        i,
        j,
        meanDifference: d,
        se,
        p: Math.max(0, 1 - studentizedRangeCdf(Math.abs(d) / seQ, k, dfw)),
        ciLower: d - qCrit * seQ,
        ciUpper: d + qCrit * seQ,
      });
      bonferroni.push({
        i,
        j,
        meanDifference: d,
        se,
        p: Math.min(1, tTwoTailedP(d / se, dfw) * m),
        ciLower: d - tCrit * se,
        ciUpper: d + tCrit * se,
      });
    }
  }
  return {
    ok: true,
    groupN,
    groupMeans,
    ssBetween: ssb,
    ssWithin: ssw,
    ssTotal: ssb + ssw,
    dfBetween: dfb,
    dfWithin: dfw,
    msBetween: msb,
    msWithin: msw,
    f,
    p: fUpperP(f, dfb, dfw),
    etaSquared: ssb / (ssb + ssw),
    levene: leveneTest(gs),
    tukey,
    bonferroni,
  };
}
