import type { Generated, Selectable } from "kysely";

/** 预约 (issue #41): the places taken in one time slot of one booking question, created by its first booking. */
export interface BookingSlotsTable {
  id: Generated<number>;
  questionnaireId: number;
  questionId: string;
  /** `2026-12-05T09:00-10:00` (core's expandSlots). */
  slotKey: string;
  /** The schedule's places as of the latest booking; CHECK 0 ≤ used ≤ places. */
  places: number;
  used: Generated<number>;
}

/** One booking; cancelling or moving it changes this row (a move records the slot it came from). */
export interface BookingsTable {
  id: Generated<number>;
  questionnaireId: number;
  questionId: string;
  slotKey: string;
  /** The caller's digest of the device, account or phone the per-person limit counts. */
  respondentKey: string;
  /** 1…perPerson while active, null once cancelled: unique per respondent, so the limit is the database's. */
  personSeat: number | null;
  responseId: number | null;
  status: "active" | "cancelled";
  /** sha256 (hex) of the receipt code. */
  codeHash: string;
  createdAt: string;
  cancelledAt: string | null;
  movedFrom: string | null;
  movedAt: string | null;
  checkedInAt: string | null;
}

export type BookingRow = Selectable<BookingsTable>;
