import {
  FORM_ORDER_REFUND_REASON_MAX,
  type FormOrderStatus,
  formOrderStatusLabels,
  messages,
} from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  exportFormOrders,
  questionnaireFormOrders,
  refundAsCreator,
} from "../../commands/form-orders/creator.ts";
import type { AppContext } from "../../context.ts";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  intFromText,
  pageNumParam,
  pageSizeParam,
} from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";

const statuses = Object.keys(formOrderStatusLabels) as [FormOrderStatus, ...FormOrderStatus[]];

export const formOrdersInput = z.object({
  id: idParam,
  status: blankAsAbsent(enumParam(statuses, "formOrderStatusInvalid")),
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
});

export const refundFormOrderInput = z.object({
  id: idParam,
  orderNo: z
    .string({ error: messages.formOrderNotFound })
    .trim()
    .regex(/^F\d{10,30}$/, messages.formOrderNotFound),
  amountFen: intFromText("formOrderRefundAmountInvalid", 1, 10_000_000),
  reason: z
    .string({ error: messages.formOrderRefundReasonTooLong })
    .trim()
    .max(FORM_ORDER_REFUND_REASON_MAX, messages.formOrderRefundReasonTooLong)
    .default(""),
});

/**
 * 商品 orders for the creator (issue #41): the 订单管理 list, refunds and the spreadsheet. The commands check the
 * questionnaire's policy (results to see, manageResponses to refund, export to download).
 */
export function questionaryFormOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/formOrders",
    access: "account:use",
    input: formOrdersInput,
    handler: ({ viewer, input }) => questionnaireFormOrders(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/refundFormOrder",
    access: "account:use",
    input: refundFormOrderInput,
    handler: ({ viewer, input }) => refundAsCreator(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/exportFormOrders",
    access: "account:use",
    input: z.object({ id: idParam }),
    handler: async ({ viewer, input, reply }) => {
      const file = await exportFormOrders(ctx, viewer, input);
      // The file itself, not the envelope: failures above still answer the usual JSON.
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Length": String(file.body.length),
        "Content-Disposition": contentDisposition(file.fileName, "orders.xlsx"),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "SAMEORIGIN",
      });
      reply.raw.end(file.body);
      return null;
    },
  });
}
