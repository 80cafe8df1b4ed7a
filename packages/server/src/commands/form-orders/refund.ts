import crypto from "node:crypto";
import { type FormOrderStatus, fenToYuan, productMessage, ResultCode, refundFeeBackFen } from "@wjgj/core";
import { sql } from "kysely";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { AppError, ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import { paymentsFor } from "../../payments/index.ts";
import { presentFormOrder } from "../../presenters/form-orders.ts";
import { siteKey, transfer, walletKey } from "../money/ledger.ts";

const REFUNDABLE = ["paid", "partially_refunded"] as const;

/** The status an order has with `refundedFen` of its total refunded. */
const statusFor = (refunded: unknown) =>
  sql<FormOrderStatus>`case when ${refunded} = 0 then 'paid' when ${refunded} = total_fen then 'refunded' else 'partially_refunded' end`;

/**
 * Asks the order's provider to give a refund row's amount back (after the refund's transaction committed);
 * the row is `done` when it accepted. Throws what the provider threw, or formOrderNoProvider.
 */
export async function sendRefund(ctx: AppContext, refundNo: string): Promise<void> {
  const refund = await ctx.db
    .selectFrom("form_order_refunds")
    .innerJoin("form_orders", "form_orders.id", "form_order_refunds.orderId")
    .select([
      "form_order_refunds.id",
      "form_order_refunds.amountFen",
      "form_order_refunds.reason",
      "form_order_refunds.status",
      "form_orders.orderNo",
      "form_orders.provider",
      "form_orders.providerTradeNo",
      "form_orders.totalFen",
    ])
    .where("form_order_refunds.refundNo", "=", refundNo)
    .executeTakeFirstOrThrow();
  if (refund.status !== "pending") return;
  const provider = paymentsFor(ctx).providers.get(refund.provider);
  if (!provider?.refund) throw new ConflictError("formOrderNoProvider");
  await provider.refund({
    orderNo: refund.orderNo,
    refundNo,
    tradeNo: refund.providerTradeNo,
    amountFen: Number(refund.amountFen),
    totalFen: Number(refund.totalFen),
    reason: refund.reason,
  });
  await ctx.db
    .updateTable("form_order_refunds")
    .set({ status: "done", updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", refund.id)
    .where("status", "=", "pending")
    .execute();
}

/**
 * The refund's money in the ledger (`sign` 1), or its reversal when the provider refused (`sign` -1): the
 * creator's wallet pays the refund minus the fee it gives back, site revenue pays that part of the fee.
 */
async function bookRefund(
  trx: Trx,
  order: FormOrderRow,
  refund: { refundNo: string; amountFen: number; feeBackFen: number },
  sign: 1 | -1,
  now: string,
): Promise<void> {
  const moves: Array<[from: string, amount: number, part: string]> = [
    [walletKey(order.ownerId), refund.amountFen - refund.feeBackFen, "refund"],
    [siteKey("revenue"), refund.feeBackFen, "fee-back"],
  ];
  for (const [from, amount, part] of moves) {
    if (amount <= 0) continue;
    await transfer(trx, {
      // `form-order:<refund no>:refund` (the refund number starts with the order's), `…:fee-back`, `…:undo`.
      id: `form-order:${refund.refundNo}:${part}${sign < 0 ? ":undo" : ""}`,
      debit: sign > 0 ? from : siteKey("payments"),
      credit: sign > 0 ? siteKey("payments") : from,
      amount,
      kind: sign > 0 ? "form_order_refund" : "refund_undo",
      reference: order.orderNo,
      now,
    });
  }
}

/**
 * 退款 by the creator, full or partial, back through the provider that took the money. The order's refunded
 * sum grows by a conditional UPDATE that re-checks "no more than was paid" on the locked row (and the table's
 * CHECK), so concurrent refunds never exceed the total; the creator's wallet pays in the same transaction and
 * its CHECK answers 余额不足. A provider that then refuses is undone by reversing transfers.
 */
export async function refundFormOrder(
  ctx: AppContext,
  owner: { id: number },
  input: { orderNo: string; amountFen: number; reason: string },
) {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
    throw InvalidInputError.field("amountFen", "formOrderRefundAmountInvalid");
  const order = await ctx.db
    .selectFrom("form_orders")
    .selectAll()
    .where("orderNo", "=", input.orderNo)
    .where("ownerId", "=", owner.id)
    .executeTakeFirst();
  if (!order) throw new NotFoundError("formOrderNotFound");
  if (!REFUNDABLE.includes(order.status as (typeof REFUNDABLE)[number]))
    throw new ConflictError("formOrderNotRefundable");
  if (!paymentsFor(ctx).providers.get(order.provider)?.refund) throw new ConflictError("formOrderNoProvider");
  const at = iso(ctx.clock.now());
  const refundNo = `${order.orderNo}R${crypto.randomBytes(4).toString("hex")}`;
  const amount = input.amountFen;
  const refund = await transaction(ctx.db, async (trx) => {
    const grown = await trx
      .updateTable("form_orders")
      .set({
        refundedFen: sql`refunded_fen + ${amount}`,
        status: statusFor(sql`refunded_fen + ${amount}`),
        updatedAt: at,
      })
      .where("id", "=", order.id)
      .where("status", "in", REFUNDABLE)
      .where(sql`refunded_fen + ${amount}`, "<=", sql.ref("total_fen"))
      .returning("refundedFen")
      .executeTakeFirst();
    if (!grown) {
      const now = await trx
        .selectFrom("form_orders")
        .select(["status", "totalFen", "refundedFen"])
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      if (!REFUNDABLE.includes(now.status as (typeof REFUNDABLE)[number]))
        throw new ConflictError("formOrderNotRefundable");
      const left = fenToYuan(Number(now.totalFen) - Number(now.refundedFen));
      throw new AppError(
        ResultCode.conflict,
        "formOrderRefundTooMuch",
        { left },
        productMessage("formOrderRefundTooMuch", { left }),
      );
    }
    const before = Number(grown.refundedFen) - amount;
    const feeBackFen = refundFeeBackFen(
      { totalFen: Number(order.totalFen), feeFen: Number(order.feeFen) },
      before,
      amount,
    );
    const row = { refundNo, amountFen: amount, feeBackFen };
    await trx
      .insertInto("form_order_refunds")
      .values({
        ...row,
        orderId: order.id,
        reason: input.reason.slice(0, 200),
        status: "pending",
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await bookRefund(trx, order, row, 1, at);
    return row;
  });
  try {
    await sendRefund(ctx, refundNo);
  } catch (error) {
    const undoneAt = iso(ctx.clock.now());
    await transaction(ctx.db, async (trx) => {
      await bookRefund(trx, order, refund, -1, undoneAt);
      await trx
        .updateTable("form_orders")
        .set({
          refundedFen: sql`refunded_fen - ${amount}`,
          status: statusFor(sql`refunded_fen - ${amount}`),
          updatedAt: undoneAt,
        })
        .where("id", "=", order.id)
        .execute();
      await trx
        .updateTable("form_order_refunds")
        .set({ status: "failed", updatedAt: undoneAt })
        .where("refundNo", "=", refundNo)
        .execute();
    });
    throw error;
  }
  const after = await ctx.db
    .selectFrom("form_orders")
    .selectAll()
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  return presentFormOrder(after);
}
