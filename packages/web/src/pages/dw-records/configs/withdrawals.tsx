import {
  fenToYuan,
  invoiceStatusLabels,
  type WithdrawalStatus,
  withdrawalChannelLabels,
  withdrawalStatusLabels,
} from "@wjgj/core";
import { Tag } from "antd";
import { type AdminInvoice, type AdminWithdrawal, adminMoneyApi } from "../../../api/admin-money.ts";
import type { ScreenConfig } from "../screen-config.ts";

const statusColors: Record<WithdrawalStatus, string> = {
  pending: "orange",
  paid: "green",
  rejected: "red",
  cancelled: "default",
};

/** 提现管理: pay a request out by hand and confirm it, or refuse it with a reason the user reads. */
export const withdrawalScreen: ScreenConfig<AdminWithdrawal> = {
  title: "提现管理",
  testId: "admin-withdrawals",
  listPath: "admin/withdrawal/list",
  unit: "条提现申请",
  filters: [
    { name: "phone", label: "按手机号搜索", kind: "search", digits: true },
    {
      name: "status",
      label: "状态",
      kind: "select",
      options: Object.entries(withdrawalStatusLabels).map(([value, label]) => ({ value, label })),
    },
  ],
  columns: [
    { key: "user", title: "用户", render: (row) => `${row.nickName || "—"}（${row.phone || "无手机号"}）` },
    { key: "amount", title: "金额（元）", render: (row) => fenToYuan(row.amountFen) },
    {
      key: "payee",
      title: "收款账户",
      render: (row) =>
        `${withdrawalChannelLabels[row.channel]} · ${row.accountName} · ${row.bankName ? `${row.bankName} ` : ""}${row.accountNo}`,
      width: 260,
      ellipsis: true,
    },
    {
      key: "status",
      title: "状态",
      render: (row) => <Tag color={statusColors[row.status]}>{withdrawalStatusLabels[row.status]}</Tag>,
    },
    { key: "note", title: "备注", render: (row) => row.adminNote || "—", width: 160, ellipsis: true },
    { key: "createdAt", title: "申请时间", render: (row) => row.createdAt },
    { key: "reviewedAt", title: "处理时间", render: (row) => row.reviewedAt || "—" },
  ],
  actions: [
    {
      label: "确认打款",
      visible: (row) => row.status === "pending",
      prompt: { title: "确认已打款", label: "打款流水号或备注（可不填）", max: 200, optional: true },
      run: (row, note) => adminMoneyApi.approveWithdrawal(row.id, note),
      done: "已确认打款",
    },
    {
      label: "驳回",
      danger: true,
      visible: (row) => row.status === "pending",
      prompt: { title: "驳回提现申请", label: "驳回原因（用户可见）", max: 200 },
      run: (row, reason) => adminMoneyApi.rejectWithdrawal(row.id, reason),
      done: "已驳回，金额已退回用户余额",
    },
  ],
  actionsWidth: 180,
};

/** 发票管理: the finance team issues the invoice elsewhere and attaches its PDF here; the user downloads it. */
export const invoiceScreen: ScreenConfig<AdminInvoice> = {
  title: "发票管理",
  testId: "admin-invoices",
  listPath: "admin/invoice/list",
  unit: "条发票申请",
  filters: [
    {
      name: "status",
      label: "状态",
      kind: "select",
      options: Object.entries(invoiceStatusLabels).map(([value, label]) => ({ value, label })),
    },
  ],
  columns: [
    { key: "orderNo", title: "订单号", render: (row) => row.orderNo },
    { key: "phone", title: "用户手机号", render: (row) => row.phone || "—" },
    { key: "amount", title: "金额（元）", render: (row) => fenToYuan(row.amountFen) },
    { key: "title", title: "发票抬头", render: (row) => row.title, width: 200, ellipsis: true },
    { key: "taxNo", title: "纳税人识别号", render: (row) => row.taxNo || "—" },
    { key: "email", title: "接收邮箱", render: (row) => row.email },
    {
      key: "status",
      title: "状态",
      render: (row) => (
        <Tag color={row.status === "issued" ? "green" : "orange"}>{invoiceStatusLabels[row.status]}</Tag>
      ),
    },
    { key: "createdAt", title: "申请时间", render: (row) => row.createdAt },
  ],
  actions: [
    {
      label: "上传发票PDF",
      file: { accept: "application/pdf,.pdf" },
      run: (row, _input, file) => (file ? adminMoneyApi.issueInvoice(row.id, file) : Promise.resolve(null)),
      done: "已开具发票，用户可在消费明细中下载",
    },
  ],
  actionsWidth: 140,
};
