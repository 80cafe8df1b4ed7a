import type { CountItem } from "./count-chart.ts";

/** More bars than this and a value's chart becomes ranges (年龄 18–22, 23–27…). */
export const MAX_VALUE_BARS = 12;

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at least `raw`: a bin width people read at a glance. */
function niceWidth(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= raw) return step * power;
  return 10 * power;
}

/** Rounds away floating-point dust (0.1 + 0.2) for labels and bin edges. */
const clean = (value: number) => Number(value.toPrecision(12));

/**
 * A number question's distribution (distinct values with counts, ascending) as chart bars: each value its own
 * bar (under its own label, when it has one) while there are at most `maxBars`, else about ten ranges of a
 * round width — one bar per distinct 年龄 of 30 respondents ran the axis labels into one another at a phone's
 * width. Whole numbers give closed ranges (20–24, then 25–29); other values half-open ones, labelled by their
 * ends (1.5–2, 2–2.5).
 */
export function valueBars(
  points: readonly { value: number; count: number; label?: string }[],
  unit = "",
  maxBars = MAX_VALUE_BARS,
): CountItem[] {
  if (points.length <= maxBars)
    return points.map((point) => ({
      label: point.label ?? `${clean(point.value)}${unit}`,
      value: point.count,
    }));
  const min = points[0]?.value ?? 0;
  const max = points[points.length - 1]?.value ?? 0;
  const whole = points.every((point) => Number.isInteger(point.value));
  let width = niceWidth((max - min) / 10);
  if (whole) width = Math.max(1, Math.ceil(width));
  const start = Math.floor(min / width) * width;
  const bins: CountItem[] = [];
  let next = 0;
  for (let low = start; low <= max; low = clean(low + width)) {
    const high = clean(low + width);
    let count = 0;
    while (next < points.length && (points[next]?.value ?? 0) < high) count += points[next++]?.count ?? 0;
    const label = whole
      ? width === 1
        ? `${low}${unit}`
        : `${low}–${high - 1}${unit}`
      : `${clean(low)}–${high}${unit}`;
    bins.push({ label, value: count });
  }
  return bins;
}
