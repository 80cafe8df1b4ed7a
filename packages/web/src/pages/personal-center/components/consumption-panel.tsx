import {
  type ConsumptionView,
  fenToYuan,
  invoiceStatusLabels,
  type OrderKind,
  type OrderView,
  orderKindLabels,
  orderStatusLabels,
  payProviderLabels,
} from "@wjgj/core";
import { Button, DatePicker, Grid, List, Select, Table, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { type ConsumptionFilter, payApi, useConsumption } from "../../../api/pay.ts";
import { InvoiceCell } from "./invoice-cell.tsx";

const PAGE_SIZE = 10;

const columns: TableColumnsType<ConsumptionView> = [
  { title: "时间", dataIndex: "createdAt", width: 170 },
  { title: "类型", dataIndex: "kind", width: 100, render: (kind: OrderKind) => orderKindLabels[kind] },
  { title: "项目", dataIndex: "itemName" },
  {
    title: "金额（元）",
    dataIndex: "amountFen",
    align: "right",
    width: 110,
    render: (fen: number) => fenToYuan(fen),
  },
  { title: "订单号", dataIndex: "orderNo", width: 200 },
  { title: "支付方式", dataIndex: "provider", width: 100, render: (p: string) => payProviderLabels[p] ?? p },
  { title: "状态", dataIndex: "status", width: 90, render: (s: OrderView["status"]) => orderStatusLabels[s] },
  { title: "发票", key: "invoice", width: 100, render: (_: unknown, o) => <InvoiceCell order={o} /> },
];

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Every order of the filter (page by page), as a CSV file Excel opens (UTF-8 with BOM). */
async function downloadCsv(filter: ConsumptionFilter): Promise<void> {
  const rows: ConsumptionView[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await payApi.accountConsumption({ ...filter, pageNum, pageSize: 100 });
    rows.push(...page.list);
    if (rows.length >= page.total || page.list.length === 0) break;
  }
  const lines = [
    ["时间", "类型", "项目", "金额（元）", "订单号", "支付方式", "状态", "发票"],
    ...rows.map((o) => [
      o.createdAt,
      orderKindLabels[o.kind],
      o.itemName,
      fenToYuan(o.amountFen),
      `\t${o.orderNo}`,
      payProviderLabels[o.provider] ?? o.provider,
      orderStatusLabels[o.status],
      o.invoiceStatus ? invoiceStatusLabels[o.invoiceStatus] : "",
    ]),
  ];
  const text = `\ufeff${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "消费明细.csv";
  link.click();
  URL.revokeObjectURL(url);
}

/** /dc/personalCenter/personalDetail?type=3: the account's orders (user/accountConsumption). */
export function ConsumptionPanel() {
  const screens = Grid.useBreakpoint();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [type, setType] = useState<OrderKind | "">("");
  const [pageNum, setPageNum] = useState(1);
  const filter: ConsumptionFilter = {
    pageNum,
    pageSize: PAGE_SIZE,
    startDate: range?.[0]?.format("YYYY-MM-DD") ?? "",
    endDate: range?.[1]?.format("YYYY-MM-DD") ?? "",
    type,
  };
  const data = useConsumption(filter);
  const [exporting, setExporting] = useState(false);
  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadCsv(filter);
    } finally {
      setExporting(false);
    }
  };
  const pagination = {
    current: pageNum,
    pageSize: PAGE_SIZE,
    total: data.data?.total ?? 0,
    onChange: setPageNum,
    showSizeChanger: false,
    hideOnSinglePage: true,
  };

  return (
    <section className="wj-consumption" data-testid="consumption-page">
      <h1 className="wj-wallet__title">消费明细</h1>
      <div className="wj-consumption__filters">
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => {
            setRange(value);
            setPageNum(1);
          }}
          placeholder={["开始日期", "结束日期"]}
          aria-label="日期范围"
          inputReadOnly
        />
        <Select
          value={type}
          onChange={(value) => {
            setType(value);
            setPageNum(1);
          }}
          aria-label="类型"
          style={{ minWidth: 120 }}
          options={[
            { value: "", label: "全部类型" },
            { value: "vip", label: orderKindLabels.vip },
            { value: "recharge", label: orderKindLabels.recharge },
          ]}
        />
        <Button onClick={handleExport} loading={exporting}>
          下载CSV
        </Button>
      </div>
      {screens.md ? (
        <Table<ConsumptionView>
          rowKey="orderNo"
          columns={columns}
          dataSource={data.data?.list ?? []}
          loading={data.isPending}
          pagination={pagination}
          locale={{ emptyText: <span className="wj-empty-text">暂无消费记录</span> }}
          size="middle"
        />
      ) : (
        <List<ConsumptionView>
          loading={data.isPending}
          dataSource={data.data?.list ?? []}
          locale={{ emptyText: <span className="wj-empty-text">暂无消费记录</span> }}
          pagination={(data.data?.total ?? 0) > PAGE_SIZE ? { ...pagination, size: "small" } : false}
          renderItem={(o) => (
            <List.Item className="wj-consumption__item" data-testid="consumption-row">
              <div className="wj-consumption__item-main">
                <strong>{o.itemName}</strong>
                <span>¥{fenToYuan(o.amountFen)}</span>
              </div>
              <div className="wj-consumption__item-meta">
                {orderKindLabels[o.kind]} · {orderStatusLabels[o.status]} · {o.createdAt}
              </div>
              <div className="wj-consumption__item-meta">订单号 {o.orderNo}</div>
              <InvoiceCell order={o} />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
