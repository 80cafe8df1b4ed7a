import { type OrderView, type WalletRecordView, walletKindLabels } from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { LedgerTransferRow, OrderRow } from "../db/tables/money.ts";

export function presentOrder(order: OrderRow): OrderView {
  return {
    orderNo: order.orderNo,
    kind: order.itemKind,
    itemName: order.itemName,
    vipLevel: order.vipLevel,
    vipDays: order.vipDays,
    amountFen: Number(order.amountFen),
    status: order.status,
    provider: order.provider,
    createdAt: chinaDateTime(order.createdAt),
    paidAt: chinaDateTime(order.paidAt),
  };
}

/** One movement seen from the wallet: money in is positive, out (or frozen) negative. */
export function presentWalletRecord(row: LedgerTransferRow, walletAccountId: number): WalletRecordView {
  const amount = Number(row.amount);
  let signed = row.creditAccountId === walletAccountId ? amount : -amount;
  let kind = row.kind;
  if (row.phase === "pending") kind = "freeze";
  // A release gives frozen money back: shown as money in.
  if (row.phase === "void_pending") signed = amount;
  return {
    id: row.id,
    kind,
    kindLabel: row.phase === "void_pending" ? "解冻" : (walletKindLabels[kind] ?? kind),
    amountFen: signed,
    reference: row.reference,
    createdAt: chinaDateTime(row.createdAt),
  };
}
