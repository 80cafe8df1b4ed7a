import { Segmented } from "antd";
import { useMemo, useState } from "react";
import { Chart } from "../../../../components/charts/chart.tsx";
import {
  type CountChartKind,
  countChart,
  countChartKinds,
} from "../../../../components/charts/chart-options.ts";
import { type CountRow, CountTable } from "./count-table.tsx";

export interface CountBlockProps {
  /** `chartLabel` captions a row in the chart when its table label is dressed (indented levels). */
  rows: (CountRow & { chartLabel?: string })[];
  total?: number;
  labelTitle?: string;
  /** The tab's 全部切换为 choice; the card's own switch starts from it. */
  defaultKind: CountChartKind;
  /** Names the chart for screen readers, e.g. the question's title. */
  chartName: string;
}

/** A count table with a chart under it whose kind the creator picks: 表格 / 柱状图 / 条形图 / 饼图. */
export function CountBlock({ rows, total, labelTitle, defaultKind, chartName }: CountBlockProps) {
  const [kind, setKind] = useState<CountChartKind>(defaultKind);
  const option = useMemo(
    () =>
      kind === "table"
        ? null
        : countChart(
            kind,
            rows.map((row) => ({ label: row.chartLabel ?? row.label, value: row.count })),
          ),
    [kind, rows],
  );
  return (
    <div className="wj-count-block">
      <CountTable rows={rows} total={total} labelTitle={labelTitle} />
      <div className="wj-count-block__switch">
        <Segmented<CountChartKind>
          size="small"
          aria-label="图表类型"
          value={kind}
          options={countChartKinds}
          onChange={setKind}
        />
      </div>
      {option && (
        <Chart
          option={option}
          label={`${chartName}统计图`}
          kind={kind}
          height={kind === "bar" ? Math.max(200, rows.length * 36 + 40) : 280}
        />
      )}
    </div>
  );
}
