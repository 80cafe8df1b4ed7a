import { fenToYuan, type OrderStatus, orderStatusLabels, payProviderLabels } from "@wjgj/core";
import { Tag, Typography } from "antd";
import { type AdminOrder, adminMoneyApi } from "../../../api/admin-money.ts";
import { BankInfoButton } from "../components/bank-info-button.tsx";
import type { ScreenConfig } from "../screen-config.ts";

const statusColors: Record<OrderStatus, string> = {
  pending: "orange",
  paid: "green",
  cancelled: "default",
  refunded: "purple",
};

/** Providers whose adapters can give money back the way it came (the wallet and 对公转账 cannot). */
const refundableProviders = new Set(["wechat", "alipay"]);

/** 订单管理: find an order, confirm a 对公转账 once the money is in, refund a paid one; all audited. */
export const orderScreen: ScreenConfig<AdminOrder> = {
  title: "订单管理",
  testId: "admin-orders",
  listPath: "admin/order/list",
  unit: "个订单",
  toolbar: () => <BankInfoButton />,
  filters: [
    { name: "orderNo", label: "按订单号搜索", kind: "search", digits: true, maxLength: 20 },
    { name: "phone", label: "按手机号搜索", kind: "search", digits: true },
    {
      name: "status",
      label: "状态",
      kind: "select",
      options: Object.entries(orderStatusLabels).map(([value, label]) => ({ value, label })),
    },
    {
      name: "provider",
      label: "支付方式",
      kind: "select",
      options: ["transfer", "wallet", "wechat", "alipay", "fake"].map((value) => ({
        value,
        label: payProviderLabels[value] ?? value,
      })),
    },
  ],
  columns: [
    { key: "orderNo", title: "订单号", render: (row) => row.orderNo },
    { key: "user", title: "用户", render: (row) => `${row.nickName || "—"}（${row.phone || "无手机号"}）` },
    { key: "item", title: "商品", render: (row) => row.itemName, width: 160, ellipsis: true },
    { key: "amount", title: "金额（元）", render: (row) => fenToYuan(row.amountFen) },
    { key: "provider", title: "支付方式", render: (row) => payProviderLabels[row.provider] ?? row.provider },
    {
      key: "status",
      title: "状态",
      render: (row) => <Tag color={statusColors[row.status]}>{orderStatusLabels[row.status]}</Tag>,
    },
    {
      // Read whole and copied into the provider's console when reconciling: never cut, never under 操作.
      key: "tradeNo",
      title: "交易流水号",
      render: (row) =>
        row.tradeNo ? (
          <Typography.Text
            copyable={{ tooltips: ["复制", "已复制"] }}
            className="wj-trade-no"
            data-testid="trade-no"
          >
            {row.tradeNo}
          </Typography.Text>
        ) : (
          "—"
        ),
    },
    { key: "createdAt", title: "下单时间", render: (row) => row.createdAt },
    { key: "paidAt", title: "支付时间", render: (row) => row.paidAt || "—" },
  ],
  actions: [
    {
      label: "确认收款",
      visible: (row) => row.status === "pending" && row.provider === "transfer",
      prompt: { title: "确认已收到转账", label: "银行流水号（可不填）", max: 64, optional: true },
      run: (row, serial) => adminMoneyApi.confirmTransfer(row.orderNo, serial),
      done: "已确认收款，订单已完成",
    },
    {
      label: "退款到余额",
      danger: true,
      visible: (row) => row.status === "paid" && row.kind === "vip",
      prompt: { title: "退款到用户余额", label: "退款原因（记入操作日志）", max: 200 },
      run: (row, reason) => adminMoneyApi.refundOrder(row.orderNo, "wallet", reason),
      done: "已退款到用户余额",
    },
    {
      label: "原路退款",
      danger: true,
      visible: (row) => row.status === "paid" && refundableProviders.has(row.provider),
      prompt: { title: "原路退回支付账户", label: "退款原因（记入操作日志）", max: 200 },
      run: (row, reason) => adminMoneyApi.refundOrder(row.orderNo, "provider", reason),
      done: "已原路退款",
    },
  ],
  actionsWidth: 200,
};
