// The ECharts options of counted answers, shared by the results page (drawn in the browser) and the analysis
// report (rendered to SVG on the server), so the page and the file agree. Plain options: no echarts import.

/** How a counted question is drawn: 柱状图 (vertical), 条形图 (horizontal), 饼图, or the table alone. */
export type CountChartKind = "table" | "column" | "bar" | "pie";

export const chartPalette = [
  "#2f6bff",
  "#22b07d",
  "#ffb020",
  "#f5455c",
  "#8e5cf7",
  "#17b6d1",
  "#ff7a45",
  "#5b7190",
];

/**
 * The colour of series `index`: the palette first, then hues a golden angle apart, so a grouped chart with
 * more series than the palette (NPS's 11 points, provinces) never draws two series alike.
 */
export function seriesColor(index: number): string {
  return chartPalette[index] ?? `hsl(${Math.round((index * 137.508) % 360)}, 62%, 48%)`;
}

export interface CountItem {
  label: string;
  value: number;
}

/** Axis captions stay short; the tooltip shows the whole label. */
export function shortLabel(label: string, max = 10): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : label;
}

/** Category captions: every one shown, shortened (the tooltip shows the whole label). */
export const axisLabel = { formatter: (value: string) => shortLabel(value), interval: 0 };

/**
 * A column's caption: a scale point's words (`1（非常不满意）`, `10（极有可能）`) go on a line under its number,
 * so on a phone the end captions of an 11-point NPS do not run into the neighbouring numbers.
 */
export function columnCaption(label: string): string {
  const match = /^(.+?)（(.+)）$/.exec(label);
  return match ? `${match[1]}\n${shortLabel(match[2] as string)}` : shortLabel(label);
}

/** Vertical columns' captions: every one shown, a point's words under its number. */
export const columnAxisLabel = { formatter: columnCaption, interval: 0 };

/** Counts per option (or point) as one chart of the chosen kind; "table" has no chart. */
export function countChart(
  kind: Exclude<CountChartKind, "table">,
  items: CountItem[],
  name = "人数",
): Record<string, unknown> {
  if (kind === "pie")
    return {
      color: chartPalette,
      tooltip: { trigger: "item", formatter: "{b}<br/>{c} ({d}%)" },
      legend: { type: "plain", bottom: 0, formatter: (label: string) => shortLabel(label, 10) },
      series: [
        {
          type: "pie",
          name,
          radius: ["35%", "65%"],
          center: ["50%", "45%"],
          data: items.map((item) => ({ name: item.label, value: item.value })),
          // Never cut to "3…" (ECharts truncates outside labels to the room it reckons); short leader lines
          // leave that room on a phone.
          label: { formatter: "{d}%", overflow: "none" },
          labelLine: { length: 6, length2: 6 },
        },
      ],
    };
  const horizontal = kind === "bar";
  const categories = items.map((item) => item.label);
  const category = {
    type: "category" as const,
    data: horizontal ? [...categories].reverse() : categories,
    axisLabel: horizontal ? axisLabel : columnAxisLabel,
  };
  const value = { type: "value" as const, minInterval: 1 };
  const values = items.map((item) => item.value);
  return {
    color: chartPalette,
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    grid: { left: 16, right: 24, top: 24, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [
      {
        type: "bar",
        name,
        data: horizontal ? [...values].reverse() : values,
        barMaxWidth: 36,
        label: { show: true, position: horizontal ? "right" : "top" },
      },
    ],
  };
}
