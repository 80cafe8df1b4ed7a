import type { FastifyInstance } from "fastify";
import { cancelOrder, createOrder, getOrder, payOrder } from "../../commands/orders.ts";
import { listConsumption, listWalletRecords, walletOf } from "../../commands/wallet.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { registerPaymentNotifications } from "./notify.ts";
import {
  consumptionInput,
  createOrderInput,
  orderNoInput,
  payOrderInput,
  walletRecordsInput,
} from "./schema.ts";

/** Orders, payment and the wallet: `/wjgj/api/pay/*`, and the seed's `user/accountConsumption`. */
export function payRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/createOrder",
    access: "account:use",
    input: createOrderInput,
    successMessage: "orderCreated",
    handler: ({ input, viewer }) => createOrder(ctx, viewer.user, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/payOrder",
    access: "account:use",
    input: payOrderInput,
    handler: ({ input, viewer }) => payOrder(ctx, viewer.user, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "pay/getOrder",
    access: "account:use",
    input: orderNoInput,
    handler: ({ input, viewer }) => getOrder(ctx, viewer.user, input.orderNo),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/cancelOrder",
    access: "account:use",
    input: orderNoInput,
    handler: ({ input, viewer }) => cancelOrder(ctx, viewer.user, input.orderNo),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "pay/getWallet",
    access: "account:use",
    input: walletRecordsInput,
    handler: ({ viewer }) => walletOf(ctx, viewer.user),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "pay/getWalletRecords",
    access: "account:use",
    input: walletRecordsInput,
    handler: ({ input, viewer }) => listWalletRecords(ctx, viewer.user, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "user/accountConsumption",
    access: "account:use",
    input: consumptionInput,
    handler: ({ input, viewer }) => listConsumption(ctx, viewer.user, input),
  });

  registerPaymentNotifications(app, ctx);
}
