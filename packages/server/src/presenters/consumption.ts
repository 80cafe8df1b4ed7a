import {
  type ConsumptionType,
  type ConsumptionView,
  consumptionTypeLabels,
  type InvoiceStatus,
  orderStatusLabels,
  withdrawalStatusLabels,
} from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { LedgerTransferRow, OrderRow, WithdrawalStatus } from "../db/tables/money.ts";

/** Which 消费明细 type each ledger kind belongs to; a kind missing here is listed under 其他. */
export const movementType: Record<string, ConsumptionType> = {
  vip: "vip",
  recharge: "recharge",
  refund: "refund",
  refund_undo: "refund",
  withdrawal: "withdrawal",
  red_packet: "red_packet",
  red_packet_claim: "red_packet",
  sample: "sample",
  // 商品 orders of the creator's forms (issue #41): money received, the platform's fee, refunds given.
  form_order: "form_order",
  form_order_fee: "form_order",
  form_order_refund: "form_order",
};

/** What the row says it was, by kind and by phase (a hold, or the release of what was left of it). */
const itemNames: Record<string, { hold?: string; release?: string; move?: string }> = {
  refund_undo: { move: "退款撤回" },
  withdrawal: { hold: "提现申请", release: "提现退回" },
  red_packet: { hold: "问卷红包预算冻结", release: "红包剩余预算退回" },
  red_packet_claim: { move: "领取问卷红包" },
  sample: { hold: "样本服务预付冻结", release: "样本服务未用金额退回" },
  form_order: { move: "商品订单收入" },
  form_order_fee: { move: "平台服务费" },
  form_order_refund: { move: "商品订单退款" },
};

const movementStatusLabels: Record<string, string> = {
  done: "已完成",
  frozen: "冻结中",
  settled: "已结算",
};

/** Order numbers as the user knows them: membership or recharge, sample (S…), form order (F…). */
export const ORDER_NO = /^(S?\d{20}|F\d{24})$/;

export function presentConsumptionOrder(
  order: OrderRow,
  invoiceStatus: InvoiceStatus | null,
): ConsumptionView {
  const amount = Number(order.amountFen);
  const charged = order.status === "paid" || order.status === "refunded";
  return {
    id: `order:${order.orderNo}`,
    source: "order",
    createdAt: chinaDateTime(order.createdAt),
    type: order.itemKind,
    typeLabel: consumptionTypeLabels[order.itemKind],
    itemName: order.itemName,
    // A paid membership is money gone; a recharge brings money in, and an order not (or no longer) paid moved
    // nothing: both are shown unsigned, never as a charge.
    amountFen: order.itemKind === "vip" && charged ? -amount : amount,
    orderNo: order.orderNo,
    status: order.status,
    statusLabel: orderStatusLabels[order.status],
    provider: order.provider,
    invoiceStatus,
  };
}

/** One movement of the wallet's available money: in is positive, out or frozen negative. */
export function presentMovement(
  row: LedgerTransferRow,
  walletId: number,
  extra: {
    holdRemaining: number;
    withdrawalStatus: WithdrawalStatus | undefined;
    orderItem: string | undefined;
  },
): ConsumptionView {
  const amount = Number(row.amount);
  const released = row.phase === "void_pending";
  const signed =
    released || (row.creditAccountId === walletId && row.debitAccountId !== walletId) ? amount : -amount;
  const type = movementType[row.kind] ?? "other";
  const names = itemNames[row.kind];
  let itemName =
    (row.phase === "pending" ? names?.hold : released ? names?.release : names?.move) ??
    (row.memo || consumptionTypeLabels[type]);
  if (row.kind === "refund") itemName = extra.orderItem ? `退款：${extra.orderItem}` : "订单退款";
  let status = "done";
  let statusLabel = movementStatusLabels.done ?? "";
  if (row.phase === "pending") {
    if (extra.withdrawalStatus) {
      status = extra.withdrawalStatus;
      statusLabel = withdrawalStatusLabels[extra.withdrawalStatus];
    } else {
      status = extra.holdRemaining > 0 ? "frozen" : "settled";
      statusLabel = movementStatusLabels[status] ?? "";
    }
  }
  return {
    id: `wallet:${row.id}`,
    source: "wallet",
    createdAt: chinaDateTime(row.createdAt),
    type,
    typeLabel: consumptionTypeLabels[type],
    itemName,
    amountFen: signed,
    orderNo: ORDER_NO.test(row.reference) ? row.reference : "",
    status,
    statusLabel,
    provider: "",
    invoiceStatus: null,
  };
}
