import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import type { PaymentNotice } from "../../payments/provider.ts";
import { siteKey, transfer, walletKey } from "../money/ledger.ts";
import { recordPaymentNotification } from "../money/orders.ts";
import { moveResponseStatus } from "../results/response-status.ts";
import { sendRefund } from "./refund.ts";
import {
  adjustBuyerQuota,
  giveBackStock,
  lineQuantities,
  placeOf,
  sellReserved,
  takeStock,
} from "./stock.ts";

export type PaidOutcome =
  /** The order is paid now: stock sold, money in the creator's wallet minus the fee. */
  | "paid"
  /** Seen before (a replayed notification): nothing changed. */
  | "duplicate"
  /** Paid after it had expired and its stock had gone to others: refunded in full to the payer. */
  | "refunding"
  /** No such order, or the amount differs from the order's total: refused, nothing changed. */
  | "refused";

export interface Log {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * The money of a paid order, in the ledger with ids derived from the order number: the whole amount from the
 * payment clearing account into the creator's wallet, then the platform's fee from the wallet to site revenue.
 */
async function bookPayment(trx: Trx, order: FormOrderRow, now: string): Promise<void> {
  const base = { reference: order.orderNo, now };
  await transfer(trx, {
    ...base,
    id: `form-order:${order.orderNo}:pay`,
    debit: siteKey("payments"),
    credit: walletKey(order.ownerId),
    amount: Number(order.totalFen),
    kind: "form_order",
  });
  if (Number(order.feeFen) > 0) {
    await transfer(trx, {
      ...base,
      id: `form-order:${order.orderNo}:fee`,
      debit: walletKey(order.ownerId),
      credit: siteKey("revenue"),
      amount: Number(order.feeFen),
      kind: "form_order_fee",
    });
  }
}

/**
 * A late payment (the order had expired or been cancelled, its reservation released): the stock is taken
 * again if it still covers every product, all or nothing. True when it did.
 */
async function retakeStock(trx: Trx, order: FormOrderRow): Promise<boolean> {
  const taken: Array<[string, number]> = [];
  for (const [itemKey, quantity] of lineQuantities(order)) {
    if (!(await takeStock(trx, placeOf(order), itemKey, quantity, "sold"))) {
      for (const [key, q] of taken) await giveBackStock(trx, placeOf(order), key, q, "sold");
      return false;
    }
    taken.push([itemKey, quantity]);
  }
  for (const [itemKey, quantity] of taken)
    await adjustBuyerQuota(trx, placeOf(order), itemKey, order.buyerKey, quantity);
  return true;
}

export const LATE_PAYMENT_REFUND_REASON = "支付到账时订单已超时关闭，商品已售罄，全额原路退款";

/**
 * `markPaid` for a verified provider notification (routes/pay/notify.ts hands over orders whose number starts
 * with "F"). Exactly one caller moves an order out of its state (a conditional UPDATE); a replay finds it moved
 * and changes nothing. The amount must equal the order's total, else the notification is refused and logged.
 *
 * A payment that arrives after the order expired (the provider's close lost the race): the order is paid if
 * the stock still covers it; otherwise it is refunded in full through the provider at once, with no ledger
 * movement (the money never reached the creator) and a refund row saying why.
 */
export async function markFormOrderPaid(
  ctx: AppContext,
  provider: string,
  notice: PaymentNotice,
  options: { rawBody?: string; log?: Log } = {},
): Promise<PaidOutcome> {
  const at = iso(ctx.clock.now());
  const outcome = await transaction(ctx.db, async (trx, onCommit): Promise<PaidOutcome> => {
    const order = await trx
      .selectFrom("form_orders")
      .selectAll()
      .where("orderNo", "=", notice.orderNo)
      .executeTakeFirst();
    if (!order || Number(order.totalFen) !== notice.amountFen) {
      options.log?.warn(
        {
          orderNo: notice.orderNo,
          amountFen: notice.amountFen,
          totalFen: order ? Number(order.totalFen) : null,
        },
        order
          ? "form order payment amount differs from the order's total"
          : "payment for an unknown form order",
      );
      return "refused";
    }
    await recordPaymentNotification(trx, provider, notice, options.rawBody ?? "", at);
    if (order.status !== "pending" && order.status !== "expired" && order.status !== "cancelled")
      return "duplicate";
    const moved = await trx
      .updateTable("form_orders")
      .set({ status: "paid", provider, providerTradeNo: notice.tradeNo, paidAt: at, updatedAt: at })
      .where("id", "=", order.id)
      .where("status", "=", order.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return "duplicate";
    if (order.status === "pending") {
      for (const [itemKey, quantity] of lineQuantities(order))
        await sellReserved(trx, placeOf(order), itemKey, quantity);
    } else if (!(await retakeStock(trx, order))) {
      await trx
        .updateTable("form_orders")
        .set({ status: "refunded", refundedFen: Number(order.totalFen) })
        .where("id", "=", order.id)
        .execute();
      await trx
        .insertInto("form_order_refunds")
        .values({
          orderId: order.id,
          refundNo: `${order.orderNo}L`,
          amountFen: Number(order.totalFen),
          feeBackFen: 0,
          reason: LATE_PAYMENT_REFUND_REASON,
          status: "pending",
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      return "refunding";
    }
    await bookPayment(trx, order, at);
    // The response that placed the order (stored 无效 while unpaid) counts from now on, with its counters.
    if (order.responseId !== null)
      await moveResponseStatus(ctx, trx, onCommit, order.questionnaireId, [order.responseId], "markValid");
    return "paid";
  });
  if (outcome === "refunding") {
    // After the commit: the provider is asked once here; a failure leaves the refund row pending for a retry.
    await sendRefund(ctx, `${notice.orderNo}L`).catch((error: unknown) =>
      options.log?.warn({ orderNo: notice.orderNo, err: error }, "late-payment refund failed"),
    );
  }
  return outcome;
}
