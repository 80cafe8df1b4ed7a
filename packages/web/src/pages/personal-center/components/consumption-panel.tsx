import {
  type ConsumptionType,
  type ConsumptionView,
  consumptionTypeLabels,
  consumptionTypes,
  payProviderLabels,
} from "@wjgj/core";
import {
  App,
  Button,
  DatePicker,
  Grid,
  List,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { type ConsumptionFilter, payApi, useCancelOrderMutation, useConsumption } from "../../../api/pay.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { amountText, consumptionCsv, movedNoMoney } from "../lib/consumption-csv.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";
import { InvoiceCell } from "./invoice-cell.tsx";

const PAGE_SIZE = 10;

const typeOptions = [
  { value: "", label: "全部类型" },
  ...consumptionTypes.map((value) => ({ value, label: consumptionTypeLabels[value] })),
];

function Amount({ row }: { row: ConsumptionView }) {
  const className = movedNoMoney(row)
    ? "wj-consumption__unpaid"
    : row.amountFen > 0
      ? "wj-consumption__in"
      : undefined;
  return <span className={className}>{amountText(row)}</span>;
}

const isPending = (row: ConsumptionView) => row.source === "order" && row.status === "pending";

/** 待支付: pay the same order (its code may be scanned again until it closes) or close it now. */
function PendingActions({ row, onPay }: { row: ConsumptionView; onPay: (row: ConsumptionView) => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const cancel = useCancelOrderMutation();
  const handleCancel = () =>
    cancel.mutate(row.orderNo, {
      onSuccess: () => void message.success("订单已关闭"),
      onError: (error) => showError(error),
    });
  return (
    <Space size={0} wrap className="wj-consumption__actions">
      <Button size="small" type="link" onClick={() => onPay(row)} aria-label={`继续支付 ${row.itemName}`}>
        继续支付
      </Button>
      <Popconfirm title="关闭这个订单？" okText="关闭订单" cancelText="再想想" onConfirm={handleCancel}>
        <Button size="small" type="link" loading={cancel.isPending} aria-label={`取消订单 ${row.itemName}`}>
          取消
        </Button>
      </Popconfirm>
    </Space>
  );
}

const columnsWith = (onPay: (row: ConsumptionView) => void): TableColumnsType<ConsumptionView> => [
  { title: "时间", dataIndex: "createdAt", width: 160 },
  { title: "类型", dataIndex: "typeLabel", width: 90 },
  { title: "项目", dataIndex: "itemName" },
  {
    title: "金额（元）",
    dataIndex: "amountFen",
    align: "right",
    width: 110,
    render: (_: number, row) => <Amount row={row} />,
  },
  { title: "订单号", dataIndex: "orderNo", width: 190, render: (no: string) => no || "—" },
  {
    title: "支付方式",
    dataIndex: "provider",
    width: 90,
    render: (p: string) => (p ? (payProviderLabels[p] ?? p) : "—"),
  },
  {
    title: "状态",
    dataIndex: "statusLabel",
    width: 110,
    // 待支付 carries its two actions under it, so the table needs no column of its own for them.
    render: (label: string, o) => (
      <>
        {label}
        {isPending(o) && <PendingActions row={o} onPay={onPay} />}
      </>
    ),
  },
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
  // 继续支付: the checkout pays the existing order (a recharge cannot be paid from the balance it fills).
  const [paying, setPaying] = useState<ConsumptionView | null>(null);
  const columns = columnsWith(setPaying);
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
                <Amount row={o} />
              </div>
              <div className="wj-consumption__item-meta">
                {o.typeLabel} · {o.statusLabel} · {o.createdAt}
              </div>
              {o.orderNo ? <div className="wj-consumption__item-meta">订单号 {o.orderNo}</div> : null}
              {o.source === "order" && !movedNoMoney(o) ? <InvoiceCell order={o} /> : null}
              {isPending(o) && <PendingActions row={o} onPay={setPaying} />}
            </List.Item>
          )}
        />
      )}
      {paying && (
        <CheckoutDialog
          open
          title="继续支付"
          itemText={paying.itemName}
          amountFen={Math.abs(paying.amountFen)}
          order={{ orderNo: paying.orderNo }}
          allowWallet={paying.type !== "recharge"}
          onClose={() => setPaying(null)}
        />
      )}
    </section>
  );
}
