import type { FormOrderPayStart, ProductConfig, ProductStockList, ReceiptFormOrder } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { paymentsFor } from "../../payments/index.ts";
import { findByPublicId } from "../answering/open.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { channelFor, type PayerBrowser } from "../money/orders.ts";
import { receiptResponseId } from "../privacy/receipt-token.ts";
import { startFormOrderPayment } from "./create.ts";
import { ordersOfResponse, receiptOrder } from "./submit.ts";

/**
 * 商品 for respondents (issue #41), no login: the stock left of a question's products (the answer page polls
 * it), and the order of a response held by its receipt token — read, paid, and with the local gateway (PAY_FAKE)
 * paid by a button.
 */

/** `anQuestion/productStock`: what is left of each product of the published question; null: no limit. */
export async function productStock(
  ctx: AppContext,
  input: { publicId: string; questionId: string },
): Promise<ProductStockList> {
  const row = await findByPublicId(ctx.db, input.publicId);
  const revision =
    row.publishedVersion === null ? null : await publishedRevision(ctx.db, row.id, row.publishedVersion);
  const question = revision?.definition.pages
    .flatMap((page) => page.questions)
    .find((q) => q.id === input.questionId && q.type === "product");
  if (!question) throw new NotFoundError("productUnknown");
  const config = question.config as ProductConfig;
  const rows = await ctx.db
    .selectFrom("product_stock")
    .select(["itemKey", "reserved", "sold"])
    .where("questionnaireId", "=", row.id)
    .where("questionId", "=", question.id)
    .execute();
  const held = new Map(rows.map((r) => [r.itemKey, Number(r.reserved) + Number(r.sold)]));
  // The stock the creator set now (the rows catch up at the next order), less what is sold or reserved.
  return {
    items: config.items.map((item) => ({
      itemId: item.id,
      left: item.stock === undefined ? null : Math.max(0, item.stock - (held.get(item.id) ?? 0)),
    })),
  };
}

/** The newest order of the response a receipt names. */
async function orderByReceipt(ctx: AppContext, token: string) {
  const responseId = receiptResponseId(ctx.config, token);
  const order = (await ordersOfResponse(ctx.db, responseId))[0];
  if (!order) throw new NotFoundError("formOrderNotFound");
  return order;
}

/** `anQuestion/formOrder`. */
export async function formOrderByReceipt(ctx: AppContext, token: string): Promise<ReceiptFormOrder> {
  return receiptOrder(ctx, await orderByReceipt(ctx, token));
}

/** `anQuestion/payFormOrder`: starts paying on the channel this browser can pay on. */
export async function payFormOrderByReceipt(
  ctx: AppContext,
  input: { token: string; provider: string },
  payer: PayerBrowser,
): Promise<FormOrderPayStart> {
  const order = await orderByReceipt(ctx, input.token);
  const provider = paymentsFor(ctx).providers.get(input.provider);
  const channel = provider ? channelFor(ctx, provider, payer) : undefined;
  // In WeChat without the payer's openid: the page is sent through the 公众号's silent authorisation first.
  if (channel === "authorise") {
    if (order.status !== "pending" || order.expiresAt <= iso(ctx.clock.now()))
      throw new ConflictError("formOrderNotPending");
    return { order: receiptOrder(ctx, order), codeUrl: "", wechatAuthorize: true };
  }
  const started = await startFormOrderPayment(ctx, {
    orderNo: order.orderNo,
    provider: input.provider,
    ...(channel ? { channel } : {}),
  });
  const fresh = (await ordersOfResponse(ctx.db, order.responseId ?? 0))[0] ?? order;
  return { order: receiptOrder(ctx, fresh), ...started };
}

/**
 * `anQuestion/fakePayFormOrder` (PAY_FAKE only): the order the local gateway's 「模拟扫码支付」 pays — pending and
 * started with the local gateway (the route hands it to routes/pay/notify.ts's deliverFakePayment).
 */
export async function fakePayableOrder(ctx: AppContext, token: string) {
  const order = await orderByReceipt(ctx, token);
  if (order.status !== "pending" || order.provider !== "fake") throw new ConflictError("formOrderNotPending");
  return order;
}
