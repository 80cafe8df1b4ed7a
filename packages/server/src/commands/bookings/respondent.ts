import {
  type BookingSlotList,
  bookable,
  bookingIcs,
  expandSlots,
  type FoundBooking,
  type ReceiptBooking,
  slotLabel,
} from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { NotFoundError } from "../../errors.ts";
import { findByPublicId } from "../answering/open.ts";
import { receiptResponseId, receiptToken } from "../privacy/receipt-token.ts";
import { cancelBooking, findBooking, moveBooking } from "./change.ts";
import { remainingPlaces } from "./places.ts";
import { currentBookingQuestion, receiptBookingOf, viewRange } from "./questions.ts";

/**
 * 预约 for respondents (no login): the live slots of a question, and a booking found by its receipt (or its
 * confirmation code) to cancel, move or add to a calendar. Cancel and move keep the cut-off.
 */

/** `anQuestion/bookingSlots`: every slot of the question dated within the range, with places left. */
export async function bookingSlots(
  ctx: AppContext,
  input: { publicId: string; questionId: string; from?: string | undefined; to?: string | undefined },
): Promise<BookingSlotList> {
  const now = ctx.clock.now();
  const range = viewRange(now, input.from, input.to);
  const row = await findByPublicId(ctx.db, input.publicId);
  const question = await currentBookingQuestion(ctx.db, row, input.questionId);
  const slots = expandSlots(question.schedule, range);
  const places = await remainingPlaces(ctx.db, row.id, question.id, slots);
  return {
    slots: slots.map((slot, i) => {
      const remaining = places[i]?.remaining ?? 0;
      return {
        key: slot.key,
        date: slot.date,
        start: slot.start,
        end: slot.end,
        label: slotLabel(slot.key),
        places: slot.places,
        remaining,
        bookable: remaining > 0 && bookable(slot, now.getTime(), question.schedule.cutoffMinutes),
      };
    }),
  };
}

/** The response a receipt names, with its questionnaire's published version. */
async function receiptResponse(ctx: AppContext, token: string) {
  const id = receiptResponseId(ctx.config, token);
  const row = await ctx.db
    .selectFrom("responses")
    .innerJoin("questionnaires", "questionnaires.id", "responses.questionnaireId")
    .select([
      "responses.id",
      "responses.revisionId",
      "questionnaires.id as questionnaireId",
      "questionnaires.publishedVersion",
      "questionnaires.title as questionnaireTitle",
    ])
    .where("responses.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("bookingNotFound");
  return row;
}

/** The latest booking of the response for the question (a response books one slot per question). */
async function bookingOfResponse(ctx: AppContext, responseId: number, questionId: string) {
  const row = await ctx.db
    .selectFrom("bookings")
    .select(["id", "questionId", "slotKey", "status", "checkedInAt"])
    .where("responseId", "=", responseId)
    .where("questionId", "=", questionId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) throw new NotFoundError("bookingNotFound");
  return row;
}

async function loadByReceipt(ctx: AppContext, token: string, questionId: string) {
  const response = await receiptResponse(ctx, token);
  const booking = await bookingOfResponse(ctx, response.id, questionId);
  const question = await currentBookingQuestion(
    ctx.db,
    { id: response.questionnaireId, publishedVersion: response.publishedVersion },
    questionId,
    response.revisionId,
  );
  return { response, booking, question };
}

/** `anQuestion/cancelBooking`: the respondent cancels before the cut-off; the place is given back once. */
export async function cancelByReceipt(
  ctx: AppContext,
  input: { token: string; questionId: string },
): Promise<ReceiptBooking> {
  const { response, booking, question } = await loadByReceipt(ctx, input.token, input.questionId);
  const cancelled = await cancelBooking(ctx, {
    questionnaireId: response.questionnaireId,
    bookingId: booking.id,
    schedule: question.schedule,
  });
  return receiptBookingOf(cancelled, question, ctx.clock.now());
}

/** `anQuestion/moveBooking`: to another slot of the question before both cut-offs; a full target changes nothing. */
export async function moveByReceipt(
  ctx: AppContext,
  input: { token: string; questionId: string; slotKey: string },
): Promise<ReceiptBooking> {
  const { response, booking, question } = await loadByReceipt(ctx, input.token, input.questionId);
  const moved = await moveBooking(ctx, {
    questionnaireId: response.questionnaireId,
    bookingId: booking.id,
    questionId: question.id,
    schedule: question.schedule,
    toSlotKey: input.slotKey,
  });
  return receiptBookingOf(moved, question, ctx.clock.now());
}

/** `anQuestion/bookingIcs`: the calendar file of the booking (its slot in UTC instants, China time). */
export async function bookingIcsFile(
  ctx: AppContext,
  input: { token: string; questionId: string },
  origin: string,
): Promise<string> {
  const { response, booking, question } = await loadByReceipt(ctx, input.token, input.questionId);
  if (booking.status !== "active") throw new NotFoundError("bookingCancelled");
  const host = origin.replace(/^https?:\/\//, "") || "wjgj";
  return bookingIcs({
    uid: `booking-${booking.id}@${host}`,
    title: `${question.title}（${response.questionnaireTitle}）`,
    description: `预约时段：${slotLabel(booking.slotKey)}`,
    slotKey: booking.slotKey,
    ...(origin ? { url: `${origin}/receipt/${input.token.trim()}` } : {}),
    stampMs: ctx.clock.now().getTime(),
  });
}

/** `anQuestion/findBooking`: a confirmation code (typed or scanned) leads to its booking and receipt. */
export async function findByCode(
  ctx: AppContext,
  input: { publicId: string; code: string },
): Promise<FoundBooking> {
  const row = await findByPublicId(ctx.db, input.publicId);
  const found = await findBooking(ctx.db, { questionnaireId: row.id, code: input.code });
  if (found.responseId === null) throw new NotFoundError("bookingNotFound");
  const token = receiptToken(ctx.config, found.responseId);
  const response = await ctx.db
    .selectFrom("responses")
    .select("revisionId")
    .where("id", "=", found.responseId)
    .executeTakeFirst();
  const question = await currentBookingQuestion(ctx.db, row, found.questionId, response?.revisionId).catch(
    () => undefined,
  );
  return { booking: receiptBookingOf(found, question, ctx.clock.now()), token };
}

/** The bookings of a response for its receipt (anQuestion/getReceipt), in question order of the definition. */
export async function receiptBookings(
  ctx: AppContext,
  response: { id: number; questionnaireId: number; revisionId: number },
): Promise<ReceiptBooking[]> {
  const rows = await ctx.db
    .selectFrom("bookings")
    .select(["id", "questionId", "slotKey", "status", "checkedInAt"])
    .where("responseId", "=", response.id)
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "publishedVersion"])
    .where("id", "=", response.questionnaireId)
    .executeTakeFirstOrThrow();
  const now = ctx.clock.now();
  const views: ReceiptBooking[] = [];
  for (const row of rows) {
    const question = await currentBookingQuestion(
      ctx.db,
      questionnaire,
      row.questionId,
      response.revisionId,
    ).catch(() => undefined);
    views.push(receiptBookingOf(row, question, now));
  }
  return views;
}
