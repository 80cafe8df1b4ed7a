import { type ProductQuestionConfig, productMessage, quantitiesByItem, ResultCode } from "@wjgj/core";
import { sql } from "kysely";
import type { Trx } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { AppError } from "../../errors.ts";

/**
 * A product's stock in `product_stock`. Every change is one conditional UPDATE whose WHERE re-checks the
 * limit on the row it locks (PostgreSQL re-evaluates it after waiting for a concurrent writer; SQLite runs
 * one writer at a time), with the table's CHECK behind it: exactness comes from the database, not from
 * what this process read before.
 */

export interface StockPlace {
  questionnaireId: number;
  questionId: string;
}

/** Where an order's stock lives, and how much of each product it holds (in product-id order). */
export const placeOf = (order: Pick<FormOrderRow, "questionnaireId" | "questionId">): StockPlace => ({
  questionnaireId: order.questionnaireId,
  questionId: order.questionId,
});
export const lineQuantities = (order: Pick<FormOrderRow, "lines">) =>
  quantitiesByItem(JSON.parse(order.lines));

/** 库存不足 / 已售罄, naming the product and what is left. */
export class StockShortError extends AppError {
  constructor(name: string, left: number) {
    const key = left > 0 ? "productStockShort" : "productSoldOut";
    super(ResultCode.conflict, key, { name, left }, productMessage(key, { name, left }));
  }
}

/**
 * Creates the stock rows of the question's products that have none yet, and brings the others to the stock the
 * creator set since (every order, before it reserves): a stock lowered below what is already sold or reserved
 * becomes exactly that (sold out), never less.
 */
export async function ensureProductStock(
  trx: Trx,
  place: StockPlace,
  config: Pick<ProductQuestionConfig, "items">,
): Promise<void> {
  if (config.items.length === 0) return;
  await trx
    .insertInto("product_stock")
    .values(
      // In product-id order, as every other change of these rows takes them (no two transactions deadlock).
      [...config.items]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((item) => ({
          questionnaireId: place.questionnaireId,
          questionId: place.questionId,
          itemKey: item.id,
          stock: item.stock ?? null,
        })),
    )
    .onConflict((oc) =>
      oc.columns(["questionnaireId", "questionId", "itemKey"]).doUpdateSet({
        stock: sql<number | null>`case when excluded.stock is null then null
          when excluded.stock >= product_stock.reserved + product_stock.sold then excluded.stock
          else product_stock.reserved + product_stock.sold end`,
      }),
    )
    .execute();
}

const row = (trx: Trx, place: StockPlace, itemKey: string) =>
  trx
    .updateTable("product_stock")
    .where("questionnaireId", "=", place.questionnaireId)
    .where("questionId", "=", place.questionId)
    .where("itemKey", "=", itemKey);

/**
 * Takes `quantity` of the product as reserved (`into: "reserved"`, an unpaid order) or sold (a late payment
 * that takes its stock again); false when the stock cannot cover it.
 */
export async function takeStock(
  trx: Trx,
  place: StockPlace,
  itemKey: string,
  quantity: number,
  into: "reserved" | "sold",
): Promise<boolean> {
  const column = sql.ref(into);
  const result = await row(trx, place, itemKey)
    .set({ [into]: sql`${column} + ${quantity}` })
    .where((eb) =>
      eb.or([eb("stock", "is", null), eb(sql`reserved + sold + ${quantity}`, "<=", eb.ref("stock"))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What is left of a product now (for the message that refuses an order); null when it has no stock row yet. */
export async function stockLeft(trx: Trx, place: StockPlace, itemKey: string): Promise<number | null> {
  const found = await trx
    .selectFrom("product_stock")
    .select(["stock", "reserved", "sold"])
    .where("questionnaireId", "=", place.questionnaireId)
    .where("questionId", "=", place.questionId)
    .where("itemKey", "=", itemKey)
    .executeTakeFirst();
  if (!found) return null;
  if (found.stock === null) return Number.MAX_SAFE_INTEGER;
  return Math.max(0, Number(found.stock) - Number(found.reserved) - Number(found.sold));
}

/** A paid order's reservation becomes sold. */
export async function sellReserved(
  trx: Trx,
  place: StockPlace,
  itemKey: string,
  quantity: number,
): Promise<void> {
  await row(trx, place, itemKey)
    .set({ reserved: sql`reserved - ${quantity}`, sold: sql`sold + ${quantity}` })
    .execute();
}

/** Gives `quantity` back from reserved (an expired order) or sold; the CHECK refuses going below zero. */
export async function giveBackStock(
  trx: Trx,
  place: StockPlace,
  itemKey: string,
  quantity: number,
  from: "reserved" | "sold",
): Promise<void> {
  await row(trx, place, itemKey)
    .set({ [from]: sql`${sql.ref(from)} - ${quantity}` })
    .execute();
}

const buyerRow = (trx: Trx, place: StockPlace, itemKey: string, buyerKey: string) =>
  trx
    .updateTable("product_buyer_counts")
    .where("questionnaireId", "=", place.questionnaireId)
    .where("questionId", "=", place.questionId)
    .where("itemKey", "=", itemKey)
    .where("buyerKey", "=", buyerKey);

/**
 * 每人限购 across orders: adds `quantity` to what the buyer holds of the product, if that stays within
 * `limit` (no limit: always). The same conditional UPDATE as the stock, on the buyer's own row.
 */
export async function takeBuyerQuota(
  trx: Trx,
  place: StockPlace,
  itemKey: string,
  buyerKey: string,
  quantity: number,
  limit: number | undefined,
): Promise<boolean> {
  await trx
    .insertInto("product_buyer_counts")
    .values({ ...place, itemKey, buyerKey })
    .onConflict((oc) => oc.columns(["questionnaireId", "questionId", "itemKey", "buyerKey"]).doNothing())
    .execute();
  let update = buyerRow(trx, place, itemKey, buyerKey).set({ quantity: sql`quantity + ${quantity}` });
  if (limit !== undefined) update = update.where(sql`quantity + ${quantity}`, "<=", limit);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * What an order's buyer holds of a product changes by `delta`: minus when the order expires, plus when a late
 * payment brings it back (honoured past the limit: the order was within it when placed). Products without a
 * limit have no row and nothing changes.
 */
export async function adjustBuyerQuota(
  trx: Trx,
  place: StockPlace,
  itemKey: string,
  buyerKey: string,
  delta: number,
): Promise<void> {
  await buyerRow(trx, place, itemKey, buyerKey)
    .set({ quantity: sql`quantity + ${delta}` })
    .execute();
}
