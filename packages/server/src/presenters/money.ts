import { type OrderView, type WalletRecordView, type WithdrawalView, walletKindLabels } from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { LedgerTransferRow, OrderRow, WithdrawalRow } from "../db/tables/money.ts";

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
export function presentWalletRecord(
  row: LedgerTransferRow,
  walletAccountId: number,
  detail = "",
): WalletRecordView {
  const amount = Number(row.amount);
  let signed = row.creditAccountId === walletAccountId ? amount : -amount;
  let kind = row.kind;
  if (row.phase === "pending") kind = row.kind === "withdrawal" ? "withdrawal_hold" : "freeze";
  // A release gives frozen money back: shown as money in.
  if (row.phase === "void_pending") {
    signed = amount;
    kind = row.kind === "withdrawal" ? "withdrawal_release" : "release";
  }
  return {
    id: row.id,
    kind,
    kindLabel: walletKindLabels[kind] ?? kind,
    amountFen: signed,
    reference: row.reference,
    detail,
    createdAt: chinaDateTime(row.createdAt),
  };
}

/** A withdrawal request; the user's own list shows the account number masked but for its last four. */
export function presentWithdrawal(row: WithdrawalRow, options: { fullAccount: boolean }): WithdrawalView {
  const accountNo = options.fullAccount
    ? row.accountNo
    : `${"*".repeat(Math.max(0, Math.min(row.accountNo.length - 4, 8)))}${row.accountNo.slice(-4)}`;
  return {
    id: row.id,
    amountFen: Number(row.amountFen),
    channel: row.channel,
    accountName: row.accountName,
    accountNo,
    bankName: row.bankName,
    status: row.status,
    adminNote: row.adminNote,
    createdAt: chinaDateTime(row.createdAt),
    reviewedAt: chinaDateTime(row.reviewedAt),
  };
}
