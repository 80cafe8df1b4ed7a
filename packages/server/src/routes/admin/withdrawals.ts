import { messages } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { issueInvoice, listAdminInvoices } from "../../commands/money/invoices.ts";
import {
  approveWithdrawal,
  listAdminWithdrawals,
  rejectWithdrawal,
} from "../../commands/money/withdrawals.ts";
import type { AppContext } from "../../context.ts";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";
import { phoneSearchInput } from "./schema.ts";

const listInput = phoneSearchInput.extend({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  status: blankAsAbsent(enumParam(["pending", "paid", "rejected", "cancelled"], "statusInvalid")),
});

const approveInput = z.object({
  id: idParam,
  /** The payout's transaction number or a remark, for the books; may be left empty. */
  note: textParam("withdrawalNoteInvalid", { max: 200 }).default(""),
});

const rejectInput = z.object({
  id: idParam,
  reason: textParam("withdrawalRejectReasonInvalid", { min: 1, max: 200 }),
});

const invoiceListInput = z.object({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  status: blankAsAbsent(enumParam(["requested", "issued"], "statusInvalid")),
});

const issueInput = z.object({
  id: idParam,
  file: z.object(
    { filename: z.string().max(255), data: z.instanceof(Buffer) },
    { error: messages.invoiceFileInvalid },
  ),
});

/** 发票管理: `/wjgj/api/admin/invoice/*` (multipart for the PDF); issuing is audited. */
export function adminInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/invoice/list",
    access: "admin:invoices",
    input: invoiceListInput,
    handler: ({ input }) => listAdminInvoices(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/invoice/issue",
    access: "admin:invoices",
    input: issueInput,
    successMessage: "invoiceIssued",
    handler: ({ input, viewer }) => issueInvoice(ctx, viewer, input),
  });
}

/** 提现管理 in the admin console: `/wjgj/api/admin/withdrawal/*`; every decision is audited. */
export function adminWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/withdrawal/list",
    access: "admin:withdrawals",
    input: listInput,
    handler: ({ input }) => listAdminWithdrawals(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/withdrawal/approve",
    access: "admin:withdrawals",
    input: approveInput,
    successMessage: "withdrawalApproved",
    handler: ({ input, viewer }) => approveWithdrawal(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/withdrawal/reject",
    access: "admin:withdrawals",
    input: rejectInput,
    successMessage: "withdrawalRejected",
    handler: ({ input, viewer }) => rejectWithdrawal(ctx, viewer, input),
  });
}
