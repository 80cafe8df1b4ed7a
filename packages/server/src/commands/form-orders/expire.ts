import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import { paymentsFor } from "../../payments/index.ts";
import { adjustBuyerQuota, giveBackStock, lineQuantities, placeOf } from "./stock.ts";

/**
 * Unpaid form orders close when their time to pay is up and give their reserved stock back, the way membership
 * orders close (money/order-expiry.ts): a job per order queued with the order, run at its deadline by the shared
 * queue; the periodic maintenance sweeps any order whose job was lost (`expireUnpaid`).
 */
export const FORM_ORDER_EXPIRY_JOB = "form-order-expiry";

/** Queues the order's closing for its deadline (once per order: the job's key). */
export async function scheduleFormOrderExpiry(
  db: Db,
  now: Date,
  order: { orderNo: string; expiresAt: string },
): Promise<void> {
  await enqueueJob(db, now, {
    kind: FORM_ORDER_EXPIRY_JOB,
    key: `form-order-expiry:${order.orderNo}`,
    payload: { orderNo: order.orderNo },
    // A provider that cannot be reached is asked again, with the queue's back-off, for about an hour.
    maxAttempts: 12,
    runAt: new Date(order.expiresAt),
  });
}

type Overdue = Pick<
  FormOrderRow,
  "id" | "orderNo" | "provider" | "questionnaireId" | "questionId" | "lines" | "buyerKey"
>;

const OVERDUE_COLUMNS = [
  "id",
  "orderNo",
  "provider",
  "questionnaireId",
  "questionId",
  "lines",
  "buyerKey",
] as const;

/**
 * Closes one overdue order. The provider's side is closed first so the old code can no longer be paid; a
 * provider that says the payer was first leaves the order for its notification. The order leaves `pending` by
 * one conditional UPDATE in the same transaction as its release, so a job and a sweep at once release it once.
 */
async function closeOverdue(ctx: Pick<AppContext, "db" | "clock" | "config">, order: Overdue, at: string) {
  const provider = order.provider ? paymentsFor(ctx).providers.get(order.provider) : undefined;
  if ((await provider?.close?.(order.orderNo)) === "paid") return false;
  return transaction(ctx.db, async (trx) => {
    const moved = await trx
      .updateTable("form_orders")
      .set({ status: "expired", updatedAt: at })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    for (const [itemKey, quantity] of lineQuantities(order)) {
      await giveBackStock(trx, placeOf(order), itemKey, quantity, "reserved");
      await adjustBuyerQuota(trx, placeOf(order), itemKey, order.buyerKey, -quantity);
    }
    return true;
  });
}

/** The job: closes the order if it is still unpaid and its time is up. */
export function formOrderExpiryJobHandler(ctx: AppContext): JobHandler {
  return {
    async run({ payload }) {
      const at = iso(ctx.clock.now());
      const order = await ctx.db
        .selectFrom("form_orders")
        .select(OVERDUE_COLUMNS)
        .where("orderNo", "=", (payload as { orderNo: string }).orderNo)
        .where("status", "=", "pending")
        .where("expiresAt", "<=", at)
        .executeTakeFirst();
      if (order) await closeOverdue(ctx, order, at);
    },
  };
}

/** How many overdue orders one sweep takes; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** The maintenance's sweep of overdue orders (whose job was lost); how many it closed. */
export async function expireUnpaid(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  now: Date = ctx.clock.now(),
): Promise<number> {
  const at = iso(now);
  const overdue = await ctx.db
    .selectFrom("form_orders")
    .select(OVERDUE_COLUMNS)
    .where("status", "=", "pending")
    .where("expiresAt", "<=", at)
    .orderBy("expiresAt")
    .limit(SWEEP_BATCH)
    .execute();
  let closed = 0;
  for (const order of overdue) if (await closeOverdue(ctx, order, at)) closed++;
  return closed;
}
