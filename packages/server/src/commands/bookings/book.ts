import { randomInt } from "node:crypto";
import { type BookingSchedule, type BookingSlot, bookable, expandSlots, parseSlotKey } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import { sha256 } from "../../security/hashing.ts";
import { type BookingQuestionRef, takePlace } from "./places.ts";

/**
 * 预约 (issue #41): booking a slot of a booking question. The respondent's limit is the unique
 * (questionnaire, question, respondent, person_seat) constraint: a booking takes the first free seat among
 * 1…perPerson with INSERT … ON CONFLICT DO NOTHING (PostgreSQL waits for a concurrent insert of the same seat
 * and skips it once that commits), the slot's place with a conditional UPDATE (places.ts).
 */

export interface BookingQuestion extends BookingQuestionRef {
  /** The question's schedule as published (core's bookingScheduleSchema). */
  schedule: BookingSchedule;
}

export interface BookSlotInput extends BookingQuestion {
  slotKey: string;
  /** The caller's digest of the device, account or phone the per-person limit counts. */
  respondentKey: string;
  responseId?: number | null;
}

export interface BookingReceipt {
  bookingId: number;
  slotKey: string;
  /** The receipt code, shown once (confirmation page, SMS); only its hash is stored. */
  code: string;
}

const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 16;

/** 16 characters that cannot be mistaken for one another when read out (about 79 random bits). */
export function newBookingCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join(
    "",
  );
}

/** The stored hash of a code as typed or scanned (case, spaces and dashes ignored). */
export function bookingCodeHash(code: string): string {
  return sha256(code.toUpperCase().replace(/[^0-9A-Z]/g, ""));
}

/**
 * The slot of the schedule with this key, checked to be bookable now: in the schedule, open (places > 0),
 * before its cut-off by the app's clock (unless `checkCutoff` is false: the creator's own changes).
 */
export function openSlot(
  ctx: AppContext,
  schedule: BookingSchedule,
  slotKey: string,
  checkCutoff = true,
): BookingSlot {
  return openSlotAt(ctx.clock.now(), schedule, slotKey, checkCutoff);
}

/** openSlot at a given time (the submit decides its time once, before its transaction). */
export function openSlotAt(
  now: Date,
  schedule: BookingSchedule,
  slotKey: string,
  checkCutoff = true,
): BookingSlot {
  const parts = parseSlotKey(slotKey);
  const slot = parts
    ? expandSlots(schedule, { from: parts.date, to: parts.date }).find((s) => s.key === slotKey)
    : undefined;
  if (!slot) throw InvalidInputError.field("slotKey", "bookingSlotUnknown");
  if (checkCutoff && !bookable(slot, now.getTime(), schedule.cutoffMinutes))
    throw new ConflictError("bookingCutoffPassed");
  if (slot.places === 0) throw new ConflictError("bookingSlotClosed");
  return slot;
}

/** The booking row in the first free seat of the respondent, or null when all `perPerson` are taken. */
async function insertInFreeSeat(trx: Trx, input: BookSlotInput, codeHash: string, now: string) {
  const { questionnaireId, questionId, respondentKey } = input;
  for (let seat = 1; seat <= input.schedule.perPerson; seat += 1) {
    const row = await trx
      .insertInto("bookings")
      .values({
        questionnaireId,
        questionId,
        slotKey: input.slotKey,
        respondentKey,
        personSeat: seat,
        responseId: input.responseId ?? null,
        status: "active",
        codeHash,
        createdAt: now,
        cancelledAt: null,
        movedFrom: null,
        movedAt: null,
        checkedInAt: null,
      })
      .onConflict((oc) =>
        oc.columns(["questionnaireId", "questionId", "respondentKey", "personSeat"]).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (row) return row;
  }
  return null;
}

/** Books within the caller's transaction (the submit that carries the booking answer, or bookSlot). */
export function bookSlotIn(trx: Trx, ctx: AppContext, input: BookSlotInput): Promise<BookingReceipt> {
  return bookSlotAt(trx, ctx.clock.now(), input);
}

/** bookSlotIn at a given time (the submit's). */
export async function bookSlotAt(trx: Trx, now: Date, input: BookSlotInput): Promise<BookingReceipt> {
  const slot = openSlotAt(now, input.schedule, input.slotKey);
  const code = newBookingCode();
  // The seat first, then the slot: cancel and move also lock their booking row before any slot row.
  const row = await insertInFreeSeat(trx, input, bookingCodeHash(code), iso(now));
  if (!row) throw new ConflictError("bookingPerPersonLimit");
  if (!(await takePlace(trx, input, slot))) throw new ConflictError("bookingSlotFull");
  return { bookingId: row.id, slotKey: slot.key, code };
}

/** Books one place of a slot for a respondent; refused (nothing stored) when full, over the limit or too late. */
export function bookSlot(ctx: AppContext, input: BookSlotInput): Promise<BookingReceipt> {
  return transaction(ctx.db, (trx) => bookSlotIn(trx, ctx, input));
}
