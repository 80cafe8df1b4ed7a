import {
  type CheckedInBooking,
  type CreatorBooking,
  type CreatorBookings,
  expandSlots,
  slotLabel,
} from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Viewer } from "../../http/viewer.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { loadQuestionnaire, readDefinition } from "../questionnaires/store.ts";
import { type BookingView, cancelBooking, checkIn, viewColumns } from "./change.ts";
import { remainingPlaces } from "./places.ts";
import { bookingQuestions, viewRange } from "./questions.ts";

/**
 * 预约 for the creator (issue #41): the day/week view of a questionnaire's bookings, checking people in by
 * their confirmation code (the QR on the confirmation), and cancelling a booking (no cut-off for the creator).
 * Seeing and checking in: who sees the results; cancelling: who manages the responses.
 */

export function presentCreatorBooking(row: BookingView): CreatorBooking {
  return {
    id: row.id,
    questionId: row.questionId,
    slotKey: row.slotKey,
    label: slotLabel(row.slotKey),
    status: row.status,
    checkedInAt: row.checkedInAt === null ? null : chinaDateTime(row.checkedInAt),
    responseId: row.responseId,
    createdAt: chinaDateTime(row.createdAt),
  };
}

const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** `questionary/bookings`: the bookings and slot counts dated within from…to (at most 62 days). */
export async function listBookings(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; questionId?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<CreatorBookings> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "results");
  const range = viewRange(ctx.clock.now(), input.from, input.to);
  const published =
    row.publishedVersion === null ? null : await publishedRevision(ctx.db, row.id, row.publishedVersion);
  const definition = published?.definition ?? readDefinition(row.draft);
  const questions = bookingQuestions(definition).filter(
    (q) => input.questionId === undefined || q.id === input.questionId,
  );
  let query = ctx.db
    .selectFrom("bookings")
    .select(viewColumns)
    .where("questionnaireId", "=", row.id)
    // Keys start with their date, so a key range is a date range (bounds of digits and "T" only, which
    // every collation orders alike).
    .where("slotKey", ">=", `${range.from}T`)
    .where("slotKey", "<", `${nextDate(range.to)}T`);
  if (input.questionId !== undefined) query = query.where("questionId", "=", input.questionId);
  const bookings = await query.orderBy("slotKey").orderBy("id").execute();
  const slots: CreatorBookings["slots"] = [];
  for (const question of questions) {
    const inRange = expandSlots(question.schedule, range);
    const places = await remainingPlaces(ctx.db, row.id, question.id, inRange);
    for (const slot of places)
      slots.push({
        questionId: question.id,
        key: slot.key,
        label: slotLabel(slot.key),
        places: slot.places,
        used: slot.used,
      });
  }
  return {
    questions: questions.map(({ id, title }) => ({ id, title })),
    bookings: bookings.map(presentCreatorBooking),
    slots,
  };
}

/** `questionary/checkInBooking`: a second scan answers 「已签到」 with the first check-in's time. */
export async function checkInBooking(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; code: string },
): Promise<CheckedInBooking> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "results");
  const result = await checkIn(ctx, { questionnaireId: row.id, code: input.code });
  const booking = presentCreatorBooking(result.booking);
  return {
    booking,
    alreadyCheckedIn: result.alreadyCheckedIn,
    message: result.alreadyCheckedIn ? `已签到（${booking.checkedInAt ?? ""}）` : "签到成功",
  };
}

/** `questionary/cancelBooking`: the creator cancels at any time; the place is given back once. */
export async function cancelBookingAsCreator(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; bookingId: number },
): Promise<CreatorBooking> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses");
  const cancelled = await cancelBooking(ctx, {
    questionnaireId: row.id,
    bookingId: input.bookingId,
    ignoreCutoff: true,
    schedule: { cutoffMinutes: 0 },
  });
  return presentCreatorBooking(cancelled);
}
