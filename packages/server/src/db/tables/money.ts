import type { Generated, Selectable } from "kysely";

/** A wallet ("user:<id>:wallet") or one of the site's own accounts ("site:<name>"); sums in fen. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  key: string;
  userId: number | null;
  kind: "user" | "site";
  /** Credits minus debits of every posted transfer. */
  posted: number;
  /** Reserved (frozen) by pending transfers that are neither posted nor voided yet. */
  pending: number;
  createdAt: string;
}

export type TransferPhase = "posted" | "pending" | "post_pending" | "void_pending";

/** One movement, never updated or deleted; a mistake is undone by a reversing transfer. */
export interface LedgerTransfersTable {
  id: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  phase: TransferPhase;
  pendingId: string | null;
  kind: string;
  reference: string;
  memo: string;
  createdAt: string;
}

export interface LedgerHoldsTable {
  transferId: string;
  remaining: number;
}

export type OrderStatus = "pending" | "paid" | "cancelled" | "refunded";

export interface OrdersTable {
  id: Generated<number>;
  orderNo: string;
  userId: number;
  itemKind: "vip" | "recharge";
  itemName: string;
  vipLevel: number | null;
  vipDays: number | null;
  amountFen: number;
  status: OrderStatus;
  provider: string;
  tradeNo: string;
  createdAt: string;
  paidAt: string | null;
  updatedAt: string;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  notifyId: string;
  orderNo: string;
  body: string;
  receivedAt: string;
}

export type WithdrawalStatus = "pending" | "paid" | "rejected" | "cancelled";

/** A request to take wallet money out; its amount stays frozen (hold `holdId`) until it is decided. */
export interface WithdrawalsTable {
  id: Generated<number>;
  userId: number;
  amountFen: number;
  channel: "alipay" | "bank";
  accountName: string;
  accountNo: string;
  bankName: string;
  holdId: string;
  status: WithdrawalStatus;
  adminNote: string;
  reviewedBy: number | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** 发票: asked for a paid order, issued by an admin who attaches the PDF. */
export interface InvoicesTable {
  id: Generated<number>;
  orderId: number;
  userId: number;
  title: string;
  taxNo: string;
  email: string;
  status: "requested" | "issued";
  fileKey: string | null;
  fileSize: number | null;
  issuedBy: number | null;
  createdAt: string;
  issuedAt: string | null;
}

export type InvoiceRow = Selectable<InvoicesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerTransferRow = Selectable<LedgerTransfersTable>;
export type OrderRow = Selectable<OrdersTable>;
