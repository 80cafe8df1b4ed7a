import { type BookingSchedule, bookable } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import type { BookingRow } from "../../db/tables/bookings.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { bookingCodeHash, openSlot } from "./book.ts";
import { freePlace, takePlace } from "./places.ts";

/**
 * Cancelling, moving and checking in a booking. Each change is one UPDATE of the booking row whose WHERE
 * names the state it was decided on (`status = 'active'` and the slot read): of two concurrent cancels only
 * one matches, so a place is given back once; a booking moved meanwhile is refused, not cancelled in the
 * wrong slot. Slot rows are then locked in key order, so two moves in opposite directions cannot deadlock.
 */

/** A booking by its receipt code (the respondent, the check-in scanner) or its id (the creator's pages). */
export type BookingRef = { questionnaireId: number } & ({ code: string } | { bookingId: number });

export type BookingView = Omit<BookingRow, "codeHash" | "respondentKey" | "personSeat">;

/** The columns of a BookingView (the creator's list reads the same). */
export const viewColumns = [
  "id",
  "questionnaireId",
  "questionId",
  "slotKey",
  "responseId",
  "status",
  "createdAt",
  "cancelledAt",
  "movedFrom",
  "movedAt",
  "checkedInAt",
] as const;

export async function findBooking(db: Db | Trx, ref: BookingRef): Promise<BookingView> {
  const found = await db
    .selectFrom("bookings")
    .select(viewColumns)
    .where("questionnaireId", "=", ref.questionnaireId)
    .where((eb) =>
      "code" in ref ? eb("codeHash", "=", bookingCodeHash(ref.code)) : eb("id", "=", ref.bookingId),
    )
    .executeTakeFirst();
  if (!found) throw new NotFoundError("bookingNotFound");
  return found;
}

/** Why a conditional update of an active booking matched nothing: it was cancelled or moved meanwhile. */
async function staleError(trx: Trx, ref: BookingRef): Promise<ConflictError> {
  const now = await findBooking(trx, ref);
  return new ConflictError(now.status === "cancelled" ? "bookingCancelled" : "bookingChanged");
}

interface ChangeOptions {
  /** The creator changing a booking: the cut-off does not apply. */
  ignoreCutoff?: boolean;
}

export type CancelBookingInput = BookingRef &
  ChangeOptions & { schedule: Pick<BookingSchedule, "cutoffMinutes"> };

/** Cancels an active booking and gives its place and the respondent's seat back, exactly once. */
export function cancelBooking(ctx: AppContext, input: CancelBookingInput): Promise<BookingView> {
  const now = ctx.clock.now();
  return transaction(ctx.db, async (trx) => {
    const booking = await findBooking(trx, input);
    if (booking.status !== "active") throw new ConflictError("bookingCancelled");
    if (
      !input.ignoreCutoff &&
      !bookable({ key: booking.slotKey }, now.getTime(), input.schedule.cutoffMinutes)
    )
      throw new ConflictError("bookingCutoffPassed");
    const cancelled = await trx
      .updateTable("bookings")
      .set({ status: "cancelled", personSeat: null, cancelledAt: iso(now) })
      .where("id", "=", booking.id)
      .where("status", "=", "active")
      .where("slotKey", "=", booking.slotKey)
      .returning(viewColumns)
      .executeTakeFirst();
    if (!cancelled) throw await staleError(trx, input);
    await freePlace(trx, booking, booking.slotKey);
    return cancelled;
  });
}

/**
 * Cancels the active bookings of responses erased for good (答卷保留期限, a respondent's 删除申请), inside the
 * erasing transaction: their places go back to the slots, once. Responses moved to the 回收站 keep theirs (they
 * can be restored); the creator cancels those in 预约管理.
 */
export async function cancelBookingsOfResponses(
  trx: Trx,
  questionnaireId: number,
  responseIds: readonly number[],
  now: Date,
): Promise<number> {
  if (responseIds.length === 0) return 0;
  const cancelled = await trx
    .updateTable("bookings")
    .set({ status: "cancelled", personSeat: null, cancelledAt: iso(now) })
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", responseIds)
    .where("status", "=", "active")
    .returning(["questionnaireId", "questionId", "slotKey"])
    .execute();
  // Slots in one order, as every path that frees or takes several does.
  cancelled.sort((a, b) =>
    `${a.questionId}\u0000${a.slotKey}`.localeCompare(`${b.questionId}\u0000${b.slotKey}`),
  );
  for (const booking of cancelled) await freePlace(trx, booking, booking.slotKey);
  return cancelled.length;
}

export type MoveBookingInput = BookingRef &
  ChangeOptions & {
    /** The question the caller loaded the schedule of; a booking of another question is not found. */
    questionId: string;
    schedule: BookingSchedule;
    toSlotKey: string;
  };

/**
 * Moves an active booking to another slot in one transaction: the new place is taken and the old one given
 * back together; when the new slot is full (or the booking changed meanwhile) nothing changes.
 */
export function moveBooking(ctx: AppContext, input: MoveBookingInput): Promise<BookingView> {
  const now = ctx.clock.now();
  return transaction(ctx.db, async (trx) => {
    const booking = await findBooking(trx, input);
    if (booking.questionId !== input.questionId) throw new NotFoundError("bookingNotFound");
    if (booking.status !== "active") throw new ConflictError("bookingCancelled");
    const from = booking.slotKey;
    if (from === input.toSlotKey) throw new ConflictError("bookingSameSlot");
    if (!input.ignoreCutoff && !bookable({ key: from }, now.getTime(), input.schedule.cutoffMinutes))
      throw new ConflictError("bookingCutoffPassed");
    const slot = openSlot(ctx, input.schedule, input.toSlotKey, !input.ignoreCutoff);
    const moved = await trx
      .updateTable("bookings")
      .set({ slotKey: slot.key, movedFrom: from, movedAt: iso(now) })
      .where("id", "=", booking.id)
      .where("status", "=", "active")
      .where("slotKey", "=", from)
      .returning(viewColumns)
      .executeTakeFirst();
    if (!moved) throw await staleError(trx, input);
    for (const key of [from, slot.key].sort()) {
      if (key === from) await freePlace(trx, booking, from);
      else if (!(await takePlace(trx, booking, slot))) throw new ConflictError("bookingSlotFull");
    }
    return moved;
  });
}

export interface CheckInResult {
  booking: BookingView;
  /** Scanned before: `booking.checkedInAt` is the first check-in. */
  alreadyCheckedIn: boolean;
}

/** Checks the booking of a receipt code in (the creator's scanner); a second scan reports the first. */
export async function checkIn(
  ctx: AppContext,
  input: { questionnaireId: number; code: string },
): Promise<CheckInResult> {
  const first = await ctx.db
    .updateTable("bookings")
    .set({ checkedInAt: iso(ctx.clock.now()) })
    .where("questionnaireId", "=", input.questionnaireId)
    .where("codeHash", "=", bookingCodeHash(input.code))
    .where("status", "=", "active")
    .where("checkedInAt", "is", null)
    .returning(viewColumns)
    .executeTakeFirst();
  if (first) return { booking: first, alreadyCheckedIn: false };
  const booking = await findBooking(ctx.db, input);
  if (booking.status === "cancelled") throw new ConflictError("bookingCancelled");
  return { booking, alreadyCheckedIn: true };
}
