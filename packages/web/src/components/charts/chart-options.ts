import {
  type CountChartKind,
  type CountItem,
  chartPalette,
  columnAxisLabel,
  countChart as coreCountChart,
  seriesColor,
  shortLabel,
} from "@wjgj/core/charts/count-chart";
import type {
  BarSeriesOption,
  HeatmapSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  ScatterSeriesOption,
} from "echarts/charts";
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from "echarts/components";
import type { ComposeOption } from "echarts/core";

/** The options the result screens build: only the series and components echarts-setup.ts registers. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export type { CountChartKind } from "@wjgj/core/charts/count-chart";

export const countChartKinds: { value: CountChartKind; label: string }[] = [
  { value: "table", label: "表格" },
  { value: "column", label: "柱状图" },
  { value: "bar", label: "条形图" },
  { value: "pie", label: "饼图" },
];

export { type CountItem, chartPalette, seriesColor, shortLabel } from "@wjgj/core/charts/count-chart";

/** Counts per option (or point) as one chart of the chosen kind; "table" has no chart (core's option, typed). */
export function countChart(
  kind: Exclude<CountChartKind, "table">,
  items: CountItem[],
  name = "人数",
): ChartOption {
  return coreCountChart(kind, items, name) as ChartOption;
}

/**
 * Responses per day, as straight segments: counts are whole days, and a smoothed curve between them reads as
 * values that never happened (and dips below a day's count on the way to a low one, such as today's so far).
 */
export function trendChart(points: { date: string; count: number }[]): ChartOption {
  return {
    color: chartPalette,
    tooltip: { trigger: "axis" },
    grid: { left: 16, right: 24, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: "category", boundaryGap: false, data: points.map((point) => point.date.slice(5)) },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      {
        type: "line",
        name: "答卷数",
        smooth: false,
        symbolSize: 6,
        areaStyle: { opacity: 0.12 },
        data: points.map((point) => point.count),
      },
    ],
  };
}

/** Several series side by side per category (交叉分析: a series per column option). */
/**
 * A correlation matrix as a heat map: blue for negative, red for positive, white at 0, each cell labelled with
 * its r (two decimals) and the stars of its p; cells that could not be computed stay empty.
 */
export function correlationHeatmap(
  labels: string[],
  cells: (null | { r: number; stars: string })[][],
): ChartOption {
  const data: [number, number, number, string][] = [];
  cells.forEach((row, i) => {
    row.forEach((cell, j) => {
      if (cell) data.push([j, labels.length - 1 - i, Math.round(cell.r * 100) / 100, cell.stars]);
    });
  });
  const reversed = [...labels].reverse();
  return {
    tooltip: {
      formatter: (params: unknown) => {
        const value = (params as { value: [number, number, number, string] }).value;
        return `${labels[value[0]] ?? ""} × ${reversed[value[1]] ?? ""}：r = ${value[2].toFixed(2)}${value[3]}`;
      },
    },
    grid: { left: 16, right: 16, top: 8, bottom: 40, containLabel: true },
    xAxis: {
      type: "category",
      data: labels,
      // Titles are long: cut to 8 characters and slanted, so neighbours never overlap on a phone.
      axisLabel: { formatter: (value: string) => shortLabel(value, 8), interval: 0, rotate: 30 },
    },
    yAxis: {
      type: "category",
      data: reversed,
      axisLabel: { formatter: (value: string) => shortLabel(value, 8) },
    },
    visualMap: {
      // The colour follows r (each cell is [column, row, r, stars]).
      dimension: 2,
      min: -1,
      max: 1,
      calculable: false,
      orient: "horizontal",
      left: "center",
      bottom: 0,
      itemHeight: 120,
      text: ["1", "-1"],
      inRange: { color: ["#2f6bff", "#ffffff", "#f5455c"] },
    },
    series: [
      {
        type: "heatmap",
        data,
        label: {
          show: true,
          formatter: (params: unknown) => {
            const value = (params as { value: [number, number, number, string] }).value;
            return `${value[2].toFixed(2)}${value[3]}`;
          },
        },
      },
    ],
  };
}

export function groupedBarChart(
  categories: string[],
  series: { name: string; values: number[] }[],
): ChartOption {
  return {
    color: chartPalette,
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { type: "plain", top: 0, formatter: (label: string) => shortLabel(label, 10) },
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: categories, axisLabel: columnAxisLabel },
    yAxis: { type: "value", minInterval: 1 },
    series: series.map((item, index) => ({
      type: "bar",
      name: item.name,
      data: item.values,
      barMaxWidth: 28,
      itemStyle: { color: seriesColor(index) },
    })),
  };
}
