import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import { paymentsFor } from "../../payments/index.ts";
import { adjustBuyerQuota, giveBackStock, lineQuantities, placeOf } from "./stock.ts";

/** How many overdue orders one sweep takes; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Closes the unpaid orders whose time to pay is up (`expireUnpaid`, run by the periodic maintenance) and
 * gives their reserved stock back. The provider's side is closed first so the old code can no longer be
 * paid; a provider that says the payer was first leaves the order for its notification. Each order leaves
 * `pending` by one conditional UPDATE, in the same transaction as its release: two sweeps at once release
 * every reservation exactly once. Returns how many orders this sweep closed.
 */
export async function expireUnpaid(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  now: Date = ctx.clock.now(),
): Promise<number> {
  const at = iso(now);
  const overdue = await ctx.db
    .selectFrom("form_orders")
    .select(["id", "orderNo", "provider", "questionnaireId", "questionId", "lines", "buyerKey"])
    .where("status", "=", "pending")
    .where("expiresAt", "<=", at)
    .orderBy("expiresAt")
    .limit(SWEEP_BATCH)
    .execute();
  const providers = paymentsFor(ctx).providers;
  let closed = 0;
  for (const order of overdue) {
    const provider = order.provider ? providers.get(order.provider) : undefined;
    if ((await provider?.close?.(order.orderNo)) === "paid") continue;
    const expired = await transaction(ctx.db, async (trx) => {
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
    if (expired) closed++;
  }
  return closed;
}
