import { messages, sampleRateLimits, sampleTargeting } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  enumParam,
  idParam,
  intFromText,
  MAX_INT,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";
import { phoneSearchInput } from "../admin/schema.ts";

/** Inputs of `/wjgj/api/sampleService/*` (`id` names the questionnaire) and `admin/sampleOrder/*`. */

const values = <T extends readonly { value: string }[]>(choices: T) =>
  choices.map((choice) => choice.value) as unknown as readonly [T[number]["value"], ...T[number]["value"][]];

const targetingParam = <T extends readonly { value: string }[]>(choices: T) =>
  blankAsAbsent(enumParam(values(choices), "sampleTargetingInvalid")).transform((v) => v ?? "any");

export const sampleOrderInput = z
  .object({
    id: idParam,
    // The admin's rates bound it further (the command says which bounds apply today).
    quantity: intFromText("sampleQuantityInvalid", 1, sampleRateLimits.maxQuantity),
    region: targetingParam(sampleTargeting.region),
    ageBand: targetingParam(sampleTargeting.ageBand),
    gender: targetingParam(sampleTargeting.gender),
    occupation: targetingParam(sampleTargeting.occupation),
    note: textParam("sampleNoteInvalid", { max: 200, multiline: true }).default(""),
  })
  .transform(({ region, ageBand, gender, occupation, ...rest }) => ({
    ...rest,
    targeting: { region, ageBand, gender, occupation },
  }));

export const sampleListInput = z.object({ id: idParam });

export const sampleCancelInput = z.object({
  id: idParam,
  orderId: intFromText("sampleOrderNotFound", 1, MAX_INT),
});

export const adminSampleListInput = phoneSearchInput.extend({
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  status: blankAsAbsent(enumParam(["paid", "collecting", "completed", "cancelled"], "statusInvalid")),
});

export const sampleProgressInput = z.object({
  id: idParam,
  filled: intFromText("sampleProgressInvalid", 0, MAX_INT),
  rejected: intFromText("sampleProgressInvalid", 0, MAX_INT).default(0),
  note: textParam("sampleNoteInvalid", { max: 200 }).default(""),
});

export const sampleAdminCancelInput = z.object({
  id: idParam,
  reason: textParam("sampleCancelReasonInvalid", { min: 1, max: 200 }),
});

const surcharge = intFromText("samplePriceInvalid", 0, sampleRateLimits.maxPriceFen);
const count = intFromText("sampleQuantityLimitInvalid", 1, sampleRateLimits.maxQuantity);

/** 样本服务价格: every rate in whole fen; a response always costs something. */
export const sampleRatesInput = z
  .object({
    basePriceFen: intFromText("sampleBasePriceInvalid", 1, sampleRateLimits.maxPriceFen),
    regionPriceFen: surcharge,
    ageBandPriceFen: surcharge,
    genderPriceFen: surcharge,
    occupationPriceFen: surcharge,
    minQuantity: count,
    maxQuantity: count,
  })
  .refine((r) => r.minQuantity <= r.maxQuantity, {
    message: messages.sampleQuantityRangeInvalid,
    path: ["minQuantity"],
  });
