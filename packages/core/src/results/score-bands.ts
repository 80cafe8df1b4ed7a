import type { ScoreBand } from "../api/results.ts";
import { percent } from "./counts.ts";

/** 0–59, 60–69, 70–79, 80–89, 90–100 % of the full mark: the bands teachers read. */
const DEFAULT_SHARES = [0, 60, 70, 80, 90];

/**
 * Lower bounds of the bands in points: the creator's (`settings.exam.scoreBands`) when given, else the
 * default shares of `max` rounded up to whole points, so labels read as round numbers (0-59, 60-69 … at 100;
 * 0-29, 30-34 … at 50). Bounds at or above the full mark and repeats (tiny full marks) are dropped.
 */
export function bandBounds(max: number, custom?: readonly number[]): number[] {
  const raw =
    custom && custom.length > 0 ? custom : DEFAULT_SHARES.map((share) => Math.ceil((max * share) / 100));
  const bounds = [...new Set([0, ...raw])].filter((bound) => bound >= 0 && (bound < max || bound === 0));
  return bounds.sort((a, b) => a - b);
}

const label = (from: number, to: number) => (from === to ? String(from) : `${from}-${to}`);

/**
 * 分数段: how many scores fall in each band. A band runs from its bound up to just below the next one and
 * is labelled with whole points (`60-69`); the last band closes at the full mark (`90-100`).
 */
export function scoreBands(scores: readonly number[], max: number, custom?: readonly number[]): ScoreBand[] {
  const bounds = bandBounds(max, custom);
  return bounds.map((from, index) => {
    const next = bounds[index + 1];
    const to = next === undefined ? max : next - 1;
    const count = scores.filter((score) => score >= from && (next === undefined || score < next)).length;
    return { label: label(from, to), from, to, count, percentage: percent(count, scores.length) };
  });
}
