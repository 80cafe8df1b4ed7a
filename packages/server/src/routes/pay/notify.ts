import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { markFormOrderPaid } from "../../commands/form-orders/pay.ts";
import { handlePaymentNotice } from "../../commands/money/orders.ts";
import type { AppContext } from "../../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts";
import { API_PREFIX, defineRoute } from "../../http/route.ts";
import { signFakeNotification } from "../../payments/fake-provider.ts";
import { paymentsFor } from "../../payments/index.ts";
import { orderNoInput } from "./schema.ts";

export const notifyPath = (provider: string) => `${API_PREFIX}/pay/notify/${provider}`;

/**
 * Providers' notifications: `/wjgj/api/pay/notify/<provider>`. The signature covers the exact bytes, so
 * these routes read the body as text (in a scope of their own) and answer as the provider requires,
 * not with the site's envelope.
 */
export function registerPaymentNotifications(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string }; Body: string }>(
      `${API_PREFIX}/pay/notify/:provider`,
      async (request, reply) => {
        const provider = paymentsFor(ctx).providers.get(request.params.provider);
        if (!provider) return reply.code(404).send({ code: "NOT_FOUND" });
        const raw = typeof request.body === "string" ? request.body : "";
        const notice = provider.verifyNotification(request.headers, raw, ctx.clock.now());
        let handled = false;
        // Form orders (商品, their numbers start with "F"): answered success unless refused, so that a replay
        // or a late payment being refunded is not delivered again and again.
        if (notice?.orderNo.startsWith("F")) {
          const outcome = await markFormOrderPaid(ctx, provider.name, notice, {
            rawBody: raw,
            log: request.log,
          });
          handled = outcome !== "refused";
        } else if (notice) {
          handled = await handlePaymentNotice(ctx, provider.name, notice, raw);
        }
        const answer = provider.answer(handled);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });

  /**
   * The local gateway's "payer scanned and paid" (PAY_FAKE=1 only): it signs a notification with its
   * own key and delivers it to the notify route over the app, exactly as the outside gateway would.
   */
  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/fakeGatewayPay",
    access: "account:use",
    input: orderNoInput,
    handler: async ({ input, viewer }) => {
      if (!paymentsFor(ctx).fakeGatewayKey) throw new ForbiddenError("payProviderDisabled");
      const order = await ctx.db
        .selectFrom("orders")
        .selectAll()
        .where("orderNo", "=", input.orderNo)
        .where("userId", "=", viewer.user.id)
        .executeTakeFirst();
      if (!order) throw new NotFoundError("orderNotFound");
      // A closed order's code can no longer be paid, as at a real gateway after 关闭订单.
      if (order.status === "cancelled") throw new ConflictError("orderNotPending");
      return { delivered: await deliverFakePayment(app, ctx, order.orderNo, Number(order.amountFen)) };
    },
  });
}

/**
 * The local gateway pays an order (PAY_FAKE=1 without an outside key): it signs the notification with its own
 * key and hands it to the notify route over the app, exactly as the outside gateway would. True when the route
 * took it. Memberships (pay/fakeGatewayPay) and 商品 orders (anQuestion/fakePayFormOrder) pay through it.
 */
export async function deliverFakePayment(
  app: FastifyInstance,
  ctx: AppContext,
  orderNo: string,
  amountFen: number,
): Promise<boolean> {
  const key = paymentsFor(ctx).fakeGatewayKey;
  if (!key) throw new ForbiddenError("payProviderDisabled");
  const signed = signFakeNotification(
    key,
    { notifyId: `fake-${orderNo}`, orderNo, tradeNo: `FAKE${crypto.randomInt(0, 1e9)}`, amountFen },
    ctx.clock.now(),
  );
  const res = await app.inject({
    method: "POST",
    url: notifyPath("fake"),
    headers: signed.headers,
    payload: signed.body,
  });
  return res.statusCode === 200;
}
