import { Progress, Table, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { colors } from "../../../../styles/tokens.ts";
import { formatPercent } from "../../lib/format.ts";

export interface CountRow {
  key: string;
  label: string;
  count: number;
  /** 0–100. */
  percentage: number;
  /** Shown after the label, e.g. a 查看其他 link. */
  extra?: ReactNode;
}

/** 选项 / 小计 / 比例, the share drawn as a bar in its cell, and the total line below. */
export function CountTable({
  rows,
  labelTitle = "选项",
  total,
  totalLabel = "本题有效填写人次",
}: {
  rows: CountRow[];
  labelTitle?: string;
  total?: number;
  totalLabel?: string;
}) {
  const columns: TableColumnsType<CountRow> = [
    {
      title: labelTitle,
      dataIndex: "label",
      render: (_value, row) => (
        <span className="wj-count__label">
          {row.label}
          {row.extra}
        </span>
      ),
    },
    // Wide enough for a six-digit count: on a phone the rest goes to 选项, where 本题有效填写人次 keeps to one line.
    { title: "小计", dataIndex: "count", width: 64, align: "right" },
    {
      title: "比例",
      dataIndex: "percentage",
      width: "38%",
      render: (value: number, row) => (
        <div className="wj-count__bar">
          <Progress
            aria-label={`${row.label} 比例`}
            percent={value}
            showInfo={false}
            size="small"
            strokeColor={colors.primary}
          />
          <span>{formatPercent(value)}</span>
        </div>
      ),
    },
  ];
  return (
    <Table<CountRow>
      className="wj-count"
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      summary={
        total === undefined
          ? undefined
          : () => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} className="wj-count__total">
                  <b>{totalLabel}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <b>{total}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
              </Table.Summary.Row>
            )
      }
    />
  );
}
