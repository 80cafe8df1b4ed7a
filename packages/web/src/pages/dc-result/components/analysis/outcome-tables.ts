import type { AnalysisOutcome } from "@wjgj/core/api/analysis";
import { stars } from "@wjgj/core/stats-tables/table-model";
import type { ChartOption } from "../../../../components/charts/chart-options.ts";
import { correlationHeatmap, groupedBarChart } from "../../../../components/charts/chart-options.ts";

export { outcomeTables } from "@wjgj/core/stats-tables/outcome-tables";

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : 0);

/** Group means per variable as clustered bars (the variables a test could compute). */
function meansChart(groups: string[], items: { label: string; means: number[] }[]): ChartOption | null {
  if (!items.length) return null;
  return groupedBarChart(
    items.map((item) => item.label),
    groups.map((name, k) => ({ name, values: items.map((item) => round(item.means[k] ?? Number.NaN)) })),
  );
}

export interface OutcomeChart {
  option: ChartOption;
  label: string;
  kind: "grouped-bar" | "heatmap";
  height: number;
}

/** A small chart where it helps reading the table: the cross-tab's column shares, the groups' means. */
export function outcomeChart(outcome: AnalysisOutcome): OutcomeChart | null {
  switch (outcome.method) {
    case "crosstab": {
      const { table } = outcome;
      const base = groupedBarChart(
        table.columns.map((column) => column.label),
        table.rows.map((row, i) => ({
          name: row.label,
          values: table.columns.map((_, j) => {
            const total = table.columnTotals[j] ?? 0;
            return total ? round(((table.counts[i]?.[j] ?? 0) / total) * 100) : 0;
          }),
        })),
      );
      return {
        label: `${outcome.row.label}与${outcome.column.label}交叉分析图（列百分比）`,
        option: { ...base, yAxis: { type: "value", axisLabel: { formatter: "{value}%" } } },
        kind: "grouped-bar",
        height: 280,
      };
    }
    case "independentT": {
      const option = meansChart(
        outcome.groups.map((g) => g.label),
        outcome.items.flatMap((item) =>
          item.result.ok
            ? [{ label: item.variable.label, means: [item.result.mean1, item.result.mean2] }]
            : [],
        ),
      );
      return option && groupMeans(option, outcome.group.label);
    }
    case "anova": {
      const option = meansChart(
        outcome.groups.map((g) => g.label),
        outcome.items.flatMap((item) =>
          item.result.ok ? [{ label: item.variable.label, means: item.result.groupMeans }] : [],
        ),
      );
      return option && groupMeans(option, outcome.group.label);
    }
    case "correlation": {
      const labels = outcome.variables.map((v) => v.label);
      const cells = outcome.matrix.map((row, i) =>
        row.map((cell, j) => (cell.ok ? { r: cell.r, stars: i === j ? "" : stars(cell.p) } : null)),
      );
      return {
        option: correlationHeatmap(labels, cells),
        label: `${labels.join("、")}的相关系数热力图`,
        kind: "heatmap",
        height: 96 + 44 * labels.length,
      };
    }
    default:
      return null;
  }
}

/** The groups' means as bars: means are not counts, so the value axis may show fractions. */
function groupMeans(option: ChartOption, group: string): OutcomeChart {
  return {
    option: { ...option, yAxis: { type: "value" } },
    label: `${group}各组平均值对比图`,
    kind: "grouped-bar",
    height: 280,
  };
}
