import type { ReportSection } from "../api/exports.ts";
import type { ReportOverview, ReportPinResult, ReportPinTable, ReportQuestion } from "../api/report-share.ts";
import type { QuestionStatistics } from "../api/results.ts";
import type { WordFrequency } from "../api/text-analysis.ts";
import { chartPalette, countChart } from "../charts/count-chart.ts";
import { formatDuration } from "../results/durations.ts";
import { outcomeTables } from "../stats-tables/outcome-tables.ts";
import { rowTexts, type StatTable } from "../stats-tables/table-model.ts";
import { questionTypeName } from "../survey/types/names.ts";
import { wordCloudOption } from "../text/word-cloud-option.ts";

/**
 * What the 分析报告 shows of each part, in one place: the Word and PDF files (server, reports/) and the shared
 * 数据报告 page (web) lay out the same tables, charts and readings.
 */

/** A table of the report: a header row and body rows of text. */
export interface ReportTable {
  header: string[];
  rows: string[][];
}

/** A chart of the report: the page's ECharts option and the box it is drawn in (px). */
export interface ReportChart {
  option: Record<string, unknown>;
  width: number;
  height: number;
}

const pct = (value: number) => `${value}%`;

/** 数据概况: the overview's figures and its sources, as both files table them. */
export function overviewTables(o: ReportOverview): { figures: ReportTable; sources: ReportTable } {
  return {
    figures: {
      header: ["指标", "数值"],
      rows: [
        ["有效答卷", `${o.responses}份`],
        ["无效答卷", `${o.invalid}份`],
        ["收集时间", o.first && o.last ? `${o.first} 至 ${o.last}` : "—"],
        ["平均用时", o.averageSeconds === null ? "—" : formatDuration(o.averageSeconds)],
      ],
    },
    sources: {
      header: ["来源", "份数", "比例"],
      rows: o.sources.map((s) => [s.name, String(s.count), pct(s.percentage)]),
    },
  };
}

/**
 * The question's type as the designer names it (单选, 多行文本…). From the names alone: the shared 数据报告 page
 * draws its report through this file without loading the question types' modules and their answer schemas.
 */
export function typeName(stats: QuestionStatistics): string {
  return questionTypeName(stats.type) ?? stats.type;
}

/** The question's counts as the results page tables them; null when it has none to table. */
export function questionTable(stats: QuestionStatistics, words: WordFrequency[] | null): ReportTable | null {
  switch (stats.family) {
    case "choice":
      return {
        header: ["选项", "小计", "比例"],
        rows: stats.options.map((o) => [o.label, String(o.count), pct(o.percentage)]),
      };
    case "rating":
    case "nps":
      return {
        header: ["分值", "小计", "比例"],
        rows: stats.distribution.map((p) => [p.label, String(p.count), pct(p.percentage)]),
      };
    case "numeric":
      return {
        header: ["平均值", "最小值", "最大值", "中位数"],
        rows: [[stats.mean, stats.min, stats.max, stats.median].map((v) => (v === null ? "—" : String(v)))],
      };
    case "matrix":
      return {
        header: ["行", ...stats.columns.map((c) => c.label)],
        rows: stats.rows.map((row) => [
          row.label,
          ...stats.columns.map((c) => {
            const cell = row.cells.find((x) => x.columnId === c.columnId);
            return cell ? `${cell.count}（${pct(cell.percentage)}）` : "0";
          }),
        ]),
      };
    case "ranking":
      return {
        header: ["选项", "平均排名", "排序人数"],
        rows: stats.options.map((o) => [
          o.label,
          o.averageRank === null ? "—" : String(o.averageRank),
          String(o.count),
        ]),
      };
    case "region":
      return {
        header: ["省份", "小计", "比例"],
        rows: stats.provinces.slice(0, 15).map((p) => [p.name, String(p.count), pct(p.percentage)]),
      };
    case "blanks":
      return {
        header: ["填空", "填写人数", "比例"],
        rows: stats.blanks.map((b) => [b.label, String(b.count), pct(b.percentage)]),
      };
    default:
      if (words && words.length > 0)
        return {
          header: ["词语", "出现次数", "答卷数", "占比"],
          rows: words
            .slice(0, 15)
            .map((w) => [w.word, String(w.count), String(w.answers), pct(w.percentage)]),
        };
      if (stats.family === "date")
        return {
          header: ["最早", "最晚", "中位日期"],
          rows: [[stats.earliest ?? "—", stats.latest ?? "—", stats.median ?? "—"]],
        };
      if (stats.family === "allocation")
        return {
          header: ["选项", "合计", "平均"],
          rows: stats.options.map((o) => [
            o.label,
            String(o.sum),
            o.average === null ? "—" : String(o.average),
          ]),
        };
      return stats.values.length > 0
        ? {
            header: ["填写值", "小计", "比例"],
            rows: stats.values.map((v) => [v.value, String(v.count), pct(v.percentage)]),
          }
        : null;
  }
}

