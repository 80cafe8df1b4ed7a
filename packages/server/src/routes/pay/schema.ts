import {
  consumptionTypes,
  messages,
  RECHARGE_MAX_FEN,
  RECHARGE_MIN_FEN,
  WITHDRAWAL_MAX_FEN,
  WITHDRAWAL_MIN_FEN,
} from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  intFromText,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";

export const orderNoParam = z
  .string({ error: messages.orderNotFound })
  .trim()
  .regex(/^\d{20}$/, messages.orderNotFound);

export const createOrderInput = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("vip"),
      vipLevel: intFromText("vipLevelInvalid", 1, 3),
      period: enumParam(["month", "year"], "vipPeriodInvalid"),
    }),
    z.object({
      kind: z.literal("recharge"),
      amountFen: intFromText("rechargeAmountInvalid", RECHARGE_MIN_FEN, RECHARGE_MAX_FEN),
    }),
  ],
  { error: messages.orderKindInvalid },
);

export const orderNoInput = z.object({ orderNo: orderNoParam });

export const payOrderInput = z.object({
  orderNo: orderNoParam,
  provider: z
    .string({ error: messages.payProviderInvalid })
    .trim()
    .min(1, messages.payProviderInvalid)
    .max(16, messages.payProviderInvalid),
});

export const walletRecordsInput = z.object({ pageNum: pageNumParam, pageSize: pageSizeParam });

const dateParam = blankAsAbsent(
  z
    .string({ error: messages.dateRangeInvalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateRangeInvalid)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), messages.dateRangeInvalid),
);

export const consumptionInput = z
  .object({
    pageNum: pageNumParam,
    pageSize: pageSizeParam,
    startDate: dateParam,
    endDate: dateParam,
    type: blankAsAbsent(enumParam(consumptionTypes, "consumptionTypeInvalid")),
  })
  .refine((input) => !input.startDate || !input.endDate || input.startDate <= input.endDate, {
    message: messages.dateRangeInvalid,
    path: ["endDate"],
  });

export const withdrawalInput = z
  .object({
    amountFen: intFromText("withdrawalAmountInvalid", WITHDRAWAL_MIN_FEN, WITHDRAWAL_MAX_FEN),
    channel: enumParam(["alipay", "bank"], "withdrawalChannelInvalid"),
    accountName: textParam("withdrawalAccountNameInvalid", { min: 1, max: 32 }),
    accountNo: textParam("withdrawalAccountNoInvalid", { min: 1, max: 64 }),
    bankName: textParam("withdrawalBankNameInvalid", { max: 64 }).default(""),
  })
  .refine((input) => input.channel !== "bank" || input.bankName.length > 0, {
    message: messages.withdrawalBankNameInvalid,
    path: ["bankName"],
  });

export const withdrawalIdInput = z.object({ id: idParam });

export const invoiceInput = z.object({
  orderNo: orderNoParam,
  title: textParam("invoiceTitleInvalid", { min: 1, max: 100 }),
  taxNo: z
    .string({ error: messages.invoiceTaxNoInvalid })
    .trim()
    .regex(/^([0-9A-Z]{15,20})?$/, messages.invoiceTaxNoInvalid)
    .default(""),
  email: z
    .string({ error: messages.invoiceEmailInvalid })
    .trim()
    .max(100, messages.invoiceEmailInvalid)
    .email(messages.invoiceEmailInvalid),
});
