// 试题分析: classical test theory's item statistics of an exam, as a teacher reads them off a paper's analysis —
// difficulty (难度), discrimination (区分度) by the upper and lower 27 % groups, the corrected item-total
// correlation, and the paper's reliability (Cronbach's α, which for items scored right/wrong is KR-20).
import { pearsonOf } from "./correlation.ts";
import { cronbachAlpha } from "./reliability.ts";
import { at, isMissing, type Maybe } from "./result.ts";

export interface ItemAnalysisItem {
  /** Respondents scored on the item. */
  n: number;
  /** Mean score on it; null when nobody was scored on it. */
  mean: number | null;
  /** 难度 P = mean / full marks, 0–1 (the higher, the easier); null without scores or full marks. */
  difficulty: number | null;
  /**
   * 区分度 D = (mean of the upper group − mean of the lower group) / full marks, −1–1, the groups being the
   * respondents with the highest and the lowest 27 % of total scores (Kelley 1939); null with fewer than
   * `MIN_GROUPED` respondents or when a group has nobody scored on the item.
   */
  discrimination: number | null;
  /**
   * 题总相关: Pearson r of the item with the total of the other items (corrected item-total correlation),
   * over the respondents scored on it; null with fewer than 3 of them or when either side does not vary.
   */
  itemTotal: number | null;
}

export interface ItemAnalysis {
  /** Respondents scored on at least one item. */
  respondents: number;
  /** Respondents in each of the upper and lower groups (0 when too few to group). */
  groupSize: number;
  items: ItemAnalysisItem[];
  /** Cronbach's α (KR-20 for right/wrong items) over the respondents scored on every item; null when fewer than 2. */
  alpha: number | null;
  /** Respondents α was computed over. */
  alphaN: number;
}

/** Share of respondents in each of the upper and lower groups (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;
/** Fewer respondents than this are not split into groups: a group of one says little. */
export const MIN_GROUPED = 10;

/**
 * Item statistics of `items` (one column per item, one entry per respondent: the points scored, or null — or
 * NaN in a Float64Array — where the respondent was not scored on it: a question not on their paper, or one
 * still waiting for a grade), `fullMarks[j]` the points item j is worth. A respondent's total is the sum of the
 * points they were scored.
 */
export function itemAnalysis(items: readonly ArrayLike<Maybe>[], fullMarks: readonly number[]): ItemAnalysis {
  const k = items.length;
  const cases = k === 0 ? 0 : at(items, 0).length;
  const totals = new Float64Array(cases);
  const scored = new Uint8Array(cases);
  for (const column of items) {
    for (let i = 0; i < cases; i++) {
      const v = column[i];
      if (isMissing(v) || !Number.isFinite(v)) continue;
      totals[i] = (totals[i] as number) + v;
      scored[i] = 1;
    }
  }
  const respondents: number[] = [];
  for (let i = 0; i < cases; i++) if (scored[i] === 1) respondents.push(i);
  // Highest totals first; equal totals keep the order of the responses, so the groups are the same every time.
  const ranked = [...respondents].sort((a, b) => (totals[b] as number) - (totals[a] as number) || a - b);
  const groupSize = ranked.length >= MIN_GROUPED ? Math.max(1, Math.round(ranked.length * GROUP_SHARE)) : 0;
  const upper = ranked.slice(0, groupSize);
  const lower = groupSize > 0 ? ranked.slice(-groupSize) : [];

  const stats = items.map((column, j): ItemAnalysisItem => {
    const full = fullMarks[j] ?? 0;
    const xs: number[] = [];
    const rests: number[] = [];
    for (const i of respondents) {
      const v = column[i];
      if (isMissing(v) || !Number.isFinite(v)) continue;
      xs.push(v);
      rests.push((totals[i] as number) - v);
    }
    const n = xs.length;
    const mean = n === 0 ? null : xs.reduce((s, v) => s + v, 0) / n;
    const groupMean = (group: readonly number[]) => {
      let sum = 0;
      let count = 0;
      for (const i of group) {
        const v = column[i];
        if (isMissing(v) || !Number.isFinite(v)) continue;
        sum += v;
        count += 1;
      }
      return count === 0 ? null : sum / count;
    };
    const high = groupSize > 0 ? groupMean(upper) : null;
    const low = groupSize > 0 ? groupMean(lower) : null;
    const r = n >= 3 ? pearsonOf(xs, rests) : Number.NaN;
    return {
      n,
      mean,
      difficulty: mean === null || !(full > 0) ? null : mean / full,
      discrimination: high === null || low === null || !(full > 0) ? null : (high - low) / full,
      itemTotal: Number.isFinite(r) ? Math.max(-1, Math.min(1, r)) : null,
    };
  });

  const reliability = k >= 2 ? cronbachAlpha(items) : null;
  const alpha = reliability?.ok && Number.isFinite(reliability.alpha) ? reliability : null;
  return {
    respondents: respondents.length,
    groupSize,
    items: stats,
    alpha: alpha ? alpha.alpha : null,
    alphaN: alpha ? alpha.n : 0,
  };
}
