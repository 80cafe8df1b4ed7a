import type { BookingSlot } from "@wjgj/core";
import { sql } from "kysely";
import type { Db, Trx } from "../../db/index.ts";

/**
 * The places of booking slots in `booking_slots`. `used` grows only through a conditional upsert whose WHERE
 * checks the cap on the row it locks (PostgreSQL re-evaluates it after waiting for a concurrent writer;
 * SQLite runs one writer at a time), with the table's CHECK (0 ≤ used ≤ places) behind them: exactness comes
 * from the database, not from a count this process read before.
 */

export interface BookingQuestionRef {
  questionnaireId: number;
  questionId: string;
}

/**
 * Takes one place of `slot` (its row created on first use). False when the slot is full. The schedule's
 * current places become the row's, so a creator raising them opens places at once, and lowering them below
 * what is booked only stops new bookings.
 */
export async function takePlace(trx: Trx, question: BookingQuestionRef, slot: BookingSlot): Promise<boolean> {
  // One statement: the first booking creates the row, later ones add to it while below the cap. PostgreSQL
  // locks the existing row before it checks the WHERE, so waiting bookers see the count they would raise.
  const taken = await trx
    .insertInto("booking_slots")
    .values({
      questionnaireId: question.questionnaireId,
      questionId: question.questionId,
      slotKey: slot.key,
      places: slot.places,
      used: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(["questionnaireId", "questionId", "slotKey"])
        .doUpdateSet({ used: sql`booking_slots.used + 1`, places: slot.places })
        .where("booking_slots.used", "<", slot.places),
    )
    .returning("id")
    .executeTakeFirst();
  return taken !== undefined;
}

/** Gives back one place of the slot an active booking held (its row exists: the booking took from it). */
export async function freePlace(trx: Trx, question: BookingQuestionRef, slotKey: string): Promise<void> {
  const freed = await trx
    .updateTable("booking_slots")
    .set({ used: sql`used - 1` })
    .where("questionnaireId", "=", question.questionnaireId)
    .where("questionId", "=", question.questionId)
    .where("slotKey", "=", slotKey)
    .executeTakeFirst();
  if (Number(freed.numUpdatedRows) !== 1) throw new Error(`booking slot ${slotKey} has no row to free`);
}

export interface SlotPlaces {
  key: string;
  places: number;
  used: number;
  remaining: number;
}

/** The live view: each slot's places, bookings and what is left, in the order given. */
export async function remainingPlaces(
  db: Db | Trx,
  questionnaireId: number,
  questionId: string,
  slots: readonly BookingSlot[],
): Promise<SlotPlaces[]> {
  // All of the question's booked slots (at most the schedule's 5,000) rather than a long IN list.
  const rows = await db
    .selectFrom("booking_slots")
    .select(["slotKey", "used"])
    .where("questionnaireId", "=", questionnaireId)
    .where("questionId", "=", questionId)
    .execute();
  const used = new Map(rows.map((row) => [row.slotKey, Number(row.used)]));
  return slots.map((slot) => {
    const taken = used.get(slot.key) ?? 0;
    return { key: slot.key, places: slot.places, used: taken, remaining: Math.max(0, slot.places - taken) };
  });
}
