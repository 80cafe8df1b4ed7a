import { ORDER_PAY_MINUTES } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { paymentsFor } from "../../payments/index.ts";

/**
 * Unpaid orders close ORDER_PAY_MINUTES after they were made (issue #33: an abandoned payment read like a
 * double charge in 消费明细). The providers' side closes first, so the old QR code can no longer be paid;
 * a provider that says the payer was first leaves the order pending for its notification to settle. A
 * 对公转账 waits for the bank and is left alone.
 */
export const ORDER_EXPIRY_JOB = "order-expiry";
const expiryKey = (orderNo: string) => `order-expiry:${orderNo}`;

/** Queues the order's closing for when its time to pay is up (once per order). */
export async function scheduleOrderExpiry(db: Db, now: Date, order: { orderNo: string; createdAt: string }) {
  await enqueueJob(db, now, {
    kind: ORDER_EXPIRY_JOB,
    key: expiryKey(order.orderNo),
    payload: { orderNo: order.orderNo },
    // A provider that cannot be reached is asked again, with the queue's back-off, for about an hour.
    maxAttempts: 12,
    runAt: addSeconds(new Date(order.createdAt), ORDER_PAY_MINUTES * 60),
  });
}

/** Closes one order if it is still unpaid; "paid" when a provider says the payer was first. */
export async function expireOrder(ctx: AppContext, orderNo: string): Promise<"closed" | "paid" | "skipped"> {
  const order = await ctx.db
    .selectFrom("orders")
    .select(["id", "status", "provider"])
    .where("orderNo", "=", orderNo)
    .executeTakeFirst();
  if (order?.status !== "pending" || order.provider === "transfer") return "skipped";
  // Every configured provider: the order keeps no record of which QR codes its payer asked for.
  for (const provider of paymentsFor(ctx).providers.values()) {
    if ((await provider.close?.(orderNo)) === "paid") return "paid";
  }
  const now = iso(ctx.clock.now());
  const closed = await ctx.db
    .updateTable("orders")
    .set({ status: "cancelled", updatedAt: now })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1 ? "closed" : "skipped";
}

export function orderExpiryJobHandler(ctx: AppContext): JobHandler {
  return {
    async run({ payload }) {
      await expireOrder(ctx, (payload as { orderNo: string }).orderNo);
    },
  };
}

/**
 * Orders made before closing was scheduled (or whose job was lost) are queued by the periodic maintenance:
 * pending, not 对公转账, older than the time to pay. The job's key makes a repeat a no-op.
 */
export async function scheduleOverdueOrders(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom("orders")
    .select(["orderNo", "createdAt"])
    .where("status", "=", "pending")
    .where("provider", "!=", "transfer")
    .where("createdAt", "<", iso(addSeconds(now, -ORDER_PAY_MINUTES * 60)))
    .limit(1000)
    .execute();
  for (const row of rows) await scheduleOrderExpiry(ctx.db, now, row);
  return rows.length;
}
