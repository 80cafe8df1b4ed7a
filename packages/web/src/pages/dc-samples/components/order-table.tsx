import { fenToYuan, type SampleOrderStatus, type SampleOrderView, sampleOrderStatusLabels } from "@wjgj/core";
import { App, Button, Card, Popconfirm, Progress, Table, type TableColumnsType, Tag } from "antd";
import { sampleApi, useSampleMutation, useSampleOrders } from "../../../api/sample-service.ts";
import { Permitted, useAccess } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

const statusColors: Record<SampleOrderStatus, string> = {
  paid: "blue",
  collecting: "processing",
  completed: "success",
  cancelled: "default",
};

/** 我的样本订单: progress as the admin records it, with cancel (the unfilled part is refunded). */
export function SampleOrderTable({ id }: { id: number }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const orders = useSampleOrders(id);
  const cancel = useSampleMutation((orderId: number) => sampleApi.cancelOrder(id, orderId));
  const mayCancel = useAccess().may("publish");

  const handleCancel = (row: SampleOrderView) =>
    cancel.mutate(row.id, {
      onSuccess: () => message.success("订单已取消，未完成部分的费用已退回余额"),
      onError: (error) => showError(error),
    });

  const columns: TableColumnsType<SampleOrderView> = [
    {
      title: "订单",
      key: "order",
      render: (_, row) => (
        <div className="wj-samples__order">
          <span>{row.orderNo}</span>
          <span className="wj-samples__muted">{row.createdAt}</span>
        </div>
      ),
    },
    { title: "定向条件", dataIndex: "targetingText", width: 200 },
    {
      title: "进度",
      key: "progress",
      width: 200,
      render: (_, row) => (
        <div data-testid={`sample-progress-${row.id}`}>
          <Progress
            percent={Math.floor((row.filled / row.quantity) * 100)}
            size="small"
            aria-label={`已回收${row.filled}份，共${row.quantity}份`}
          />
          <span>{`有效 ${row.filled} / ${row.quantity} 份${row.rejected ? `，剔除无效 ${row.rejected} 份` : ""}`}</span>
        </div>
      ),
    },
    {
      title: "费用",
      key: "money",
      render: (_, row) => (
        <div className="wj-samples__order">
          <span>{`¥${fenToYuan(row.priceFen)}/份，共 ¥${fenToYuan(row.totalFen)}`}</span>
          <span className="wj-samples__muted">
            {`已扣 ¥${fenToYuan(row.chargedFen)}${row.refundedFen ? `，已退 ¥${fenToYuan(row.refundedFen)}` : ""}`}
          </span>
        </div>
      ),
    },
    {
      title: "状态",
      dataIndex: "status",
      render: (status: SampleOrderStatus) => (
        <Tag color={statusColors[status]}>{sampleOrderStatusLabels[status]}</Tag>
      ),
    },
    { title: "客服备注", dataIndex: "adminNote", render: (note: string) => note || "—", width: 160 },
    {
      title: "操作",
      key: "actions",
      render: (_, row) =>
        row.status !== "paid" && row.status !== "collecting" ? (
          "—"
        ) : !mayCancel ? (
          <Permitted action="publish">
            <Button size="small" danger>
              取消订单
            </Button>
          </Permitted>
        ) : (
          <Popconfirm
            title="取消这个样本订单？"
            description="已回收的有效答卷照常计费，未完成部分的费用退回余额"
            okText="取消订单"
            cancelText="再想想"
            onConfirm={() => handleCancel(row)}
          >
            <Button size="small" danger>
              取消订单
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card title="样本订单">
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: "max-content" }}
        loading={orders.isLoading}
        dataSource={orders.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: "还没有样本订单" }}
      />
    </Card>
  );
}
