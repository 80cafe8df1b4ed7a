import type {
  AllocationStatistics,
  DateStatistics,
  MatrixRowStatistics,
  MatrixStatistics,
  NumericStatistics,
  RankingOptionStatistics,
  RankingStatistics,
} from "@wjgj/core";
import { valueBars } from "@wjgj/core/charts/value-bins";
import { Button, Statistic, Table, type TableColumnsType } from "antd";
import { useMemo } from "react";
import { Chart } from "../../../../components/charts/chart.tsx";
import { countChart } from "../../../../components/charts/chart-options.ts";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import type { BodyProps } from "./body-props.ts";

function ShowAll({
  stats,
  onShowText,
}: Pick<BodyProps<NumericStatistics | DateStatistics>, "stats" | "onShowText">) {
  return (
    <Button type="link" onClick={() => onShowText(stats.questionId, `${stats.title} · 填写内容`)}>
      查看全部填写内容
    </Button>
  );
}

/** 数字, 滑块, 日期范围: mean, min, max, median and the distribution of values (in ranges when many). */
export function NumericBody({ stats, onShowText }: BodyProps<NumericStatistics>) {
  const chart = useMemo(
    () =>
      stats.distribution.length > 1 ? countChart("column", valueBars(stats.distribution, stats.unit)) : null,
    [stats],
  );
  return (
    <>
      <div className="wj-measures">
        <Statistic title="平均值" value={formatNumber(stats.mean, stats.unit)} />
        <Statistic title="最小值" value={formatNumber(stats.min, stats.unit)} />
        <Statistic title="最大值" value={formatNumber(stats.max, stats.unit)} />
        <Statistic title="中位数" value={formatNumber(stats.median, stats.unit)} />
        <Statistic title="总和" value={formatNumber(stats.sum, stats.unit)} />
      </div>
      {chart && <Chart option={chart} label={`${stats.title}数值分布图`} kind="column" height={240} />}
      <ShowAll stats={stats} onShowText={onShowText} />
    </>
  );
}

/** 日期: the earliest, latest and median date. */
export function DateBody({ stats, onShowText }: BodyProps<DateStatistics>) {
  return (
    <>
      <div className="wj-measures">
        <Statistic title="最早" value={stats.earliest ?? "-"} />
        <Statistic title="最晚" value={stats.latest ?? "-"} />
        <Statistic title="中位日期" value={stats.median ?? "-"} />
      </div>
      <ShowAll stats={stats} onShowText={onShowText} />
    </>
  );
}

/** 排序: options by average rank (1 = first), with how often each landed on each position. */
export function RankingBody({ stats }: BodyProps<RankingStatistics>) {
  const positions = Math.max(0, ...stats.options.map((option) => option.positions.length));
  const columns: TableColumnsType<RankingOptionStatistics> = [
    { title: "选项", dataIndex: "label" },
    {
      title: "平均排名",
      dataIndex: "averageRank",
      width: 100,
      render: (v: number | null) => formatNumber(v),
    },
    { title: "排序人次", dataIndex: "count", width: 90 },
    ...Array.from({ length: positions }, (_, i) => ({
      title: `第${i + 1}位`,
      key: `p${i}`,
      width: 70,
      render: (_v: unknown, option: RankingOptionStatistics) => option.positions[i] ?? 0,
    })),
  ];
  const chart = useMemo(
    () =>
      countChart(
        "bar",
        stats.options.map((option) => ({
          label: option.label,
          value: Number((option.averageRank ?? 0).toFixed(2)),
        })),
        "平均排名",
      ),
    [stats],
  );
  return (
    <>
      <Table<RankingOptionStatistics>
        size="small"
        rowKey="optionId"
        columns={columns}
        dataSource={stats.options}
        pagination={false}
        scroll={{ x: "max-content" }}
      />
      <p className="wj-muted">平均排名越小越靠前。</p>
      <Chart
        option={chart}
        label={`${stats.title}平均排名图`}
        kind="bar"
        height={Math.max(200, stats.options.length * 36 + 40)}
      />
    </>
  );
}

/** 比重: points given to each option, in total and on average. */
export function AllocationBody({ stats }: BodyProps<AllocationStatistics>) {
  return (
    <Table
      size="small"
      rowKey="optionId"
      pagination={false}
      dataSource={stats.options}
      columns={[
        { title: "选项", dataIndex: "label" },
        { title: "总分", dataIndex: "sum", width: 100 },
        { title: "平均分", dataIndex: "average", width: 100, render: (v: number | null) => formatNumber(v) },
      ]}
    />
  );
}

/** 矩阵: a row per matrix row, a cell per column with its count and the row's share. */
export function MatrixBody({ stats }: BodyProps<MatrixStatistics>) {
  const hasAverage = stats.rows.some((row) => row.average !== undefined);
  const columns: TableColumnsType<MatrixRowStatistics> = [
    { title: "", dataIndex: "label", fixed: "left" },
    ...stats.columns.map((column) => ({
      title: column.label,
      key: column.columnId,
      render: (_v: unknown, row: MatrixRowStatistics) => {
        const cell = row.cells.find((item) => item.columnId === column.columnId);
        return cell ? (
          <span className="wj-matrix__cell">
            {cell.count}
            <span className="wj-muted">（{formatPercent(cell.percentage)}）</span>
          </span>
        ) : (
          0
        );
      },
    })),
    { title: "小计", dataIndex: "answered", width: 70 },
    ...(hasAverage
      ? [
          {
            title: "平均分",
            dataIndex: "average",
            width: 80,
            render: (v: number | null | undefined) => formatNumber(v),
          },
        ]
      : []),
  ];
  return (
    <Table<MatrixRowStatistics>
      size="small"
      rowKey="rowId"
      columns={columns}
      dataSource={stats.rows}
      pagination={false}
      scroll={{ x: "max-content" }}
    />
  );
}
