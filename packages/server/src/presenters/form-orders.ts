import { type FormOrderView, formOrderStatusLabels, type PricedLine } from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { FormOrderRow } from "../db/tables/form-orders.ts";

export function presentFormOrder(order: FormOrderRow): FormOrderView {
  return {
    orderNo: order.orderNo,
    questionnaireId: order.questionnaireId,
    responseId: order.responseId,
    lines: JSON.parse(order.lines) as PricedLine[],
    totalFen: Number(order.totalFen),
    feeFen: Number(order.feeFen),
    refundedFen: Number(order.refundedFen),
    status: order.status,
    statusLabel: formOrderStatusLabels[order.status],
    provider: order.provider,
    createdAt: chinaDateTime(order.createdAt),
    expiresAt: chinaDateTime(order.expiresAt),
    paidAt: chinaDateTime(order.paidAt),
  };
}
