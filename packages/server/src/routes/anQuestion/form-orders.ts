import type { FastifyInstance } from "fastify";
import {
  fakePayableOrder,
  formOrderByReceipt,
  payFormOrderByReceipt,
  productStock,
} from "../../commands/form-orders/respondent.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { deliverFakePayment } from "../pay/notify.ts";
import { payFormOrderInput, productStockInput, receiptInput } from "./schema.ts";

/**
 * 商品 for respondents (issue #41), no login: `anQuestion/productStock` (the answer page polls it), and the
 * order of a response held by its receipt token — read it, pay it, or (PAY_FAKE only) pay it at the local gateway.
 */
export function formOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/productStock",
    access: "public",
    input: productStockInput,
    handler: ({ input }) => productStock(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/formOrder",
    access: "public",
    input: receiptInput,
    handler: ({ input }) => formOrderByReceipt(ctx, input.token),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/payFormOrder",
    access: "public",
    input: payFormOrderInput,
    handler: ({ input, request }) =>
      payFormOrderByReceipt(ctx, input, {
        userAgent: request.headers["user-agent"] ?? "",
        clientIp: request.ip,
        cookieHeader: request.headers.cookie,
      }),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/fakePayFormOrder",
    access: "public",
    input: receiptInput,
    handler: async ({ input }) => {
      const order = await fakePayableOrder(ctx, input.token);
      return { delivered: await deliverFakePayment(app, ctx, order.orderNo, Number(order.totalFen)) };
    },
  });
}
