import { fenToYuan, type SampleOrderStatus, sampleOrderStatusLabels } from "@wjgj/core";
import { Tag, Typography } from "antd";
import { type AdminSampleOrder, sampleApi } from "../../../api/sample-service.ts";
import type { ScreenConfig } from "../screen-config.ts";

const statusColors: Record<SampleOrderStatus, string> = {
  paid: "blue",
  collecting: "processing",
  completed: "green",
  cancelled: "default",
};

/** "12" or "12/3": the accepted total, then optionally the rejected total (kept when left out). */
export function parseProgress(text: string, row: AdminSampleOrder): { filled: number; rejected: number } {
  const match = /^(\d{1,7})\s*(?:[/／,，\s]\s*(\d{1,7}))?$/.exec(text.trim());
  if (!match) throw new Error("请按“有效数”或“有效数/无效数”填写，例如 12/3");
  return { filled: Number(match[1]), rejected: match[2] === undefined ? row.rejected : Number(match[2]) };
}

const open = (row: AdminSampleOrder) => row.status === "paid" || row.status === "collecting";

/** 样本订单:投放 through the order's link, record accepted and rejected responses, or cancel with a refund. */
export const sampleOrderScreen: ScreenConfig<AdminSampleOrder> = {
  title: "样本订单",
  testId: "admin-sample-orders",
  listPath: "admin/sampleOrder/list",
  unit: "个样本订单",
  filters: [
    { name: "phone", label: "按手机号搜索", kind: "search", digits: true },
    {
      name: "status",
      label: "状态",
      kind: "select",
      options: Object.entries(sampleOrderStatusLabels).map(([value, label]) => ({ value, label })),
    },
  ],
  columns: [
    { key: "orderNo", title: "订单号", render: (row) => row.orderNo },
    { key: "title", title: "问卷", render: (row) => row.title, width: 180, ellipsis: true },
    { key: "phone", title: "下单用户", render: (row) => row.phone || "—" },
    { key: "targeting", title: "定向条件", render: (row) => row.targetingText, width: 200, ellipsis: true },
    {
      key: "progress",
      title: "进度",
      render: (row) => `有效 ${row.filled}/${row.quantity}，无效 ${row.rejected}，链接来源 ${row.arrived}`,
    },
    {
      key: "money",
      title: "费用（元）",
      render: (row) => `${fenToYuan(row.priceFen)}/份，已扣 ${fenToYuan(row.chargedFen)}`,
    },
    {
      key: "status",
      title: "状态",
      render: (row) => <Tag color={statusColors[row.status]}>{sampleOrderStatusLabels[row.status]}</Tag>,
    },
    {
      key: "link",
      title: "投放链接",
      render: (row) => (
        <Typography.Text copyable={{ text: `${window.location.origin}/r/${row.publicId}?source=sample` }}>
          {`/r/${row.publicId}?source=sample`}
        </Typography.Text>
      ),
    },
    { key: "note", title: "需求说明", render: (row) => row.note || "—", width: 160, ellipsis: true },
    { key: "createdAt", title: "下单时间", render: (row) => row.createdAt },
  ],
  actions: [
    {
      label: "更新进度",
      visible: open,
      prompt: {
        title: "更新回收进度",
        label: "累计有效答卷数/无效答卷数（无效的不计费）",
        placeholder: "例如 12/3",
        max: 20,
      },
      run: (row, text) => {
        const { filled, rejected } = parseProgress(text, row);
        return sampleApi.progress(row.id, filled, rejected, "");
      },
      done: "进度已更新",
    },
    {
      label: "取消订单",
      danger: true,
      visible: open,
      prompt: { title: "取消样本订单", label: "取消原因（用户可见）", max: 200 },
      run: (row, reason) => sampleApi.adminCancel(row.id, reason),
      done: "订单已取消，未完成部分的费用已退回余额",
    },
  ],
  actionsWidth: 180,
};
