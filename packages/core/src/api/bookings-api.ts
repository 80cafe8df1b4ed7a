/**
 * 预约 (issue #41): what the booking calls answer, shared by the server and the pages.
 *
 * Respondents (no login):
 * - GET  `anQuestion/bookingSlots` { publicId, questionId, from?, to? } → {@link BookingSlotList}
 * - POST `anQuestion/cancelBooking` { token, questionId } → {@link ReceiptBooking}
 * - POST `anQuestion/moveBooking` { token, questionId, slotKey } → {@link ReceiptBooking}
 * - GET  `anQuestion/bookingIcs` { token, questionId } → `预约.ics` (text/calendar)
 * - POST `anQuestion/findBooking` { publicId, code } → {@link FoundBooking}
 * - the receipt (`anQuestion/getReceipt`) lists the response's bookings ({@link ReceiptBooking}).
 * Creators (owner and members who see the results; check-in and cancel: who manage the responses):
 * - GET  `questionary/bookings` { id, questionId?, from, to } → {@link CreatorBookings}
 * - POST `questionary/checkInBooking` { id, code } → {@link CheckedInBooking}
 * - POST `questionary/cancelBooking` { id, bookingId } → {@link CreatorBooking}
 */

/** The live view of one slot on the answer page. */
export interface BookingSlotView {
  key: string;
  date: string;
  start: string;
  end: string;
  /** `12月5日 周六 09:00-10:00` (slotLabel). */
  label: string;
  places: number;
  remaining: number;
  /** Before the cut-off and a place left. */
  bookable: boolean;
}

export interface BookingSlotList {
  slots: BookingSlotView[];
}

/** At most this many days of slots per call (the answer page's and the creator's views). */
export const BOOKING_VIEW_MAX_DAYS = 62;
/** Days shown when the answer page names no range. */
export const BOOKING_VIEW_DEFAULT_DAYS = 31;

export type BookingStatus = "active" | "cancelled";

/** A booking as its respondent sees it (receipt, cancel, move). */
export interface ReceiptBooking {
  questionId: string;
  title: string;
  slotKey: string;
  label: string;
  status: BookingStatus;
  /** China time "YYYY-MM-DD HH:mm:ss", or null before check-in. */
  checkedInAt: string | null;
  /** Active and before the cut-off: cancel and move are open. */
  changeable: boolean;
}

/** `anQuestion/findBooking`: the booking of a confirmation code and the receipt it belongs to. */
export interface FoundBooking {
  booking: ReceiptBooking;
  /** The receipt token, for cancel / move / .ics. */
  token: string;
}

/** What the submit reply adds for each slot booked (the code is shown this once). */
export interface SubmittedBooking {
  questionId: string;
  slotKey: string;
  label: string;
  code: string;
}

export interface CreatorBooking {
  id: number;
  questionId: string;
  slotKey: string;
  label: string;
  status: BookingStatus;
  checkedInAt: string | null;
  responseId: number | null;
  /** China time "YYYY-MM-DD HH:mm:ss". */
  createdAt: string;
}

export interface CreatorBookings {
  questions: { id: string; title: string }[];
  bookings: CreatorBooking[];
  slots: { questionId: string; key: string; label: string; places: number; used: number }[];
}

export interface CheckedInBooking {
  booking: CreatorBooking;
  /** Scanned before: `booking.checkedInAt` is the first check-in (the page says 「已签到」 with it). */
  alreadyCheckedIn: boolean;
  /** 「签到成功」 or 「已签到（2026-12-05 09:03:12）」. */
  message: string;
}
