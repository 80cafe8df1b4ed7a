import crypto from "node:crypto";
import {
  isWeChatBrowser,
  type MessageKey,
  type PayStartView,
  RECHARGE_MAX_FEN,
  RECHARGE_MIN_FEN,
  ResultCode,
  type VipPeriod,
  vipPeriodDays,
  vipPeriodLabels,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { OrderRow } from "../../db/tables/money.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { AppError, ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import { paymentsFor } from "../../payments/index.ts";
import type { PayChannel, PaymentNotice, PaymentProvider } from "../../payments/provider.ts";
import { presentOrder } from "../../presenters/money.ts";
import { wechatIdentityOfRequest } from "../../wechat/identity-cookie.ts";
import { readBankInfo } from "./bank-info.ts";
import { siteKey, transfer, walletKey } from "./ledger.ts";
import { grantMembership } from "./membership.ts";
import { scheduleOrderExpiry } from "./order-expiry.ts";

/** "20260601100000" + 6 random digits: sortable, unguessable enough to show on a bank transfer. */
function newOrderNo(now: Date): string {
  const stamp = new Date(now.getTime() + 8 * 3600 * 1000).toISOString().replace(/\D/g, "").slice(0, 14);
  return `${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}

export type NewOrderInput =
  | { kind: "vip"; vipLevel: number; period: VipPeriod }
  | { kind: "recharge"; amountFen: number };

/** A pending order at today's price; paying it is a separate, idempotent step. */
export async function createOrder(ctx: AppContext, user: UserRow, input: NewOrderInput) {
  const now = iso(ctx.clock.now());
  let item: Pick<OrderRow, "itemKind" | "itemName" | "vipLevel" | "vipDays" | "amountFen">;
  if (input.kind === "vip") {
    const set = await ctx.db
      .selectFrom("vip_sets")
      .selectAll()
      .where("level", "=", input.vipLevel)
      .where("status", "=", "published")
      .executeTakeFirst();
    const price = input.period === "month" ? set?.priceMonthFen : set?.priceYearFen;
    if (!set || !price || price <= 0) throw new NotFoundError("vipSetUnavailable");
    item = {
      itemKind: "vip",
      itemName: `${set.name}（${vipPeriodLabels[input.period]}）`.slice(0, 64),
      vipLevel: set.level,
      vipDays: vipPeriodDays[input.period],
      amountFen: price,
    };
  } else {
    if (input.amountFen < RECHARGE_MIN_FEN || input.amountFen > RECHARGE_MAX_FEN) {
      throw InvalidInputError.field("amountFen", "rechargeAmountInvalid");
    }
    item = {
      itemKind: "recharge",
      itemName: "余额充值",
      vipLevel: null,
      vipDays: null,
      amountFen: input.amountFen,
    };
  }
  const row = await transaction(ctx.db, async (trx) => {
    const created = await trx
      .insertInto("orders")
      .values({
        ...item,
        orderNo: newOrderNo(ctx.clock.now()),
        userId: user.id,
        status: "pending",
        provider: "",
        tradeNo: "",
        createdAt: now,
        paidAt: null,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await scheduleOrderExpiry(trx, ctx.clock.now(), created);
    return created;
  });
  return presentOrder(row);
}

async function ownOrder(ctx: AppContext, user: UserRow, orderNo: string): Promise<OrderRow> {
  const order = await ctx.db
    .selectFrom("orders")
    .selectAll()
    .where("orderNo", "=", orderNo)
    .where("userId", "=", user.id)
    .executeTakeFirst();
  if (!order) throw new NotFoundError("orderNotFound");
  return order;
}

export async function getOrder(ctx: AppContext, user: UserRow, orderNo: string) {
  return presentOrder(await ownOrder(ctx, user, orderNo));
}

/**
 * Marks an order paid and delivers it, once: the conditional update lets exactly one caller through
 * (a replayed notification, a double click), and the ledger transfer's id is the order's.
 */
export async function settleOrder(
  trx: Trx,
  order: OrderRow,
  payment: { provider: string; tradeNo: string },
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable("orders")
    .set({
      status: "paid",
      provider: payment.provider,
      tradeNo: payment.tradeNo,
      paidAt: iso(now),
      updatedAt: iso(now),
    })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  const paidFromWallet = payment.provider === "wallet";
  const base = { amount: order.amountFen, reference: order.orderNo, now: iso(now) };
  if (order.itemKind === "recharge") {
    await transfer(trx, {
      ...base,
      id: `order:${order.orderNo}`,
      debit: siteKey("payments"),
      credit: walletKey(order.userId),
      kind: "recharge",
    });
  } else {
    await transfer(trx, {
      ...base,
      id: `order:${order.orderNo}`,
      debit: paidFromWallet ? walletKey(order.userId) : siteKey("payments"),
      credit: siteKey("revenue"),
      kind: "vip",
      memo: order.itemName,
    });
    await grantMembership(trx, order.userId, order.vipLevel ?? 0, order.vipDays ?? 0, now);
  }
  return true;
}

/**
 * 对公转账: the order waits for the money with the site's bank details and its reference code (the order
 * number, which the payer writes in the transfer's 附言); an admin confirms receipt in the console.
 */
async function startTransfer(ctx: AppContext, order: OrderRow) {
  const bank = await readBankInfo(ctx.db);
  if (!bank.accountNo) throw new AppError(ResultCode.conflict, "transferDisabled");
  await ctx.db
    .updateTable("orders")
    .set({ provider: "transfer", updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .execute();
  return {
    order: presentOrder({ ...order, provider: "transfer" }),
    codeUrl: "",
    transfer: { ...bank, reference: order.orderNo },
  };
}

const disabledMessage: Record<string, MessageKey> = { wechat: "wechatPayDisabled", alipay: "alipayDisabled" };

/** Where the payer's browser is: it picks the channel an outside provider is paid on (PayChannel). */
export interface PayerBrowser {
  userAgent: string;
  clientIp: string;
  cookieHeader: string | undefined;
}

const PHONE = /Android|iPhone|iPad|iPod|HarmonyOS|Mobile/i;

/**
 * The channel for this browser: inside WeChat, JSAPI for the payer's openid under the 公众号 (when the merchant
 * account is bound to that 公众号, WECHATPAY_APP_ID = WECHAT_OA_APPID), "authorise" while the browser has no
 * openid yet (the 公众号's silent authorisation comes first); a phone's browser elsewhere, H5; a computer, or a
 * provider without those channels, the QR code.
 */
export function channelFor(
  ctx: AppContext,
  provider: PaymentProvider,
  payer: PayerBrowser | undefined,
): PayChannel | "authorise" {
  const native: PayChannel = { kind: "native" };
  if (!payer || !provider.channels) return native;
  if (isWeChatBrowser(payer.userAgent)) {
    const oa = ctx.config.wechat.officialAccount;
    // WeChat Pay's JSAPI pays for an openid of the 公众号 its merchant account is bound to (WECHATPAY_APP_ID).
    const boundToOa = provider.name !== "wechat" || oa?.appId === ctx.config.wechatPay?.appId;
    if (!provider.channels.includes("jsapi") || !oa || !boundToOa) return native;
    const identity = wechatIdentityOfRequest(ctx.config, payer.cookieHeader, ctx.clock.now());
    return identity ? { kind: "jsapi", openid: identity.openid } : "authorise";
  }
  if (PHONE.test(payer.userAgent) && provider.channels.includes("h5") && payer.clientIp)
    return { kind: "h5", clientIp: payer.clientIp };
  return native;
}

/** Pays a pending order from the wallet balance, or starts paying it with an outside provider. */
export async function payOrder(
  ctx: AppContext,
  user: UserRow,
  input: { orderNo: string; provider: string },
  payer?: PayerBrowser,
): Promise<PayStartView> {
  const order = await ownOrder(ctx, user, input.orderNo);
  if (order.status !== "pending") throw new ConflictError("orderNotPending");
  if (input.provider === "wallet") {
    if (order.itemKind === "recharge") throw InvalidInputError.field("provider", "rechargeByWallet");
    const settled = await transaction(ctx.db, (trx) =>
      settleOrder(trx, order, { provider: "wallet", tradeNo: "" }, ctx.clock.now()),
    );
    if (!settled) throw new ConflictError("orderNotPending");
    return { order: await getOrder(ctx, user, order.orderNo), codeUrl: "" };
  }
  if (input.provider === "transfer") return startTransfer(ctx, order);
  const provider = paymentsFor(ctx).providers.get(input.provider);
  if (!provider)
    throw new AppError(ResultCode.conflict, disabledMessage[input.provider] ?? "payProviderDisabled");
  const channel = channelFor(ctx, provider, payer);
  // The browser goes through WeChat's authorisation (wechat/payAuthorize) and pays again on its return.
  if (channel === "authorise") return { order: presentOrder(order), codeUrl: "", wechatAuthorize: true };
  const started = await provider.createPayment(order, channel);
  return { order: presentOrder(order), ...started };
}

export async function cancelOrder(ctx: AppContext, user: UserRow, orderNo: string) {
  const order = await ownOrder(ctx, user, orderNo);
  const now = iso(ctx.clock.now());
  const updated = await ctx.db
    .updateTable("orders")
    .set({ status: "cancelled", updatedAt: now })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError("orderNotPending");
  return getOrder(ctx, user, orderNo);
}

/** Keeps a verified notification's raw body, once per provider and notify id (a replay adds nothing). */
export async function recordPaymentNotification(
  trx: Trx,
  provider: string,
  notice: PaymentNotice,
  rawBody: string,
  receivedAt: string,
): Promise<void> {
  await trx
    .insertInto("payment_notifications")
    .values({ provider, notifyId: notice.notifyId, orderNo: notice.orderNo, body: rawBody, receivedAt })
    .onConflict((oc) => oc.columns(["provider", "notifyId"]).doNothing())
    .execute();
}

/**
 * A verified provider notification: recorded once per notify id, and the order settled once. A
 * notification whose amount differs from the order is refused (false) and changes nothing.
 */
export async function handlePaymentNotice(
  ctx: AppContext,
  provider: string,
  notice: PaymentNotice,
  rawBody: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  return transaction(ctx.db, async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("orderNo", "=", notice.orderNo)
      .executeTakeFirst();
    if (!order || order.amountFen !== notice.amountFen) return false;
    await recordPaymentNotification(trx, provider, notice, rawBody, iso(now));
    // A cancelled order that the payer paid anyway is still delivered: the money arrived.
    if (order.status === "cancelled") {
      await trx
        .updateTable("orders")
        .set({ status: "pending" })
        .where("id", "=", order.id)
        .where("status", "=", "cancelled")
        .execute();
      order.status = "pending";
    }
    await settleOrder(trx, order, { provider, tradeNo: notice.tradeNo }, now);
    return true;
  });
}
