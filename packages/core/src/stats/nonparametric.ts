// Rank tests as SPSS NPAR TESTS prints them: Mann–Whitney U and Kruskal–Wallis H, both with the tie
// correction and the asymptotic (normal / chi-square) p. Missing values are dropped per group.
import { mean } from "./descriptives.ts";
import { chiSquareUpperP, zTwoTailedP } from "./distributions.ts";
import { at, type Maybe, MESSAGES, type StatResult, statError, validValues } from "./result.ts";

/** Average ranks (ties share the mean rank) and Σ(t³ − t) over tie groups. */
export function rankWithTies(xs: readonly number[]): { ranks: number[]; tieSum: number } {
  const order = xs.map((_, i) => i).sort((a, b) => at(xs, a) - at(xs, b));
  const ranks = new Array<number>(xs.length).fill(0);
  let tieSum = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && at(xs, at(order, j + 1)) === at(xs, at(order, i))) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[at(order, k)] = r;
    const t = j - i + 1;
    tieSum += t ** 3 - t;
    i = j + 1;
  }
  return { ranks, tieSum };
}

function cleanGroups(groups: readonly (readonly Maybe[])[]): number[][] | "non-finite" {
  const cleaned = groups.map((g) => validValues(g));
  if (cleaned.some((c) => c.nonFinite)) return "non-finite";
  return cleaned.map((c) => c.values);
}

export interface MannWhitney {
  n1: number;
  n2: number;
  meanRank1: number;
  meanRank2: number;
  rankSum1: number;
  rankSum2: number;
  /** U1 = R1 − n1(n1+1)/2 (R's wilcox.test "W" for x = group1); U2 = n1 n2 − U1. */
  u1: number;
  u2: number;
  /** SPSS "Mann-Whitney U" = min(U1, U2). */
  u: number;
  /** SPSS "Wilcoxon W": rank sum of the group whose U is reported. */
  w: number;
  /** Tie-corrected z of U (negative), no continuity correction unless asked (SPSS uses none). */
  z: number;
  /** Asymptotic two-tailed p. */
  p: number;
}

/**
 * Mann–Whitney U (SPSS "Asymp. Sig. (2-tailed)"): z = (U − n1n2/2)/σ with
 * σ² = n1n2/(N(N−1)) · ((N³ − N)/12 − Σ(t³ − t)/12). `continuityCorrection` subtracts 0.5 from |U − n1n2/2|
 * as R's wilcox.test(correct = TRUE) does; SPSS does not.
 */
export function mannWhitneyU(
  group1: readonly Maybe[],
  group2: readonly Maybe[],
  options: { continuityCorrection?: boolean } = {},
): StatResult<MannWhitney> {
  const gs = cleanGroups([group1, group2]);
  if (gs === "non-finite") return statError("non-finite", MESSAGES.nonFinite);
  const [x, y] = gs as [number[], number[]];
  const n1 = x.length;
  const n2 = y.length;
  if (n1 < 1 || n2 < 1 || n1 + n2 < 3)
    return statError("too-few-values", "每组至少需要1个有效值，合计至少3个");
  const N = n1 + n2;
  const { ranks, tieSum } = rankWithTies([...x, ...y]);
  const r1 = ranks.slice(0, n1).reduce((a, b) => a + b, 0);
  const r2 = ranks.slice(n1).reduce((a, b) => a + b, 0);
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;
  const variance = ((n1 * n2) / (N * (N - 1))) * ((N ** 3 - N) / 12 - tieSum / 12);
  if (!(variance > 0)) return statError("zero-variance", "所有数值都相同，无法检验");
  const u = Math.min(u1, u2);
  const dev = Math.abs(u1 - (n1 * n2) / 2);
  const corrected = options.continuityCorrection ? Math.max(0, dev - 0.5) : dev;
  const z = -corrected / Math.sqrt(variance);
  return {
    ok: true,
    n1,
    n2,
    meanRank1: r1 / n1,
    meanRank2: r2 / n2,
    rankSum1: r1,
    rankSum2: r2,
    u1,
    u2,
    u,
    w: u === u1 ? r1 : r2,
    z,
    p: zTwoTailedP(z),
  };
}

export interface KruskalWallis {
  groupN: number[];
  meanRanks: number[];
  /** Tie-corrected H (SPSS "Kruskal-Wallis H"; R's "Kruskal-Wallis chi-squared"). */
  h: number;
  df: number;
  /** Asymptotic p from χ²(k − 1). */
  p: number;
}

/** Kruskal–Wallis H = [12/(N(N+1)) Σ Ri²/ni − 3(N+1)] / [1 − Σ(t³ − t)/(N³ − N)]. Empty groups are dropped. */
export function kruskalWallis(groups: readonly (readonly Maybe[])[]): StatResult<KruskalWallis> {
  const cleaned = cleanGroups(groups);
  if (cleaned === "non-finite") return statError("non-finite", MESSAGES.nonFinite);
  const gs = cleaned.filter((g) => g.length > 0);
  if (gs.length < 2) return statError("too-few-groups", MESSAGES.tooFewGroups);
  const all = gs.flat();
  const N = all.length;
  const { ranks, tieSum } = rankWithTies(all);
  const correction = 1 - tieSum / (N ** 3 - N);
  if (!(correction > 0)) return statError("zero-variance", "所有数值都相同，无法检验");
  let offset = 0;
  let s = 0;
  const meanRanks: number[] = [];
  for (const g of gs) {
    const r = ranks.slice(offset, offset + g.length);
    offset += g.length;
    const sum = r.reduce((a, b) => a + b, 0);
    s += (sum * sum) / g.length;
    meanRanks.push(mean(r));
  }
  const h = ((12 / (N * (N + 1))) * s - 3 * (N + 1)) / correction;
  const df = gs.length - 1;
  return { ok: true, groupN: gs.map((g) => g.length), meanRanks, h, df, p: chiSquareUpperP(h, df) };
}
