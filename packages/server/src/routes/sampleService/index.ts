import type { FastifyInstance } from "fastify";
import {
  cancelSampleOrderByAdmin,
  listAdminSampleOrders,
  readRatesForAdmin,
  saveSampleRates,
  updateSampleProgress,
} from "../../commands/sample-orders/admin.ts";
import {
  cancelSampleOrder,
  listSampleOrders,
  placeSampleOrder,
  sampleServiceInfo,
} from "../../commands/sample-orders/orders.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { emptyInput } from "../navigation/schema.ts";
import {
  adminSampleListInput,
  sampleAdminCancelInput,
  sampleCancelInput,
  sampleListInput,
  sampleOrderInput,
  sampleProgressInput,
  sampleRatesInput,
} from "./schema.ts";

/** 样本服务 orders: the creator's `sampleService/*` and the console's `admin/sampleOrder/*`. */
export function sampleServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "sampleService/getSampleService",
    access: "account:use",
    input: emptyInput,
    handler: ({ viewer }) => sampleServiceInfo(ctx, viewer),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "sampleService/addSampleOrder",
    access: "account:use",
    input: sampleOrderInput,
    successMessage: "sampleOrderPlaced",
    handler: ({ viewer, input }) => placeSampleOrder(ctx, viewer, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "sampleService/getSampleOrderList",
    access: "account:use",
    input: sampleListInput,
    handler: ({ viewer, input }) => listSampleOrders(ctx, viewer, input.id),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "sampleService/cancelSampleOrder",
    access: "account:use",
    input: sampleCancelInput,
    successMessage: "sampleOrderCancelled",
    handler: ({ viewer, input }) => cancelSampleOrder(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/sampleOrder/list",
    access: "admin:orders",
    input: adminSampleListInput,
    handler: ({ input }) => listAdminSampleOrders(ctx, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/sampleOrder/progress",
    access: "admin:orders",
    input: sampleProgressInput,
    successMessage: "sampleProgressSaved",
    handler: ({ viewer, input }) => updateSampleProgress(ctx, viewer.user.id, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/sampleOrder/cancel",
    access: "admin:orders",
    input: sampleAdminCancelInput,
    successMessage: "sampleOrderCancelled",
    handler: ({ viewer, input }) => cancelSampleOrderByAdmin(ctx, viewer.user.id, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/sampleOrder/getRates",
    access: "admin:settings",
    input: emptyInput,
    handler: () => readRatesForAdmin(ctx),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/sampleOrder/saveRates",
    access: "admin:settings",
    input: sampleRatesInput,
    successMessage: "sampleRatesSaved",
    handler: ({ viewer, input }) => saveSampleRates(ctx, viewer.user.id, input),
  });
}
