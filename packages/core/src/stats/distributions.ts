// Distribution functions from @stdlib (maintained, tested against R/Boost). Thin wrappers so the rest of
// the stats code names what it needs, plus two-tailed helpers.
import gammainc from "@stdlib/math-base-special-gammainc";
import fCdf from "@stdlib/stats-base-dists-f-cdf";
import hypergeometricPmf from "@stdlib/stats-base-dists-hypergeometric-pmf";
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";
import ptukey from "@stdlib/stats-base-dists-studentized-range-cdf";
import tCdf from "@stdlib/stats-base-dists-t-cdf";
import tQuantile from "@stdlib/stats-base-dists-t-quantile";

export function tCdfAt(t: number, df: number): number {
  return tCdf(t, df);
}

/** Two-tailed p for a t statistic (as SPSS "Sig. (2-tailed)"). */
export function tTwoTailedP(t: number, df: number): number {
  return 2 * tCdf(-Math.abs(t), df);
}

export function tQuantileAt(p: number, df: number): number {
  return tQuantile(p, df);
}

/**
 * Upper-tail p of a chi-square statistic: the regularized upper incomplete gamma Q(df/2, x/2), computed as the
 * upper tail itself. As 1 − cdf it lost digits below about 1e-9 (a p of 1.8e-17 read 0, one of 2.1e-13 read
 * 2.127e-13 against R's 2.1267e-13: test/stats-against-r.test.ts).
 */
export function chiSquareUpperP(x: number, df: number): number {
  if (x <= 0) return 1;
  return gammainc(x / 2, df / 2, true, true);
}

/**
 * Upper-tail p of an F statistic, computed as P(F(df2, df1) < 1/f) — the same probability, without the
 * cancellation of 1 − cdf, so p-values like 1e-15 keep their digits.
 */
export function fUpperP(f: number, df1: number, df2: number): number {
  if (f <= 0) return 1;
  return fCdf(1 / f, df2, df1);
}

export function normalCdfAt(z: number): number {
  return normalCdf(z, 0, 1);
}

/** Two-tailed p for a standard normal z. */
export function zTwoTailedP(z: number): number {
  return 2 * normalCdf(-Math.abs(z), 0, 1);
}

export function normalQuantileAt(p: number): number {
  return normalQuantile(p, 0, 1);
}

/** P(studentized range with k means and df ≤ q); stdlib's port of R's ptukey (Copenhaver & Holland 1988). */
export function studentizedRangeCdf(q: number, k: number, df: number): number {
  return ptukey(q, k, df);
}

/**
 * Quantile of the studentized range (R's qtukey), by bisection on the stdlib CDF. The CDF is monotone in q,
 * so bisection to 1e-10 is exact for every printed digit.
 */
export function studentizedRangeQuantile(p: number, k: number, df: number): number {
  let lo = 0;
  let hi = 1;
  while (ptukey(hi, k, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-10; i++) {
    const mid = (lo + hi) / 2;
    if (ptukey(mid, k, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Hypergeometric P(X = x): population N, K successes in it, n draws. */
export function hypergeometricProbability(x: number, N: number, K: number, n: number): number {
  return hypergeometricPmf(x, N, K, n);
}
