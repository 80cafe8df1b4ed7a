import type { FormOrderStatus, FormOrderView } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { type Page, type PageInput, pageOrdered } from "../../db/paging.ts";
import { presentFormOrder } from "../../presenters/form-orders.ts";

export interface FormOrderTotals {
  /** Orders that were paid (whatever was refunded since). */
  paidCount: number;
  /** Money received, refunded, the platform's fee net of what refunds gave back, and the creator's share. */
  receivedFen: number;
  refundedFen: number;
  feeFen: number;
  netFen: number;
}

const PAID: FormOrderStatus[] = ["paid", "partially_refunded", "refunded"];

/**
 * The creator's 商品 orders, newest first, optionally of one questionnaire or status, with the totals of the
 * paid ones (computed by the database over every matching order, not just the page). The fee net of refunds
 * is read from the refund rows that stand (not failed).
 */
export async function listFormOrders(
  ctx: AppContext,
  owner: { id: number },
  input: PageInput & { questionnaireId?: number; status?: FormOrderStatus },
): Promise<Page<FormOrderView> & { totals: FormOrderTotals }> {
  let base = ctx.db.selectFrom("form_orders").where("form_orders.ownerId", "=", owner.id);
  if (input.questionnaireId !== undefined)
    base = base.where("form_orders.questionnaireId", "=", input.questionnaireId);
  if (input.status) base = base.where("form_orders.status", "=", input.status);
  const page = await pageOrdered(
    base,
    input,
    [
      ["createdAt", "desc"],
      ["id", "desc"],
    ],
    presentFormOrder,
  );
  const paid = base.where("form_orders.status", "in", PAID);
  const [sums, feeBack] = await Promise.all([
    paid
      .select((eb) => [
        eb.fn.countAll().as("count"),
        eb.fn.sum<number | string | null>("form_orders.totalFen").as("received"),
        eb.fn.sum<number | string | null>("form_orders.refundedFen").as("refunded"),
        eb.fn.sum<number | string | null>("form_orders.feeFen").as("fee"),
      ])
      .executeTakeFirst(),
    paid
      .innerJoin("form_order_refunds", "form_order_refunds.orderId", "form_orders.id")
      .where("form_order_refunds.status", "!=", "failed")
      .select((eb) => eb.fn.sum<number | string | null>("form_order_refunds.feeBackFen").as("back"))
      .executeTakeFirst(),
  ]);
  const receivedFen = Number(sums?.received ?? 0);
  const refundedFen = Number(sums?.refunded ?? 0);
  const feeFen = Number(sums?.fee ?? 0) - Number(feeBack?.back ?? 0);
  return {
    ...page,
    totals: {
      paidCount: Number(sums?.count ?? 0),
      receivedFen,
      refundedFen,
      feeFen,
      netFen: receivedFen - refundedFen - feeFen,
    },
  };
}
