import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { confirmTransfer, grantLevel, listAdminOrders, refundOrder } from "../../commands/admin/orders.ts";
import { readBankInfo, saveBankInfo } from "../../commands/money/bank-info.ts";
import type { AppContext } from "../../context.ts";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  intFromText,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";
import { orderNoParam } from "../pay/schema.ts";
import { phoneSearchInput } from "./schema.ts";

const orderListInput = phoneSearchInput.extend({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  orderNo: blankAsAbsent(
    z
      .string({ error: "订单号搜索条件需为数字" })
      .trim()
      .regex(/^\d{1,20}$/, "订单号搜索条件需为数字"),
  ),
  status: blankAsAbsent(enumParam(["pending", "paid", "cancelled", "refunded"], "statusInvalid")),
  provider: blankAsAbsent(
    enumParam(["wallet", "transfer", "wechat", "alipay", "fake"], "payProviderInvalid"),
  ),
});

const confirmInput = z.object({
  orderNo: orderNoParam,
  /** The bank's serial number of the incoming transfer, for the books; may be left empty. */
  bankSerial: textParam("bankInfoInvalid", { max: 64 }).default(""),
});

const refundInput = z.object({
  orderNo: orderNoParam,
  to: enumParam(["wallet", "provider"], "refundNoProvider"),
  reason: textParam("refundReasonInvalid", { min: 1, max: 200 }),
});

const grantInput = z.object({
  userId: idParam,
  vipLevel: intFromText("vipLevelInvalid", 1, 3),
  days: intFromText("grantDaysInvalid", 1, 3650),
  reason: textParam("grantReasonInvalid", { min: 1, max: 200 }),
});

const bankInput = z.object({
  accountName: textParam("bankInfoInvalid", { min: 1, max: 64 }),
  bankName: textParam("bankInfoInvalid", { min: 1, max: 64 }),
  accountNo: z
    .string({ error: "银行账号需为数字" })
    .trim()
    .regex(/^\d[\d ]{5,39}$/, "银行账号需为6-40位数字"),
  note: textParam("bankInfoInvalid", { max: 200 }).default(""),
});

/** 订单管理 in the admin console: `/wjgj/api/admin/order/*`; every change is audited. */
export function adminOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/order/list",
    access: "admin:orders",
    input: orderListInput,
    handler: ({ input }) => listAdminOrders(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/order/confirmTransfer",
    access: "admin:orders",
    input: confirmInput,
    successMessage: "transferConfirmed",
    handler: ({ input, viewer }) => confirmTransfer(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/order/refund",
    access: "admin:orders",
    input: refundInput,
    successMessage: "refundDone",
    handler: ({ input, viewer }) => refundOrder(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/order/grantLevel",
    access: "admin:orders",
    input: grantInput,
    successMessage: "grantDone",
    handler: ({ input, viewer }) => grantLevel(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/order/getBankInfo",
    access: "admin:orders",
    input: z.object({}),
    handler: () => readBankInfo(ctx.db),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/order/saveBankInfo",
    access: "admin:orders",
    input: bankInput,
    handler: ({ input, viewer }) => saveBankInfo(ctx, viewer, input),
  });
}
