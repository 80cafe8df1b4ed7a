/**
 * Counter counts of one questionnaire — from `response_counters` (unfiltered) or from grouping the facts of
 * a filtered response set (same keys) — indexed by question so each question's statistics read only its keys.
 */
export class CountTable {
  private readonly byQuestion = new Map<string, Map<string, number>>();
  private readonly general = new Map<string, number>();

  constructor(entries: Iterable<readonly [string, number]>) {
    for (const [key, count] of entries) {
      if (count === 0) continue;
      const questionId = questionIdOfKey(key);
      if (questionId === null) {
        this.general.set(key, (this.general.get(key) ?? 0) + count);
        continue;
      }
      let keys = this.byQuestion.get(questionId);
      if (!keys) {
        keys = new Map();
        this.byQuestion.set(questionId, keys);
      }
      keys.set(key, (keys.get(key) ?? 0) + count);
    }
  }

  static fromRecord(record: Readonly<Record<string, number>>): CountTable {
    return new CountTable(Object.entries(record));
  }

  /** A key that belongs to no question: `total`, `day:…`, `source:…`, `duration`, `quota:…`. */
  generalCount(key: string): number {
    return this.general.get(key) ?? 0;
  }

  generalEntries(prefix: string): [string, number][] {
    return [...this.general].filter(([key]) => key.startsWith(prefix));
  }

  get(key: string): number {
    const questionId = questionIdOfKey(key);
    if (questionId === null) return this.generalCount(key);
    return this.byQuestion.get(questionId)?.get(key) ?? 0;
  }

  answered(questionId: string): number {
    return this.get(`answered:${questionId}`);
  }

  /** Responses whose logic hid or jumped over the question (跳过). */
  skipped(questionId: string): number {
    return this.get(`skipped:${questionId}`);
  }

  /** `[rest, count]` of every key `<prefix>…` of the question, `rest` being the part after the prefix. */
  withPrefix(questionId: string, prefix: string): [string, number][] {
    const keys = this.byQuestion.get(questionId);
    if (!keys) return [];
    const found: [string, number][] = [];
    for (const [key, count] of keys)
      if (key.startsWith(prefix)) found.push([key.slice(prefix.length), count]);
    return found;
  }
}

const questionFamilies = new Set([
  "answered",
  "option",
  "other",
  "cell",
  "num",
  "rank",
  "area",
  "value",
  "blank",
  "skipped",
]);

/** The question a counter key belongs to (`<family>:<q>:…`), or null for questionnaire-level keys. */
export function questionIdOfKey(key: string): string | null {
  const first = key.indexOf(":");
  if (first === -1 || !questionFamilies.has(key.slice(0, first))) return null;
  const second = key.indexOf(":", first + 1);
  return second === -1 ? key.slice(first + 1) : key.slice(first + 1, second);
}

/** count / n as a percentage with one decimal; 0 when n is 0. */
export function percent(count: number, n: number): number {
  return n === 0 ? 0 : Math.round((count / n) * 1000) / 10;
}

/** Numeric histogram from `[value text, count]` pairs, ascending by value. */
export function histogram(entries: readonly [string, number][]): [number, number][] {
  return entries
    .map(([value, count]): [number, number] => [Number(value), count])
    .filter(([value]) => Number.isFinite(value))
    .sort((a, b) => a[0] - b[0]);
}

export interface HistogramSummary {
  n: number;
  sum: number;
  min: number | null;
  max: number | null;
  /** Mean of the two middle values for an even count. */
  median: number | null;
  /** The lower middle value: an actual answer (dates). */
  lowerMedian: number | null;
}

/** Exact summary of a histogram (ascending). */
export function summarize(points: readonly [number, number][]): HistogramSummary {
  let n = 0;
  let sum = 0;
  for (const [value, count] of points) {
    n += count;
    sum += value * count;
  }
  if (n === 0) return { n, sum, min: null, max: null, median: null, lowerMedian: null };
  const lower = nth(points, Math.floor((n - 1) / 2));
  const upper = nth(points, Math.floor(n / 2));
  return {
    n,
    sum,
    min: points[0]?.[0] ?? null,
    max: points[points.length - 1]?.[0] ?? null,
    median: (lower + upper) / 2,
    lowerMedian: lower,
  };
}

/** The value at 0-based position `index` of the expanded histogram. */
function nth(points: readonly [number, number][], index: number): number {
  let seen = 0;
  for (const [value, count] of points) {
    seen += count;
    if (index < seen) return value;
  }
  return points[points.length - 1]?.[0] ?? 0;
}

/** Rounded for display; statistics are exact before this. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
