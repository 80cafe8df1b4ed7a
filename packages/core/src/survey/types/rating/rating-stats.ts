import { addCount, type Counts, mergeCounts } from "../helpers/counters.ts";

/** Histogram per point plus the sum for the mean; exact because ratings are integers. */
export interface RatingStats {
  n: number;
  sum: number;
  counts: Counts;
}

export const ratingStats = {
  empty: (): RatingStats => ({ n: 0, sum: 0, counts: {} }),
  add: (_config: unknown, state: RatingStats, answer: number): RatingStats => ({
    n: state.n + 1,
    sum: state.sum + answer,
    counts: addCount(state.counts, String(answer)),
  }),
  merge: (a: RatingStats, b: RatingStats): RatingStats => ({
    n: a.n + b.n,
    sum: a.sum + b.sum,
    counts: mergeCounts(a.counts, b.counts),
  }),
};

export function integerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
