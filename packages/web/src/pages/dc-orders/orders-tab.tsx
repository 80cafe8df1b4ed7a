import { DownloadOutlined } from "@ant-design/icons";
import {
  type FormOrderStatus,
  type FormOrderTotalsView,
  type FormOrderView,
  fenToYuan,
  formOrderStatusLabels,
  productLineText,
} from "@wjgj/core";
import { Button, Card, Select, Statistic, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { formOrdersApi, useFormOrders } from "../../api/form-orders.ts";
import type { AnswerListQuery } from "../../api/results.ts";
import { useAccess } from "../../components/permitted.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";
import { AnswerDrawer } from "../dc-result/components/answers/answer-drawer.tsx";
import { useResults } from "../dc-result/hooks/results-context.ts";
import { RefundDialog, refundableFen } from "./refund-dialog.tsx";
import "./dc-orders.css";

/** The filter's order: the states a creator looks for most first. */
const FILTERED: FormOrderStatus[] = [
  "pending",
  "paid",
  "partially_refunded",
  "refunded",
  "expired",
  "cancelled",
];
const statusOptions = [
  { value: "", label: "全部状态" },
  ...FILTERED.map((status) => ({ value: status, label: formOrderStatusLabels[status] })),
];
const statusColors: Record<FormOrderStatus, string> = {
  pending: "gold",
  paid: "green",
  partially_refunded: "orange",
  refunded: "purple",
  expired: "default",
  cancelled: "default",
};

/** The drawer opens the response whatever its state (an unpaid order's response is 无效 until it is paid). */
const anyStatus: AnswerListQuery = { sort: "timeDesc" };

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

function Totals({ totals }: { totals: FormOrderTotalsView | undefined }) {
  const items = [
    { title: "已支付订单", value: totals ? `${totals.paidCount}` : "-", suffix: "笔" },
    { title: "收款", value: totals ? yuan(totals.receivedFen) : "-" },
    { title: "退款", value: totals ? yuan(totals.refundedFen) : "-" },
    { title: "平台服务费", value: totals ? yuan(totals.feeFen) : "-" },
    { title: "实收", value: totals ? yuan(totals.netFen) : "-" },
  ];
  return (
    <div className="fo-totals" data-testid="order-totals">
      {items.map((item) => (
        <Card key={item.title} size="small" className="fo-totals__card">
          <Statistic title={item.title} value={item.value} suffix={item.suffix} />
        </Card>
      ))}
    </div>
  );
}

/**
 * 订单管理 (issue #41): the 商品 orders of the questionnaire with what they brought in, filtered by state and
 * paged; 退款 for those who manage the responses, 导出订单 for everyone who sees the results.
 */
export function OrdersTab() {
  const { id, questionary } = useResults();
  const canRefund = useAccess().may("manageResponses");
  const showError = useApiError();
  const [status, setStatus] = useState<FormOrderStatus | "">("");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [refunding, setRefunding] = useState<FormOrderView | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useFormOrders({ id, ...(status ? { status } : {}), ...page });
  const data = query.data;

  const handleStatus = (next: FormOrderStatus | "") => {
    setStatus(next);
    setPage((old) => ({ ...old, pageNum: 1 }));
  };
  const handleExport = async () => {
    setExporting(true);
    try {
      await formOrdersApi.export(id, questionary.title);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<FormOrderView> = [
    { title: "订单号", dataIndex: "orderNo", render: (no: string) => <span className="fo-mono">{no}</span> },
    {
      title: "商品",
      key: "lines",
      render: (_, order) => (
        <ul className="fo-lines">
          {order.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move; two may read alike.
            <li key={i}>{productLineText(line)}</li>
          ))}
        </ul>
      ),
    },
    {
      title: "金额",
      key: "total",
      render: (_, order) => (
        <div className="fo-amount">
          <span>{yuan(order.totalFen)}</span>
          {order.refundedFen > 0 ? <small>已退 {yuan(order.refundedFen)}</small> : null}
        </div>
      ),
    },
    {
      title: "状态",
      dataIndex: "status",
      render: (value: FormOrderStatus, order) => (
        <Tag color={statusColors[value]}>{order.statusLabel || formOrderStatusLabels[value]}</Tag>
      ),
    },
    { title: "下单时间", dataIndex: "createdAt", render: (time: string) => time || "—" },
    { title: "支付时间", dataIndex: "paidAt", render: (time: string) => time || "—" },
    {
      title: "答卷",
      dataIndex: "responseId",
      render: (responseId: number | null) =>
        responseId === null ? (
          "—"
        ) : (
          <Button
            size="small"
            type="link"
            aria-label={`查看答卷 ${responseId}`}
            onClick={() => setOpenId(responseId)}
          >
            #{responseId}
          </Button>
        ),
    },
    {
      title: "操作",
      key: "actions",
      render: (_, order) =>
        canRefund &&
        (order.status === "paid" || order.status === "partially_refunded") &&
        refundableFen(order) > 0 ? (
          <Button size="small" danger onClick={() => setRefunding(order)}>
            退款
          </Button>
        ) : (
          <span className="fo-muted">—</span>
        ),
    },
  ];

  return (
    <div className="wj-result__stack fo-tab" data-testid="orders-tab">
      <Totals totals={data?.totals} />
      <Card
        title="订单管理"
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport}>
            导出订单
          </Button>
        }
      >
        <div className="fo-bar">
          <Select<FormOrderStatus | "">
            aria-label="订单状态"
            className="fo-bar__status"
            value={status}
            onChange={handleStatus}
            options={statusOptions}
          />
          {data ? <span className="fo-muted">共 {data.total} 笔订单</span> : null}
        </div>
        <Table<FormOrderView>
          rowKey="orderNo"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={query.isPending || query.isPlaceholderData}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: status ? "没有该状态的订单" : "还没有订单" }}
          onChange={(pagination) =>
            setPage({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize })
          }
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => `共 ${total} 笔`,
          }}
        />
      </Card>
      {refunding ? (
        <RefundDialog questionnaireId={id} order={refunding} onClose={() => setRefunding(null)} />
      ) : null}
      <AnswerDrawer
        responseId={openId}
        query={anyStatus}
        onStep={setOpenId}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}
