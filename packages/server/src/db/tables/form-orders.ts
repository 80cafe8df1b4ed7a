import type { FormOrderStatus } from "@wjgj/core";
import type { Generated, Selectable } from "kysely";

/** One product's stock in one 商品 question (issue #41); `stock` null is unlimited. */
export interface ProductStockTable {
  questionnaireId: number;
  questionId: string;
  itemKey: string;
  stock: number | null;
  reserved: Generated<number>;
  sold: Generated<number>;
}

/** How many of a product a buyer holds in orders pending or paid (每人限购 across orders). */
export interface ProductBuyerCountsTable {
  questionnaireId: number;
  questionId: string;
  itemKey: string;
  buyerKey: string;
  quantity: Generated<number>;
}

/** A 商品 order; money in fen. */
export interface FormOrdersTable {
  id: Generated<number>;
  orderNo: string;
  questionnaireId: number;
  questionId: string;
  responseId: number | null;
  /** The creator, whose wallet receives the money. */
  ownerId: number;
  buyerKey: string;
  /** JSON of core's `PricedLine[]`. */
  lines: string;
  totalFen: number;
  feeFen: number;
  feeRateBp: number;
  refundedFen: Generated<number>;
  status: FormOrderStatus;
  provider: Generated<string>;
  providerTradeNo: Generated<string>;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  updatedAt: string;
}
export type FormOrderRow = Selectable<FormOrdersTable>;

export type FormOrderRefundStatus = "pending" | "done" | "failed";

export interface FormOrderRefundsTable {
  id: Generated<number>;
  orderId: number;
  refundNo: string;
  amountFen: number;
  feeBackFen: number;
  reason: string;
  status: FormOrderRefundStatus;
  createdAt: string;
  updatedAt: string;
}
export type FormOrderRefundRow = Selectable<FormOrderRefundsTable>;
