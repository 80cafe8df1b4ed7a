import { ERASURE_REASON_MAX, messages } from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  booleanParam,
  codeParam,
  enumParam,
  intFromText,
  MAX_INT,
  phoneParam,
} from "../../http/params.ts";

const publicIdParam = z
  .string({ error: messages.answerNotFound })
  .trim()
  .regex(/^[0-9A-Za-z]{6,16}$/, messages.answerNotFound);

const keyParam = z
  .string({ error: messages.answerKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.answerKeyInvalid);

const passwordParam = blankAsAbsent(
  z.string({ error: messages.answerPasswordWrong }).max(32, messages.answerPasswordWrong),
);

/** Checked by verifyAnswerToken, which says whether it is missing, forged or expired. */
export const answerTokenParam = blankAsAbsent(
  z.string({ error: messages.answerTokenInvalid }).max(200, messages.answerTokenInvalid),
);

export const openInput = z.object({
  publicId: publicIdParam,
  password: passwordParam,
  /** The answering device, for exams that draw a paper per candidate (随机组卷). */
  deviceId: blankAsAbsent(
    z.string({ error: messages.answerInvalid }).regex(/^[A-Za-z0-9_-]{8,64}$/, messages.answerInvalid),
  ),
});

/**
 * Answers by question id (at most 64 characters). Checked with one loop: a record schema runs every key
 * through a string schema and copies the object, on every submit; core validates the answers themselves.
 */
const answersParam = z.custom<Record<string, unknown>>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).every((key) => key.length <= 64),
  { error: messages.answerInvalid },
);

export const submitInput = z.object({
  publicId: publicIdParam,
  revisionId: intFromText("answerRevisionChanged", 1, MAX_INT),
  answers: answersParam,
  durationSeconds: intFromText("answerInvalid", 0, 7 * 86_400).default(0),
  deviceId: blankAsAbsent(
    z.string({ error: messages.answerInvalid }).regex(/^[A-Za-z0-9_-]{1,64}$/, messages.answerInvalid),
  ).transform((v) => v ?? ""),
  idempotencyKey: keyParam,
  source: blankAsAbsent(
    enumParam(["link", "qrcode", "wechat", "embed", "sms", "mutual", "sample", "other"], "answerInvalid"),
  ).transform((v) => v ?? "link"),
  password: passwordParam,
  /** From `getQuestionary`; previews (never stored) submit without one. */
  answerToken: answerTokenParam,
  preview: blankAsAbsent(booleanParam("answerInvalid")),
  /** An exam submitted by the page itself (time up, too many tab switches): unanswered required questions pass. */
  forced: blankAsAbsent(enumParam(["timeout", "tabSwitch"], "answerInvalid")),
  /** 同意隐私政策: the version of the consent the respondent agreed to. */
  consentVersion: blankAsAbsent(intFromText("answerConsentRequired", 1, MAX_INT)),
  /** An exam's attempt (`exam/start`): the server's clock and saved answers decide what counts (issue #40). */
  attemptToken: blankAsAbsent(
    z.string({ error: messages.examAttemptInvalid }).max(100, messages.examAttemptInvalid),
  ),
});

export const checkInput = z.object({ publicId: publicIdParam, idempotencyKey: keyParam });

/** /y/{id}/{type}: the owner previews the draft by its public id. */
export const previewInput = z.object({ publicId: publicIdParam });

/** 回执: checked in full by receiptResponseId (a wrong one is refused in Chinese). */
const receiptParam = z.string({ error: messages.receiptInvalid }).trim().max(100, messages.receiptInvalid);

export const receiptInput = z.object({ token: receiptParam });

export const erasureInput = z.object({
  token: receiptParam,
  reason: z
    .string({ error: messages.erasureReasonInvalid })
    .trim()
    .max(ERASURE_REASON_MAX, messages.erasureReasonInvalid)
    .default(""),
});

export const myResponsesLookupInput = z.object({ publicId: publicIdParam });
export const myResponsesInput = z.object({ publicId: publicIdParam, phone: phoneParam, code: codeParam });

// 预约 (issue #41): the answer page's live slots, and a booking found by its receipt or its confirmation code.
const bookingQuestionParam = z
  .string({ error: messages.bookingQuestionNotFound })
  .trim()
  .min(1, messages.bookingQuestionNotFound)
  .max(64, messages.bookingQuestionNotFound);

/** A real calendar date, YYYY-MM-DD. */
export const bookingDateParam = z
  .string({ error: messages.bookingRangeInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.bookingRangeInvalid)
  // zod runs this even after the pattern failed: an invalid date must not throw.
  .refine((date) => {
    const day = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
  }, messages.bookingRangeInvalid);

/** A confirmation code as typed or scanned (case, spaces and dashes are ignored when compared). */
export const bookingCodeParam = z
  .string({ error: messages.bookingCodeInvalid })
  .trim()
  .regex(/^[0-9A-Za-z -]{4,40}$/, messages.bookingCodeInvalid);

const slotKeyParam = z
  .string({ error: messages.bookingSlotUnknown })
  .trim()
  .min(1, messages.bookingSlotUnknown)
  .max(32, messages.bookingSlotUnknown);

export const bookingSlotsInput = z.object({
  publicId: publicIdParam,
  questionId: bookingQuestionParam,
  from: blankAsAbsent(bookingDateParam),
  to: blankAsAbsent(bookingDateParam),
});

export const receiptBookingInput = z.object({ token: receiptParam, questionId: bookingQuestionParam });

export const moveBookingInput = receiptBookingInput.extend({ slotKey: slotKeyParam });

export const findBookingInput = z.object({ publicId: publicIdParam, code: bookingCodeParam });

// 商品 (issue #41): the answer page's live stock, and paying the order a receipt holds.
const productQuestionParam = z
  .string({ error: messages.productUnknown })
  .trim()
  .min(1, messages.productUnknown)
  .max(64, messages.productUnknown);

export const productStockInput = z.object({ publicId: publicIdParam, questionId: productQuestionParam });

export const payFormOrderInput = z.object({
  token: receiptParam,
  provider: z
    .string({ error: messages.payProviderInvalid })
    .trim()
    .min(1, messages.payProviderInvalid)
    .max(16, messages.payProviderInvalid),
});