/** The chart the results page draws for the question (a column chart of counts, or the 词云); null if none. */
export function questionChart(
  stats: QuestionStatistics,
  words: WordFrequency[] | null,
  width = 640,
): ReportChart | null {
  if (stats.family === "choice" && stats.options.length > 0)
    return {
      option: countChart(
        "column",
        stats.options.map((o) => ({ label: o.label, value: o.count })),
      ),
      width,
      height: 300,
    };
  if ((stats.family === "rating" || stats.family === "nps") && stats.distribution.length > 0)
    return {
      option: countChart(
        "column",
        stats.distribution.map((p) => ({ label: p.label, value: p.count })),
      ),
      width,
      height: 300,
    };
  if (words && words.length > 0) {
    const narrow = width < 480;
    const box = {
      width,
      height: narrow ? 260 : 320,
      minFontSize: 12,
      maxFontSize: narrow ? 36 : 56,
      vertical: 0.15,
      seed: 7,
    };
    const { option } = wordCloudOption(
      words.map((w) => ({ word: w.word, weight: w.count })),
      box,
      chartPalette,
    );
    return { option, width: box.width, height: box.height };
  }
  return null;
}

/** One sentence reading the question's result, as a report's author would write it. */
export function reading(stats: QuestionStatistics, words: WordFrequency[] | null): string {
  if (stats.answered === 0) return "本题暂无有效填写。";
  switch (stats.family) {
    case "choice": {
      const top = [...stats.options].sort((a, b) => b.count - a.count)[0];
      return top && top.count > 0
        ? `共${stats.answered}人作答，选择最多的是“${top.label}”，占${pct(top.percentage)}。`
        : `共${stats.answered}人作答。`;
    }
    case "rating":
      return `共${stats.answered}人作答，平均分为${stats.average ?? "—"}。`;
    case "nps":
      return `共${stats.answered}人作答，净推荐值（NPS）为${stats.score ?? "—"}，推荐者占${pct(stats.promoters.percentage)}，贬损者占${pct(stats.detractors.percentage)}。`;
    case "numeric":
      return `共${stats.answered}人作答，平均值为${stats.mean ?? "—"}${stats.unit}，中位数为${stats.median ?? "—"}${stats.unit}。`;
    case "ranking": {
      const best = stats.options[0];
      return best
        ? `共${stats.answered}人作答，平均排名最靠前的是“${best.label}”。`
        : `共${stats.answered}人作答。`;
    }
    default: {
      const top = words?.[0];
      if (!top) return `共${stats.answered}人作答。`;
      // Words tied at the top are named together: picking one of them would say more than the counts do.
      const tied = (words ?? []).filter((w) => w.count === top.count);
      if (tied.length === 1)
        return `共${stats.answered}条填写，出现最多的词是“${top.word}”（${top.count}次，${pct(top.percentage)}的答卷提到）。`;
      const named = tied
        .slice(0, 3)
        .map((w) => `“${w.word}”`)
        .join("");
      const more = tied.length > 3 ? `等${tied.length}个词` : "";
      return `共${stats.answered}条填写，出现最多的词是${named}${more}（各${top.count}次）。`;
    }
  }
}

/**
 * The questions a report shows, in order: open questions with their words under 词云与高频词, the others
 * (and open ones counted without words) under 分题统计.
 */
export function shownQuestions(
  sections: ReadonlySet<ReportSection>,
  questions: readonly ReportQuestion[],
): ReportQuestion[] {
  return questions.filter(({ words }) => sections.has(words !== null ? "words" : "questions"));
}

/** A 统计分析 table as text: a row that could not be computed carries its reason in the first free cell. */
function statTable(table: StatTable): ReportPinTable {
  return {
    title: table.title,
    header: table.columns.map((column) => column.title),
    rows: table.rows.map((row) => rowTexts(row, table.columns.length)),
    notes: table.notes,
  };
}

/** The tables of a pinned result as the report prints them (交叉分析: counts with row percentages). */
export function pinTables(pin: ReportPinResult): ReportPinTable[] {
  if (pin.kind === "analysis") {
    const tables = outcomeTables(pin.result.outcome).map(statTable);
    const note = `有效样本 ${pin.result.responses} 份${pin.result.weighted ? "，已加权" : ""}`;
    return tables.map((table, i) => (i === 0 ? { ...table, notes: [note, ...table.notes] } : table));
  }
  const { column, tables } = pin.result;
  return tables.map((table) => ({
    title: `${table.title} × ${column.title}`,
    header: [`${table.title} \\ ${column.title}`, ...column.options.map((o) => o.label), "小计"],
    rows: [
      ...table.rows.map((row) => [
        row.label,
        ...row.cells.map((cell) => `${cell.count}（${pct(cell.rowPercent)}）`),
        String(row.total),
      ]),
      // The totals row as the 交叉分析 page words it (its last column keeps 小计, as there).
      ["合计", ...table.columnTotals.map(String), String(table.total)],
    ],
    notes: ["单元格为人数（行百分比）"],
  }));
}
