import type { BookingSlotView } from "@wjgj/core/api/bookings-api";

/** One slot as GET anQuestion/bookingSlots answers it; a preview computes the same from the schedule. */
export type SlotView = BookingSlotView;

/** The day of a slot as the date strip shows it: `周六` and `12月5日`, read from the slot's label. */
export function dayCaption(slot: SlotView): { weekday: string; day: string } {
  const [day = slot.date, weekday = ""] = slot.label.split(" ");
  return { weekday, day };
}

/** Why a slot cannot be chosen, or null when it can. */
export function slotState(slot: SlotView): "full" | "closed" | null {
  if (slot.bookable && slot.remaining > 0) return null;
  return slot.remaining <= 0 && slot.places > 0 ? "full" : "closed";
}

export const slotStateText = { full: "已约满", closed: "已截止" } as const;

/** Dates in order, each with its slots. */
export function groupByDate(slots: readonly SlotView[]): { date: string; slots: SlotView[] }[] {
  const days: { date: string; slots: SlotView[] }[] = [];
  for (const slot of slots) {
    const last = days[days.length - 1];
    if (last && last.date === slot.date) last.slots.push(slot);
    else days.push({ date: slot.date, slots: [slot] });
  }
  return days;
}
