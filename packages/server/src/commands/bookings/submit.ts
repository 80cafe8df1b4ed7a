import {
  type BookingConfig,
  type BookingSchedule,
  type SubmittedBooking,
  type SurveyDefinition,
  slotLabel,
} from "@wjgj/core";
import type { Trx } from "../../db/index.ts";
import { sha256 } from "../../security/hashing.ts";
import { questionsOfType } from "../answering/typed-questions.ts";
import { bookSlotAt, openSlotAt } from "./book.ts";

/**
 * 预约 answers of a submit (issue #41): planned before the transaction (the schedule, the slot, who books),
 * booked inside it right after the response row, so a full slot, a passed cut-off or the per-person limit
 * fails the whole submit and nothing is stored.
 */
export interface PlannedBooking {
  questionId: string;
  schedule: BookingSchedule;
  slotKey: string;
}

export interface BookingPlan {
  questionnaireId: number;
  respondentKey: string;
  bookings: readonly PlannedBooking[];
}

/** Who the per-person limit counts, in order of trust: the account, the WeChat user, the answering device. */
export interface BookingRespondent {
  userId: number | null;
  wechatKey: string | null;
  deviceId: string;
  /** Last resort without a device id: the submit's own key (each response its own respondent). */
  idempotencyKey: string;
}

/** The stored respondent key: a digest of who books with the questionnaire (never the identity itself). */
export function bookingRespondentKey(questionnaireId: number, who: BookingRespondent): string {
  const identity =
    who.userId !== null
      ? `user:${who.userId}`
      : who.wechatKey
        ? `wechat:${who.wechatKey}`
        : who.deviceId
          ? `device:${who.deviceId}`
          : `submit:${who.idempotencyKey}`;
  return sha256(`${questionnaireId}\u0000${identity}`);
}

/**
 * The slots the (validated) answers book, in question-id order (every submit locks slot rows in the same
 * order). Refuses before any write what is already clear: a slot that is not bookable now.
 */
export function planBookings(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  now: Date,
): PlannedBooking[] {
  const planned: PlannedBooking[] = [];
  for (const question of questionsOfType(definition, "booking")) {
    const slot = (answers[question.id] as { slot?: unknown } | undefined)?.slot;
    if (typeof slot !== "string" || slot === "") continue;
    const { schedule } = question.config as BookingConfig;
    openSlotAt(now, schedule, slot);
    planned.push({ questionId: question.id, schedule, slotKey: slot });
  }
  return planned.sort((a, b) => (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0));
}

/** Books every planned slot for the stored response, inside the submit's transaction. */
export async function bookAnswers(
  trx: Trx,
  plan: BookingPlan,
  responseId: number,
  now: Date,
): Promise<SubmittedBooking[]> {
  const booked: SubmittedBooking[] = [];
  for (const booking of plan.bookings) {
    const receipt = await bookSlotAt(trx, now, {
      questionnaireId: plan.questionnaireId,
      questionId: booking.questionId,
      schedule: booking.schedule,
      slotKey: booking.slotKey,
      respondentKey: plan.respondentKey,
      responseId,
    });
    booked.push({
      questionId: booking.questionId,
      slotKey: receipt.slotKey,
      label: slotLabel(receipt.slotKey),
      code: receipt.code,
    });
  }
  return booked;
}
