import type { BookingSchedule } from "@wjgj/core/api/bookings";
import { bookable, expandSlots, slotLabel } from "@wjgj/core/api/bookings";
import type { SlotView } from "./slot-types.ts";

// Only previews and read-only views load this (and core's schedule code with zod): a live answer page reads its
// slots, labels included, from the server.

/** A preview's (or read-only view's) slots: the schedule's first 200 still open, every place free. */
export function scheduleSlots(schedule: BookingSchedule, nowMs: number = Date.now()): SlotView[] {
  return expandSlots(schedule)
    .filter((slot) => bookable(slot, nowMs, schedule.cutoffMinutes))
    .slice(0, 200)
    .map((slot) => ({
      ...slot,
      label: slotLabel(slot.key),
      remaining: slot.places,
      bookable: slot.places > 0,
    }));
}
