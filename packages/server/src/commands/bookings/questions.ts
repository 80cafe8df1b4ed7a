import {
  BOOKING_VIEW_DEFAULT_DAYS,
  BOOKING_VIEW_MAX_DAYS,
  type BookingConfig,
  type BookingSchedule,
  type BookingStatus,
  bookable,
  chinaDateOf,
  type ReceiptBooking,
  richTextToPlain,
  type SurveyDefinition,
  slotLabel,
} from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";
import type { Db } from "../../db/index.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { revisionDefinitions } from "../results/record.ts";

/** Where booking questions come from: definitions (published or answered) and the range a view asks for. */

export interface BookingQuestionInfo {
  id: string;
  title: string;
  schedule: BookingSchedule;
}

export function bookingQuestions(definition: SurveyDefinition): BookingQuestionInfo[] {
  return definition.pages
    .flatMap((page) => page.questions)
    .filter((question) => question.type === "booking")
    .map((question) => ({
      id: question.id,
      title: richTextToPlain(question.title).trim() || "预约",
      schedule: (question.config as BookingConfig).schedule,
    }));
}

/**
 * The booking question as respondents now see it: in the published revision (a creator may have added dates
 * since the response), else in the revision given (a question removed since still lets its bookings go).
 */
export async function currentBookingQuestion(
  db: Db,
  questionnaire: { id: number; publishedVersion: number | null },
  questionId: string,
  answeredRevisionId?: number,
): Promise<BookingQuestionInfo> {
  const published =
    questionnaire.publishedVersion === null
      ? null
      : await publishedRevision(db, questionnaire.id, questionnaire.publishedVersion);
  const found = published
    ? bookingQuestions(published.definition).find((q) => q.id === questionId)
    : undefined;
  if (found) return found;
  if (answeredRevisionId !== undefined) {
    const answered = (await revisionDefinitions(db, [answeredRevisionId])).get(answeredRevisionId);
    const old = answered ? bookingQuestions(answered).find((q) => q.id === questionId) : undefined;
    if (old) return old;
  }
  throw new NotFoundError("bookingQuestionNotFound");
}

const DAY_MS = 86_400_000;

/** `from`..`to` (China dates) of a view: `from` today by default, at most BOOKING_VIEW_MAX_DAYS days. */
export function viewRange(
  now: Date,
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } {
  const start = from ?? chinaDateOf(now.getTime());
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const end = to ?? chinaDateOf(startMs + (BOOKING_VIEW_DEFAULT_DAYS - 1) * DAY_MS);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  if (end < start) throw InvalidInputError.field("to", "bookingRangeInvalid");
  if ((endMs - startMs) / DAY_MS + 1 > BOOKING_VIEW_MAX_DAYS)
    throw InvalidInputError.field("to", "bookingRangeTooLong");
  return { from: start, to: end };
}

/** A booking row as its respondent sees it. */
export function receiptBookingOf(
  row: { questionId: string; slotKey: string; status: BookingStatus; checkedInAt: string | null },
  question: { title: string; schedule: Pick<BookingSchedule, "cutoffMinutes"> } | undefined,
  now: Date,
): ReceiptBooking {
  const open =
    row.status === "active" &&
    question !== undefined &&
    bookable({ key: row.slotKey }, now.getTime(), question.schedule.cutoffMinutes);
  return {
    questionId: row.questionId,
    title: question?.title ?? "预约",
    slotKey: row.slotKey,
    label: slotLabel(row.slotKey),
    status: row.status,
    checkedInAt: row.checkedInAt === null ? null : chinaDateTime(row.checkedInAt),
    changeable: open,
  };
}
