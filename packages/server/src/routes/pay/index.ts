import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import { listConsumption } from "../../commands/money/consumption.ts";
import { openInvoiceDownload, requestInvoice } from "../../commands/money/invoices.ts";
import { cancelOrder, createOrder, getOrder, payOrder } from "../../commands/money/orders.ts";
import { listWalletRecords, walletOf } from "../../commands/money/wallet.ts";
import { cancelWithdrawal, listMyWithdrawals, requestWithdrawal } from "../../commands/money/withdrawals.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";
import { registerPaymentNotifications } from "./notify.ts";
import {
  consumptionInput,
  createOrderInput,
  invoiceInput,
  orderNoInput,
  payOrderInput,
  walletRecordsInput,
  withdrawalIdInput,
  withdrawalInput,
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
    handler: ({ input, viewer, request }) =>
      payOrder(ctx, viewer.user, input, {
        userAgent: request.headers["user-agent"] ?? "",
        clientIp: request.ip,
        cookieHeader: request.headers.cookie,
      }),
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

  // 提现: the amount is frozen at once; an admin pays it out or refuses it (admin/withdrawal/*).
  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/requestWithdrawal",
    access: "account:use",
    input: withdrawalInput,
    successMessage: "withdrawalRequested",
    handler: ({ input, viewer }) => requestWithdrawal(ctx, viewer.user, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "pay/getWithdrawalList",
    access: "account:use",
    input: walletRecordsInput,
    handler: ({ input, viewer }) => listMyWithdrawals(ctx, viewer.user, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/cancelWithdrawal",
    access: "account:use",
    input: withdrawalIdInput,
    successMessage: "withdrawalCancelled",
    handler: ({ input, viewer }) => cancelWithdrawal(ctx, viewer.user, input.id),
  });

  // 发票: asked for from 消费明细, downloaded there once an admin attached the PDF (admin/invoice/*).
  defineRoute(app, ctx, {
    method: "POST",
    path: "pay/requestInvoice",
    access: "account:use",
    input: invoiceInput,
    successMessage: "invoiceRequested",
    handler: ({ input, viewer }) => requestInvoice(ctx, viewer.user, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "pay/downloadInvoice",
    access: "account:use",
    input: orderNoInput,
    handler: async ({ input, viewer, reply, request }) => {
      const file = await openInvoiceDownload(ctx, viewer.user, input.orderNo);
      // The file itself, not the envelope: failures above still answer the usual JSON.
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": "application/pdf",
        "Content-Length": String(file.size),
        "Content-Disposition": contentDisposition(file.fileName, `invoice-${input.orderNo}.pdf`),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "SAMEORIGIN",
      });
      await pipeline(file.body, reply.raw).catch((error: unknown) =>
        request.log.warn({ err: error }, "invoice download interrupted"),
      );
      return null;
    },
  });

  registerPaymentNotifications(app, ctx);
}
