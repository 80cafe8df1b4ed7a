import crypto from "node:crypto";
import {
  feeFen,
  ORDER_PAY_MINUTES,
  orderLines,
  type ProductAnswer,
  type ProductQuestionConfig,
  productMessage,
  quantitiesByItem,
  ResultCode,
} from "@wjgj/core";
import { addSeconds, chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { AppError, ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import { paymentsFor } from "../../payments/index.ts";
import type { PayChannel, PaymentStart } from "../../payments/provider.ts";
import { scheduleFormOrderExpiry } from "./expire.ts";
import { ensureProductStock, StockShortError, stockLeft, takeBuyerQuota, takeStock } from "./stock.ts";

/**
 * "F" + China-time yyyyMMddHHmmss + 10 random digits: apart from membership orders at a glance (and by the
 * notify route), sortable, and 500 buyers in one second do not collide.
 */
export function newFormOrderNo(now: Date): string {
  const stamp = chinaDateTime(iso(now)).replace(/\D/g, "");
  const random = crypto.randomInt(0, 100_000).toString().padStart(5, "0");
  return `F${stamp}${random}${crypto.randomInt(0, 100_000).toString().padStart(5, "0")}`;
}

export interface NewFormOrder {
  questionnaireId: number;
  questionId: string;
  /** The question's config from the revision the buyer answered (parsed by productQuestionConfigSchema). */
  config: ProductQuestionConfig;
  answer: ProductAnswer;
  buyerKey: string;
  /** The platform's rate for this creator now (basis points); fixed on the order for its refunds. */
  feeRateBasisPoints: number;
  responseId?: number | null;
  /** How long the buyer has to pay; ORDER_PAY_MINUTES by default. */
  payMinutes?: number;
}

/**
 * A pending order with its stock reserved: every product in one transaction, all or nothing. Products are
 * taken in id order (two orders for the same products cannot deadlock); a product the stock cannot cover
 * ends the transaction with 「库存不足：… 仅剩 N 件」 or 「… 已售罄」, and nothing stays reserved.
 */
export async function createFormOrder(ctx: AppContext, input: NewFormOrder): Promise<FormOrderRow> {
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "ownerId"])
    .where("id", "=", input.questionnaireId)
    .executeTakeFirst();
  if (!questionnaire) throw new NotFoundError();
  const now = ctx.clock.now();
  return transaction(ctx.db, (trx) =>
    reserveFormOrder(trx, now, { ...input, ownerId: questionnaire.ownerId }),
  );
}

/**
 * `createFormOrder`'s work inside the caller's transaction: the submit of a response that buys places its order
 * here, right after the response row, so a product the stock cannot cover stores neither.
 */
export async function reserveFormOrder(
  trx: Trx,
  now: Date,
  input: NewFormOrder & { ownerId: number },
): Promise<FormOrderRow> {
  const priced = orderLines(input.config, input.answer);
  if (!priced.ok) {
    throw new InvalidInputError(
      priced.issues.map((i) => ({ field: i.path, message: i.message })),
      priced.issues[0]?.code,
    );
  }
  const place = { questionnaireId: input.questionnaireId, questionId: input.questionId };
  const items = new Map(input.config.items.map((item) => [item.id, item]));
  const buyerKey = input.buyerKey.slice(0, 128);
  // The stock as the creator last set it (the config the buyer answered).
  await ensureProductStock(trx, place, input.config);
  for (const [itemKey, quantity] of quantitiesByItem(priced.lines)) {
    const item = items.get(itemKey);
    if (item?.perPerson !== undefined) {
      if (!(await takeBuyerQuota(trx, place, itemKey, buyerKey, quantity, item.perPerson)))
        throw new AppError(
          ResultCode.conflict,
          "productPerPersonExceeded",
          { name: item.name, limit: item.perPerson },
          productMessage("productPerPersonExceeded", { name: item.name, limit: item.perPerson }),
        );
    }
    if (await takeStock(trx, place, itemKey, quantity, "reserved")) continue;
    let left = await stockLeft(trx, place, itemKey);
    // No stock row yet (the question's first orders; publishing may create them before), or one that a
    // concurrent first order committed after the UPDATE looked: create what is missing and ask once more.
    if (left === null || left >= quantity) {
      if (left === null) await ensureProductStock(trx, place, input.config);
      if (await takeStock(trx, place, itemKey, quantity, "reserved")) continue;
      left = (await stockLeft(trx, place, itemKey)) ?? 0;
    }
    throw new StockShortError(item?.name ?? itemKey, left);
  }
  const order = await trx
    .insertInto("form_orders")
    .values({
      orderNo: newFormOrderNo(now),
      questionnaireId: input.questionnaireId,
      questionId: input.questionId,
      responseId: input.responseId ?? null,
      ownerId: input.ownerId,
      buyerKey,
      lines: JSON.stringify(priced.lines),
      totalFen: priced.totalFen,
      feeFen: feeFen(priced.totalFen, input.feeRateBasisPoints),
      feeRateBp: input.feeRateBasisPoints,
      status: "pending",
      createdAt: iso(now),
      expiresAt: iso(addSeconds(now, (input.payMinutes ?? ORDER_PAY_MINUTES) * 60)),
      paidAt: null,
      updatedAt: iso(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await scheduleFormOrderExpiry(trx, now, order);
  return order;
}

/** The order's one-line description at the provider (商品名 ×数量, …), within what providers accept. */
export function orderSummary(order: Pick<FormOrderRow, "lines">): string {
  const lines = JSON.parse(order.lines) as Array<{ name: string; quantity: number }>;
  return lines
    .map((l) => `${l.name}×${l.quantity}`)
    .join("，")
    .slice(0, 60);
}

/** Starts paying a pending order with a configured provider (the fake one in development and tests). */
export async function startFormOrderPayment(
  ctx: AppContext,
  input: { orderNo: string; provider: string; channel?: PayChannel },
): Promise<PaymentStart> {
  const order = await ctx.db
    .selectFrom("form_orders")
    .selectAll()
    .where("orderNo", "=", input.orderNo)
    .executeTakeFirst();
  if (!order) throw new NotFoundError("formOrderNotFound");
  if (order.status !== "pending" || order.expiresAt <= iso(ctx.clock.now()))
    throw new ConflictError("formOrderNotPending");
  const provider = paymentsFor(ctx).providers.get(input.provider);
  if (!provider) throw new AppError(ResultCode.conflict, "payProviderDisabled");
  await ctx.db
    .updateTable("form_orders")
    .set({ provider: provider.name, updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .execute();
  return provider.createPayment(
    { orderNo: order.orderNo, amountFen: Number(order.totalFen), itemName: orderSummary(order) },
    input.channel,
  );
}
