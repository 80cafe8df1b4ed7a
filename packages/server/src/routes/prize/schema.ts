import { drawLimitBy, eligibilitySchema, messages, prizeKinds, winnerFields } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  booleanParam,
  codeParam,
  dateTimeParam,
  enumParam,
  idParam,
  intFromText,
  jsonObjectParam,
  phoneParam,
  sortParam,
  textParam,
  urlParam,
} from "../../http/params.ts";

/** Inputs of `/wjgj/api/prize/*` (creator calls by questionnaireId; respondent calls by response). */

export const questionnaireInput = z.object({ questionnaireId: idParam });
export const prizeInput = questionnaireInput.extend({ prizeId: idParam });
export const drawInput = questionnaireInput.extend({ drawId: idParam });

/** A percent with at most two decimals, kept as basis points (exact integers). */
const probabilityParam = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, messages.prizeProbabilityInvalid),
    ],
    {
      error: messages.prizeProbabilityInvalid,
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, messages.prizeProbabilityInvalid)
      .max(100, messages.prizeProbabilityInvalid)
      .refine((p) => Number.isInteger(Math.round(p * 10000) / 100), messages.prizeProbabilityInvalid)
      .transform((p) => Math.round(p * 100)),
  );

const codeLine = /^[A-Za-z0-9-]{1,64}$/;
/** Coupon codes, one a line (or a JSON list); at most 10000 at a time. */
const codesParam = z
  .union([z.string().max(700_000), z.array(z.string()).max(10_000)], { error: messages.prizeCodesInvalid })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(/\r?\n/)).map((c) => c.trim()).filter((c) => c !== ""),
  )
  .refine(
    (codes) =>
      codes.length <= 10_000 && codes.every((c) => codeLine.test(c)) && new Set(codes).size === codes.length,
    messages.prizeCodesInvalid,
  );

const prizeFields = {
  name: textParam("prizeNameInvalid", { min: 1, max: 30 }),
  image: blankAsAbsent(urlParam("urlInvalid")).transform((v) => v ?? ""),
  prizeType: enumParam(prizeKinds, "prizeKindInvalid"),
  stock: intFromText("prizeStockInvalid", 0, 100_000).default(0),
  probability: probabilityParam,
  sort: sortParam,
  codes: blankAsAbsent(codesParam),
};

export const addPrizeInput = questionnaireInput.extend(prizeFields);

export const updatePrizeInput = prizeInput.extend({
  name: blankAsAbsent(prizeFields.name),
  /** "" takes the picture away (absent leaves it as it is). */
  image: urlParam("urlInvalid", { optional: true }).optional(),
  stock: blankAsAbsent(intFromText("prizeStockInvalid", 0, 100_000)),
  probability: blankAsAbsent(probabilityParam),
  sort: blankAsAbsent(intFromText("sortInvalid", -9999, 9999)),
  codes: blankAsAbsent(codesParam),
  /** Removes the prize from future draws (past winners keep it). */
  deleted: blankAsAbsent(booleanParam("prizeSetInvalid")),
});

const prizeSetChanges = z
  .object({
    enabled: z.boolean(),
    eligibility: eligibilitySchema,
    limitBy: z.enum(drawLimitBy),
    drawsPerPerson: z.number().int().min(1).max(100),
    startsAt: dateTimeParam().nullable(),
    endsAt: dateTimeParam().nullable(),
    winnerFields: z.array(z.enum(winnerFields)).max(3),
    publicWinners: z.boolean(),
  })
  .partial();

export const updatePrizeSetInput = questionnaireInput.extend({
  prizeSet: jsonObjectParam(prizeSetChanges),
});

const keyParam = z
  .string({ error: messages.drawResponseInvalid })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.drawResponseInvalid);

/** The thank-you screen's proof that the response is its own: the response id and its idempotency key. */
export const responseProofInput = z.object({
  responseId: intFromText("drawResponseInvalid", 1, 2_147_483_647),
  idempotencyKey: keyParam,
});

/** A draw; the phone and its SMS code are needed only when draws are counted per phone. */
export const drawRequestInput = responseProofInput.extend({
  phone: blankAsAbsent(phoneParam),
  code: blankAsAbsent(codeParam),
});

export const winnerInfoInput = responseProofInput.extend({
  name: blankAsAbsent(textParam("winnerFormInvalid", { min: 1, max: 30 })),
  phone: blankAsAbsent(phoneParam),
  address: blankAsAbsent(textParam("winnerFormInvalid", { min: 2, max: 200 })),
});

export const publicWinnersInput = z.object({
  publicId: z
    .string({ error: messages.answerNotFound })
    .trim()
    .regex(/^[0-9A-Za-z]{6,16}$/, messages.answerNotFound),
});
