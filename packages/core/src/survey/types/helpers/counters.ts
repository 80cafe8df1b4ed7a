/** Immutable counter maps and numeric summaries: the building blocks of mergeable statistics. */
export type Counts = Readonly<Record<string, number>>;

export function addCount(counts: Counts, key: string, by = 1): Counts {
  return { ...counts, [key]: (counts[key] ?? 0) + by };
}

export function addCounts(counts: Counts, keys: readonly string[]): Counts {
  const next: Record<string, number> = { ...counts };
  for (const key of keys) next[key] = (next[key] ?? 0) + 1;
  return next;
}

export function mergeCounts(a: Counts, b: Counts): Counts {
  const next: Record<string, number> = { ...a };
  for (const [key, value] of Object.entries(b)) next[key] = (next[key] ?? 0) + value;
  return next;
}

export type NestedCounts = Readonly<Record<string, Counts>>;

export function mergeNested(a: NestedCounts, b: NestedCounts): NestedCounts {
  const next: Record<string, Counts> = { ...a };
  for (const [key, value] of Object.entries(b)) next[key] = mergeCounts(next[key] ?? {}, value);
  return next;
}

export function addNested(counts: NestedCounts, outer: string, inner: readonly string[]): NestedCounts {
  return { ...counts, [outer]: addCounts(counts[outer] ?? {}, inner) };
}

/** Count, sum, min, max. Sums are exact for integers below 2^53; decimals may differ in the last ulp. */
export interface NumberSummary {
  n: number;
  sum: number;
  min: number | null;
  max: number | null;
}

export const emptySummary: NumberSummary = { n: 0, sum: 0, min: null, max: null };

export function addToSummary(summary: NumberSummary, value: number): NumberSummary {
  return {
    n: summary.n + 1,
    sum: summary.sum + value,
    min: summary.min === null ? value : Math.min(summary.min, value),
    max: summary.max === null ? value : Math.max(summary.max, value),
  };
}

function pick(a: number | null, b: number | null, choose: (x: number, y: number) => number): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return choose(a, b);
}

export function mergeSummaries(a: NumberSummary, b: NumberSummary): NumberSummary {
  return {
    n: a.n + b.n,
    sum: a.sum + b.sum,
    min: pick(a.min, b.min, Math.min),
    max: pick(a.max, b.max, Math.max),
  };
}

/** Responses count plus a histogram of chosen keys: the shape of every choice-like statistic. */
export interface ChoiceStats {
  n: number;
  counts: Counts;
}

export const emptyChoiceStats: ChoiceStats = { n: 0, counts: {} };

export function addChoice(state: ChoiceStats, keys: readonly string[]): ChoiceStats {
  return { n: state.n + 1, counts: addCounts(state.counts, keys) };
}

export function mergeChoice(a: ChoiceStats, b: ChoiceStats): ChoiceStats {
  return { n: a.n + b.n, counts: mergeCounts(a.counts, b.counts) };
}

/** Reducer for types whose only statistic is "how many answered". */
export interface AnsweredStats {
  n: number;
}

export const answeredReducer = {
  empty: (): AnsweredStats => ({ n: 0 }),
  add: (_config: unknown, state: AnsweredStats): AnsweredStats => ({ n: state.n + 1 }),
  merge: (a: AnsweredStats, b: AnsweredStats): AnsweredStats => ({ n: a.n + b.n }),
};
