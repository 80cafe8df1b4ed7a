import {
  type ConsumptionType,
  type ConsumptionView,
  consumptionTypeLabels,
  consumptionTypes,
  payProviderLabels,
} from "@wjgj/core";
import { Button, DatePicker, Grid, List, Select, Table, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { type ConsumptionFilter, payApi, useConsumption } from "../../../api/pay.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { consumptionCsv, signedYuan } from "../lib/consumption-csv.ts";
import { InvoiceCell } from "./invoice-cell.tsx";

const PAGE_SIZE = 10;

const typeOptions = [
  { value: "", label: "全部类型" },
  ...consumptionTypes.map((value) => ({ value, label: consumptionTypeLabels[value] })),
];

function Amount({ fen }: { fen: number }) {
  return <span className={fen > 0 ? "wj-consumption__in" : undefined}>{signedYuan(fen)}</span>;
}

const columns: TableColumnsType<ConsumptionView> = [
  { title: "时间", dataIndex: "createdAt", width: 160 },
  { title: "类型", dataIndex: "typeLabel", width: 90 },
  { title: "项目", dataIndex: "itemName" },
  {
    title: "金额（元）",
    dataIndex: "amountFen",
    align: "right",
    width: 110,
    render: (fen: number) => <Amount fen={fen} />,
  },
  { title: "订单号", dataIndex: "orderNo", width: 190, render: (no: string) => no || "—" },
  {
    title: "支付方式",
    dataIndex: "provider",
    width: 90,
    render: (p: string) => (p ? (payProviderLabels[p] ?? p) : "—"),
  },
  { title: "状态", dataIndex: "statusLabel", width: 80 },
  { title: "发票", key: "invoice", width: 90, render: (_: unknown, o) => <InvoiceCell order={o} /> },
];

/** Every row of the filter (page by page), saved as a CSV file. */
async function downloadCsv(filter: ConsumptionFilter): Promise<void> {
  const rows: ConsumptionView[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await payApi.accountConsumption({ ...filter, pageNum, pageSize: 100 });
    rows.push(...page.list);
    if (rows.length >= page.total || page.list.length === 0) break;
  }
  const url = URL.createObjectURL(new Blob([consumptionCsv(rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "消费明细.csv";
  link.click();
  URL.revokeObjectURL(url);
}

/** /dc/personalCenter/personalDetail?type=3: the account's orders and wallet movements (user/accountConsumption). */
export function ConsumptionPanel() {
  const screens = Grid.useBreakpoint();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [type, setType] = useState<ConsumptionType | "">("");
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
  const showError = useApiError();
  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadCsv(filter);
    } catch (error) {
      showError(error);
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
          options={typeOptions}
        />
        <Button onClick={handleExport} loading={exporting}>
          下载CSV
        </Button>
      </div>
      {screens.md ? (
        <Table<ConsumptionView>
          rowKey="id"
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
                <Amount fen={o.amountFen} />
              </div>
              <div className="wj-consumption__item-meta">
                {o.typeLabel} · {o.statusLabel} · {o.createdAt}
              </div>
              {o.orderNo ? <div className="wj-consumption__item-meta">订单号 {o.orderNo}</div> : null}
              {o.source === "order" ? <InvoiceCell order={o} /> : null}
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
