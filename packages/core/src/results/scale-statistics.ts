import type {
  DateStatistics,
  DistributionPoint,
  MatrixRowStatistics,
  MatrixStatistics,
  NpsStatistics,
  NumericStatistics,
  RatingStatistics,
} from "../api/results.ts";
import type { Option } from "../survey/definition/option.ts";
import { fromEpochDay } from "../survey/shared/dates.ts";
import type { StatisticsHeader } from "./choice-statistics.ts";
import { type CountTable, histogram, percent, round, summarize } from "./counts.ts";
import type { ScaleCategories } from "./scale-points.ts";

/** Most distinct values a numeric distribution lists (a free number question could have thousands). */
export const DISTRIBUTION_MAX_POINTS = 200;

/** Points of a scale with their captions, counted from `num:<q>[:<row>]:<point>` keys. */
function scaleDistribution(
  points: readonly [number, number][],
  scale: readonly number[],
  label: (value: number) => string,
  n: number,
): DistributionPoint[] {
  const byValue = new Map(points);
  const extra = points.map(([value]) => value).filter((value) => !scale.includes(value));
  return [...scale, ...extra].map((value) => {
    const count = byValue.get(value) ?? 0;
    return { value, label: label(value), count, percentage: percent(count, n) };
  });
}

export function ratingStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  scale: readonly number[],
  label: (value: number) => string,
): RatingStatistics {
  const q = header.questionId;
  const points = histogram(counts.withPrefix(q, `num:${q}:`));
  const summary = summarize(points);
  return {
    ...header,
    family: "rating",
    average: summary.n === 0 ? null : round(summary.sum / summary.n),
    distribution: scaleDistribution(points, scale, label, summary.n),
  };
}

export function npsStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  scale: ScaleCategories,
): NpsStatistics {
  const q = header.questionId;
  const points = histogram(counts.withPrefix(q, `num:${q}:`));
  const n = points.reduce((sum, [, count]) => sum + count, 0);
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const [value, count] of points) {
    if (value >= 9) promoters += count;
    else if (value >= 7) passives += count;
    else detractors += count;
  }
  const share = (count: number) => ({ count, percentage: percent(count, n) });
  return {
    ...header,
    family: "nps",
    score: n === 0 ? null : Math.round(((promoters - detractors) / n) * 100),
    promoters: share(promoters),
    passives: share(passives),
    detractors: share(detractors),
    distribution: scaleDistribution(points, scale.values, scale.label, n),
  };
}

export function numericStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  unit: string,
): NumericStatistics {
  const q = header.questionId;
  const points = histogram(counts.withPrefix(q, `num:${q}:`));
  const summary = summarize(points);
  const fmt = (value: number) => `${round(value, 6)}${unit}`;
  return {
    ...header,
    family: "numeric",
    unit,
    mean: summary.n === 0 ? null : round(summary.sum / summary.n),
    min: summary.min,
    max: summary.max,
    median: summary.median,
    sum: round(summary.sum, 6),
    distribution: points.slice(0, DISTRIBUTION_MAX_POINTS).map(([value, count]) => ({
      value,
      label: fmt(value),
      count,
      percentage: percent(count, summary.n),
    })),
  };
}

export function dateStatistics(header: StatisticsHeader, counts: CountTable): DateStatistics {
  const q = header.questionId;
  const summary = summarize(histogram(counts.withPrefix(q, `num:${q}:`)));
  const date = (day: number | null) => (day === null ? null : fromEpochDay(day));
  return {
    ...header,
    family: "date",
    earliest: date(summary.min),
    latest: date(summary.max),
    median: date(summary.lowerMedian),
  };
}

/** Rows × columns where a cell key is `cell:<q>:<row>:<col>` and a row counts as `option:<q>:<row>`. */
export function matrixStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  rows: readonly Option[],
  columns: readonly Option[],
): MatrixStatistics {
  const q = header.questionId;
  const cells = new Map(counts.withPrefix(q, `cell:${q}:`));
  return {
    ...header,
    family: "matrix",
    columns: columns.map((column) => ({ columnId: column.id, label: column.label })),
    rows: rows.map((row) => {
      const answered = counts.get(`option:${q}:${row.id}`);
      return {
        rowId: row.id,
        label: row.label,
        answered,
        cells: columns.map((column) => {
          const count = cells.get(`${row.id}:${column.id}`) ?? 0;
          return { columnId: column.id, count, percentage: percent(count, answered) };
        }),
      };
    }),
  };
}

/** 矩阵量表: the scale's points are the columns (`num:<q>:<row>:<point>`), with each row's mean. */
export function matrixScaleStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  rows: readonly Option[],
  scale: readonly number[],
  label: (value: number) => string,
): MatrixStatistics {
  const q = header.questionId;
  return {
    ...header,
    family: "matrix",
    columns: scale.map((value) => ({ columnId: String(value), label: label(value) })),
    rows: rows.map((row): MatrixRowStatistics => {
      const points = histogram(counts.withPrefix(q, `num:${q}:${row.id}:`));
      const summary = summarize(points);
      const byValue = new Map(points);
      return {
        rowId: row.id,
        label: row.label,
        answered: summary.n,
        cells: scale.map((value) => {
          const count = byValue.get(value) ?? 0;
          return { columnId: String(value), count, percentage: percent(count, summary.n) };
        }),
        average: summary.n === 0 ? null : round(summary.sum / summary.n),
      };
    }),
  };
}

export interface DropdownColumn {
  id: string;
  label: string;
  choices: readonly Option[];
}

/** 矩阵下拉: one statistics row per (row, column) pair; its cells are that column's choices. */
export function matrixDropdownStatistics(
  header: StatisticsHeader,
  counts: CountTable,
  rows: readonly Option[],
  columns: readonly DropdownColumn[],
): MatrixStatistics {
  const q = header.questionId;
  const cells = new Map(counts.withPrefix(q, `cell:${q}:`));
  const choices = new Map<string, string>();
  for (const column of columns)
    for (const choice of column.choices) if (!choices.has(choice.id)) choices.set(choice.id, choice.label);
  return {
    ...header,
    family: "matrix",
    columns: [...choices].map(([columnId, label]) => ({ columnId, label })),
    rows: rows.flatMap((row) =>
      columns.map((column) => {
        const counted = column.choices.map((choice) => cells.get(`${row.id}.${column.id}:${choice.id}`) ?? 0);
        const answered = counted.reduce((sum, count) => sum + count, 0);
        return {
          rowId: `${row.id}.${column.id}`,
          label: `${row.label} · ${column.label}`,
          answered,
          cells: column.choices.map((choice, index) => ({
            columnId: choice.id,
            count: counted[index] ?? 0,
            percentage: percent(counted[index] ?? 0, answered),
          })),
        };
      }),
    ),
  };
}
