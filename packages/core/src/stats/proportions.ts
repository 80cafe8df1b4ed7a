// Proportion with a Wilson score interval (Wilson 1927; Newcombe 1998 method 3, no continuity correction;
// R's prop.test(x, n, correct = FALSE)$conf.int).
import { normalQuantileAt } from "./distributions.ts";
import { type StatResult, statError } from "./result.ts";

export interface Proportion {
  count: number;
  n: number;
  proportion: number;
  ciLower: number;
  ciUpper: number;
}

/**
 * `count` and `n` may be weighted (sums of case weights, n = Σw as SPSS's WEIGHT BY counts cases): the share is
 * then the weighted share, and the interval the Wilson interval of that share at n = Σw.
 */
export function proportionWilson(count: number, n: number, level = 0.95): StatResult<Proportion> {
  if (![count, n, level].every(Number.isFinite)) return statError("non-finite", "频数和样本量必须是有限的数");
  if (n <= 0) return statError("too-few-values", "样本量须大于0");
  if (count < 0 || count > n) return statError("bad-argument", "频数必须在0和样本量之间");
  if (level <= 0 || level >= 1) return statError("bad-argument", "置信水平必须在0和1之间");
  const z = normalQuantileAt(1 - (1 - level) / 2);
  const p = count / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    ok: true,
    count,
    n,
    proportion: p,
    ciLower: count === 0 ? 0 : centre - half,
    ciUpper: count === n ? 1 : centre + half,
  };
}
