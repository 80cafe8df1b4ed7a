import { messages } from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, idParam, intFromText, MAX_INT } from "../../http/params.ts";
import { bookingCodeParam, bookingDateParam } from "../anQuestion/schema.ts";

/** 预约 for the creator (issue #41): the questionnaire's `id` names what the policy checks. */
export const bookingsInput = z.object({
  id: idParam,
  questionId: blankAsAbsent(
    z.string({ error: messages.bookingQuestionNotFound }).trim().max(64, messages.bookingQuestionNotFound),
  ),
  /** China dates; from today and 31 days by default, at most 62 days. */
  from: blankAsAbsent(bookingDateParam),
  to: blankAsAbsent(bookingDateParam),
});

export const checkInBookingInput = z.object({ id: idParam, code: bookingCodeParam });

export const cancelBookingInput = z.object({
  id: idParam,
  bookingId: intFromText("bookingNotFound", 1, MAX_INT),
});
