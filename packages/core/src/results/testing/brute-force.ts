import type { QuestionStatistics } from "../../api/results.ts";

/**
 * Statistics of the every-type fixture recomputed the slow, obvious way — straight from the raw answers,
 * sharing no code with facts, counters or the statistics builders — as flat `metric → value` maps, and the
 * same projection of what the statistics code produced. Property tests compare the two.
 */
export type Metrics = Record<string, number | string | null>;

type Answers = Record<string, unknown>;

const mean = (values: number[]) =>
  values.length === 0 ? null : round(values.reduce((a, b) => a + b, 0) / values.length);
const round = (value: number) => Math.round(value * 100) / 100;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid)
    ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
    : (sorted[Math.floor(mid)] ?? 0);
}

function bump(metrics: Metrics, key: string, by = 1) {
  metrics[key] = ((metrics[key] as number | undefined) ?? 0) + by;
}

function epochDay(date: string) {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** Metrics per question id of the fixture, over these responses. */
export function bruteForceMetrics(responses: readonly Answers[]): Record<string, Metrics> {
  const all: Record<string, Metrics> = {};
  const answersOf = (id: string) => responses.map((r) => r[id]).filter((a) => a !== undefined);
  const metricsOf = (id: string) => {
    const answers = answersOf(id);
    const metrics: Metrics = { answered: answers.length };
    all[id] = metrics;
    return { answers, metrics };
  };
  for (const id of ["qs", "qd", "qv", "qap"]) {
    const { answers, metrics } = metricsOf(id);
    for (const a of answers as { optionId: string; otherText?: string }[]) {
      bump(metrics, `option.${a.optionId}`);
      if (a.otherText?.trim()) bump(metrics, "otherTexts");
    }
  }
  {
    const { answers, metrics } = metricsOf("qm");
    for (const a of answers as { optionIds: string[]; otherTexts?: Record<string, string> }[]) {
      for (const o of a.optionIds) bump(metrics, `option.${o}`);
      if (a.otherTexts?.o?.trim()) bump(metrics, "otherTexts");
    }
  }
  {
    const { answers, metrics } = metricsOf("qc");
    for (const a of answers as { path: string[] }[])
      for (const node of a.path) bump(metrics, `option.${node}`);
  }
  for (const id of ["qst", "qlk", "qnps"]) {
    const { answers, metrics } = metricsOf(id);
    const values = answers as number[];
    metrics.average = mean(values);
    for (const v of values) bump(metrics, `point.${v}`);
    if (id === "qnps") {
      const promoters = values.filter((v) => v >= 9).length;
      const detractors = values.filter((v) => v <= 6).length;
      metrics.promoters = promoters;
      metrics.passives = values.length - promoters - detractors;
      metrics.detractors = detractors;
      metrics.score =
        values.length === 0 ? null : Math.round(((promoters - detractors) / values.length) * 100);
    }
  }
  for (const id of ["qn", "qsl", "qdr"]) {
    const { answers, metrics } = metricsOf(id);
    const values =
      id === "qdr"
        ? (answers as { start: string; end: string }[]).map((a) => epochDay(a.end) - epochDay(a.start) + 1)
        : (answers as number[]);
    metrics.mean = mean(values);
    metrics.median = median(values);
    metrics.min = values.length ? Math.min(...values) : null;
    metrics.max = values.length ? Math.max(...values) : null;
    metrics.sum = Math.round(values.reduce((a, b) => a + b, 0) * 1e6) / 1e6;
  }
  {
    const { answers, metrics } = metricsOf("qdt");
    const dates = [...(answers as string[])].sort();
    metrics.earliest = dates[0] ?? null;
    metrics.latest = dates[dates.length - 1] ?? null;
    metrics.median = dates.length ? (dates[Math.floor((dates.length - 1) / 2)] ?? null) : null;
  }
  {
    const { answers, metrics } = metricsOf("qtm");
    for (const a of answers as string[]) bump(metrics, `value.${a.slice(0, 2)}时`);
  }
  for (const id of ["qt", "qn2", "qa", "qtb", "qsg", "qpa"]) metricsOf(id);
  {
    const { answers, metrics } = metricsOf("qpg");
    for (const a of answers as string[]) bump(metrics, `value.${a}`);
  }
  {
    const { answers, metrics } = metricsOf("qb");
    for (const a of answers as Record<string, string>[]) {
      for (const blank of ["b1", "b2"]) if ((a[blank] ?? "").trim() !== "") bump(metrics, `blank.${blank}`);
    }
  }
  {
    const { answers, metrics } = metricsOf("qal");
    for (const option of ["a", "b", "c"]) {
      const sum = (answers as Record<string, number>[]).reduce((total, a) => total + (a[option] ?? 0), 0);
      metrics[`sum.${option}`] = sum;
    }
  }
  {
    const { answers, metrics } = metricsOf("qrk");
    for (const option of ["a", "b", "c"]) {
      const ranks = (answers as string[][])
        .map((order) => order.indexOf(option) + 1)
        .filter((rank) => rank > 0);
      metrics[`rank.${option}`] = mean(ranks);
      for (const rank of ranks) bump(metrics, `position.${option}.${rank}`);
    }
  }
  {
    const { answers, metrics } = metricsOf("qx1");
    for (const a of answers as Record<string, string>[])
      for (const [row, col] of Object.entries(a)) {
        bump(metrics, `row.${row}`);
        bump(metrics, `cell.${row}.${col}`);
      }
  }
  {
    const { answers, metrics } = metricsOf("qx2");
    for (const a of answers as Record<string, string[]>[])
      for (const [row, cols] of Object.entries(a)) {
        bump(metrics, `row.${row}`);
        for (const col of cols) bump(metrics, `cell.${row}.${col}`);
      }
  }
  {
    const { answers, metrics } = metricsOf("qx3");
    for (const row of ["r1", "r2"]) {
      const points = (answers as Record<string, number>[])
        .map((a) => a[row])
        .filter((p): p is number => p !== undefined);
      if (points.length > 0) metrics[`row.${row}`] = points.length;
      metrics[`average.${row}`] = mean(points);
      for (const p of points) bump(metrics, `cell.${row}.${p}`);
    }
  }
  {
    const { answers, metrics } = metricsOf("qx4");
    for (const a of answers as Record<string, Record<string, string>>[])
      for (const [row, cells] of Object.entries(a)) {
        bump(metrics, `row.${row}`);
        for (const [col, text] of Object.entries(cells))
          if (text.trim() !== "") bump(metrics, `cell.${row}.${col}`);
      }
  }
  {
    const { answers, metrics } = metricsOf("qx5");
    for (const a of answers as Record<string, Record<string, string>>[])
      for (const [row, cells] of Object.entries(a))
        for (const [col, choice] of Object.entries(cells)) {
          bump(metrics, `row.${row}.${col}`);
          bump(metrics, `cell.${row}.${col}.${choice}`);
        }
  }
  {
    const { answers, metrics } = metricsOf("qrg");
    for (const a of answers as { codes: string[] }[]) bump(metrics, `area.${a.codes[0]}`);
  }
  return all;
}

/** The same metrics read off the statistics objects (zero counts left out, as brute force never adds them). */
export function statisticsMetrics(statistics: readonly QuestionStatistics[]): Record<string, Metrics> {
  const all: Record<string, Metrics> = {};
  for (const s of statistics) {
    const metrics: Metrics = { answered: s.answered };
    all[s.questionId] = metrics;
    const put = (key: string, value: number | string | null) => {
      if (value !== 0) metrics[key] = value;
    };
    switch (s.family) {
      case "choice":
        for (const o of s.options) put(`option.${o.optionId}`, o.count);
        put("otherTexts", s.otherTextCount);
        break;
      case "rating":
        metrics.average = s.average;
        for (const p of s.distribution) put(`point.${p.value}`, p.count);
        break;
      case "nps":
        for (const p of s.distribution) put(`point.${p.value}`, p.count);
        metrics.average =
          s.answered === 0
            ? null
            : round(s.distribution.reduce((t, p) => t + p.value * p.count, 0) / s.answered);
        metrics.promoters = s.promoters.count;
        metrics.passives = s.passives.count;
        metrics.detractors = s.detractors.count;
        metrics.score = s.score;
        break;
      case "numeric":
        Object.assign(metrics, { mean: s.mean, median: s.median, min: s.min, max: s.max, sum: s.sum });
        break;
      case "date":
        Object.assign(metrics, { earliest: s.earliest, latest: s.latest, median: s.median });
        break;
      case "text":
      case "file":
      case "signature":
      case "table":
        for (const v of s.values) put(`value.${v.value}`, v.count);
        break;
      case "blanks":
        for (const b of s.blanks) put(`blank.${b.blankId}`, b.count);
        break;
      case "allocation":
        for (const o of s.options) metrics[`sum.${o.optionId}`] = o.sum;
        break;
      case "ranking":
        for (const o of s.options) {
          metrics[`rank.${o.optionId}`] = o.averageRank;
          for (const [index, count] of o.positions.entries())
            put(`position.${o.optionId}.${index + 1}`, count);
        }
        break;
      case "matrix":
        for (const row of s.rows) {
          put(`row.${row.rowId}`, row.answered);
          if (row.average !== undefined) metrics[`average.${row.rowId}`] = row.average;
          for (const cell of row.cells) put(`cell.${row.rowId}.${cell.columnId}`, cell.count);
        }
        break;
      case "region":
        for (const p of s.provinces) put(`area.${p.code}`, p.count);
        break;
    }
  }
  return all;
}
