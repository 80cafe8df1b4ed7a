import type { ConsumptionType, ConsumptionView } from "@wjgj/core";
import { type SqlBool, sql } from "kysely";
import { chinaDayStart, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount } from "../../db/index.ts";
import type { Page, PageInput } from "../../db/paging.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { movementType, presentConsumptionOrder, presentMovement } from "../../presenters/consumption.ts";
import { walletKey } from "./ledger.ts";

export interface ConsumptionInput extends PageInput {
  startDate?: string | undefined;
  endDate?: string | undefined;
  type?: ConsumptionType | undefined;
}

/** A filter that keeps no row: the part of the list that the chosen type excludes. */
const NOTHING = sql<SqlBool>`1 = 0`;

const CHINA_DAY = (date: string) => chinaDayStart(new Date(`${date}T12:00:00+08:00`));

/** The ledger kinds that belong to one filter type (`other`: none of the known kinds). */
function kindsOf(type: ConsumptionType): string[] {
  return Object.keys(movementType).filter((kind) => movementType[kind] === type);
}

/**
 * `user/accountConsumption`: the account's orders and the movements of its wallet, as one list, newest
 * first, by China-time date range and type.
 *
 * Movements are those that change what the wallet can spend (the same rule as the wallet's records):
 * taking from one's own hold moves nothing available, so it is left out, while money posted from someone
 * else's hold (a red packet received) is in. The transfer that settles an order (`order:<no>`) is the
 * order's own row. Sorting and paging run in the database over a UNION of the two sources' keys; the page's
 * rows are then read in full.
 */
export async function listConsumption(
  ctx: AppContext,
  user: UserRow,
  input: ConsumptionInput,
): Promise<Page<ConsumptionView>> {
  const from = input.startDate ? iso(CHINA_DAY(input.startDate)) : undefined;
  const to = input.endDate ? iso(new Date(CHINA_DAY(input.endDate).getTime() + 86_400_000)) : undefined;
  const wallet = await ctx.db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("key", "=", walletKey(user.id))
    .executeTakeFirst();

  const orderKinds = (["vip", "recharge"] as const).filter((k) => !input.type || input.type === k);
  let orders = ctx.db
    .selectFrom("orders")
    .select([sql.lit("order").as("source"), "orderNo as key", "id as seq", "createdAt"])
    .where("userId", "=", user.id);
  if (from) orders = orders.where("createdAt", ">=", from);
  if (to) orders = orders.where("createdAt", "<", to);
  orders = orderKinds.length ? orders.where("itemKind", "in", orderKinds) : orders.where(NOTHING);

  let movements = ctx.db
    .selectFrom("ledger_transfers")
    .select([sql.lit("wallet").as("source"), "id as key", sql<number>`0`.as("seq"), "createdAt"]);
  if (wallet) {
    const w = wallet.id;
    movements = movements
      .where((eb) =>
        eb.or([
          eb.and([eb("debitAccountId", "=", w), eb("phase", "!=", "post_pending")]),
          eb.and([eb("creditAccountId", "=", w), eb("phase", "in", ["posted", "post_pending"])]),
        ]),
      )
      .where("id", "not like", "order:%");
    if (from) movements = movements.where("createdAt", ">=", from);
    if (to) movements = movements.where("createdAt", "<", to);
    if (input.type === "other") movements = movements.where("kind", "not in", Object.keys(movementType));
    else if (input.type) movements = movements.where("kind", "in", kindsOf(input.type));
  } else {
    movements = movements.where(NOTHING);
  }

  const both = orders.unionAll(movements).as("u");
  const [keys, total] = await Promise.all([
    ctx.db
      .selectFrom(both)
      .select(["source", "key"])
      .orderBy("createdAt", "desc")
      // Ties (one request, one instant): movements above orders, orders by creation, then a stable key.
      .orderBy("source", "desc")
      .orderBy("seq", "desc")
      .orderBy("key", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    ctx.db
      .selectFrom(both)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const list = await readRows(
    ctx,
    user,
    wallet?.id ?? 0,
    keys.map((k) => ({ source: String(k.source), key: String(k.key) })),
  );
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The page's rows in full, in the order of `keys`; every read is scoped to the user or the wallet. */
async function readRows(
  ctx: AppContext,
  user: UserRow,
  walletId: number,
  keys: Array<{ source: string; key: string }>,
): Promise<ConsumptionView[]> {
  const orderNos = keys.filter((k) => k.source === "order").map((k) => k.key);
  const transferIds = keys.filter((k) => k.source === "wallet").map((k) => k.key);
  const [orders, transfers] = await Promise.all([
    orderNos.length
      ? ctx.db
          .selectFrom("orders")
          .selectAll()
          .where("userId", "=", user.id)
          .where("orderNo", "in", orderNos)
          .execute()
      : [],
    transferIds.length
      ? ctx.db
          .selectFrom("ledger_transfers")
          .selectAll()
          .where("id", "in", transferIds)
          .where((eb) => eb.or([eb("debitAccountId", "=", walletId), eb("creditAccountId", "=", walletId)]))
          .execute()
      : [],
  ]);
  const holdIds = transfers.filter((t) => t.phase === "pending").map((t) => t.id);
  const refundRefs = transfers.filter((t) => t.kind.startsWith("refund")).map((t) => t.reference);
  const [invoices, holds, withdrawals, refunded] = await Promise.all([
    orders.length
      ? ctx.db
          .selectFrom("invoices")
          .select(["orderId", "status"])
          .where(
            "orderId",
            "in",
            orders.map((o) => o.id),
          )
          .execute()
      : [],
    holdIds.length
      ? ctx.db.selectFrom("ledger_holds").selectAll().where("transferId", "in", holdIds).execute()
      : [],
    holdIds.length
      ? ctx.db
          .selectFrom("withdrawals")
          .select(["holdId", "status"])
          .where("userId", "=", user.id)
          .where("holdId", "in", holdIds)
          .execute()
      : [],
    refundRefs.length
      ? ctx.db
          .selectFrom("orders")
          .select(["orderNo", "itemName"])
          .where("userId", "=", user.id)
          .where("orderNo", "in", refundRefs)
          .execute()
      : [],
  ]);
  const invoiceOf = new Map(invoices.map((i) => [i.orderId, i.status]));
  const orderOf = new Map(orders.map((o) => [o.orderNo, o]));
  const transferOf = new Map(transfers.map((t) => [t.id, t]));
  const remainingOf = new Map(holds.map((h) => [h.transferId, Number(h.remaining)]));
  const withdrawalOf = new Map(withdrawals.map((w) => [w.holdId, w.status]));
  const itemOf = new Map(refunded.map((o) => [o.orderNo, o.itemName]));
  return keys.flatMap((k): ConsumptionView[] => {
    if (k.source === "order") {
      const order = orderOf.get(k.key);
      return order ? [presentConsumptionOrder(order, invoiceOf.get(order.id) ?? null)] : [];
    }
    const row = transferOf.get(k.key);
    if (!row) return [];
    return [
      presentMovement(row, walletId, {
        holdRemaining: remainingOf.get(row.id) ?? 0,
        withdrawalStatus: withdrawalOf.get(row.id),
        orderItem: itemOf.get(row.reference),
      }),
    ];
  });
}
