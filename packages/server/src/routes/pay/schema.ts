import { messages, RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, enumParam, intFromText, pageNumParam, pageSizeParam } from "../../http/params.ts";

const orderNoParam = z
  .string({ error: messages.orderNotFound })
  .trim()
  .regex(/^\d{20}$/, messages.orderNotFound);

export const createOrderInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("vip"), vipLevel: intFromText("vipLevelInvalid", 1, 3) }),
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
    type: blankAsAbsent(enumParam(["vip", "recharge"], "orderKindInvalid")),
  })
  .refine((input) => !input.startDate || !input.endDate || input.startDate <= input.endDate, {
    message: messages.dateRangeInvalid,
    path: ["endDate"],
  });
