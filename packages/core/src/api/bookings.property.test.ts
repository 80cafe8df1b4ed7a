import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BookingSchedule, expandSlots } from "./bookings.ts";

const DAY_MS = 86_400_000;
const dateAt = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 = Monday … 7 = Sunday. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const FIRST_DAY = Date.UTC(2026, 0, 1) / DAY_MS;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Non-overlapping times: cut points on a half-hour grid, every other gap a slot. */
const timesArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 48 }), { minLength: 2, maxLength: 10 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const times: { start: string; end: string }[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2)
      times.push({ start: hhmm((sorted[i] as number) * 30), end: hhmm((sorted[i + 1] as number) * 30) });
    return times;
  });

const dayArb = fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 800 });

const scheduleArb = fc
  .record({
    start: dayArb,
    length: fc.integer({ min: 1, max: 366 }),
    weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
    times: timesArb,
    exceptions: fc.array(dayArb, { maxLength: 20 }),
    extraDates: fc.array(dayArb, { maxLength: 10 }),
  })
  .map(
    (r): BookingSchedule => ({
      startDate: dateAt(r.start),
      endDate: dateAt(r.start + r.length - 1),
      weekdays: r.weekdays,
      times: r.times,
      places: 3,
      perPerson: 1,
      cutoffMinutes: 0,
      exceptions: r.exceptions.map(dateAt),
      extraDates: r.extraDates.map(dateAt),
    }),
  );

const rangeArb = fc.option(
  fc
    .tuple(dayArb, fc.integer({ min: 0, max: 60 }))
    .map(([from, days]) => ({ from: dateAt(from), to: dateAt(from + days) })),
  { nil: undefined },
);

describe("expandSlots", () => {
  it("yields slots within the range, on an allowed weekday or extra date, never on an exception, keys unique and sorted", () => {
    fc.assert(
      fc.property(scheduleArb, rangeArb, (schedule, range) => {
        const slots = expandSlots(schedule, range);
        const keys = slots.map((s) => s.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toEqual([...keys].sort());
        for (const slot of slots) {
          expect(slot.key).toBe(`${slot.date}T${slot.start}-${slot.end}`);
          const inWeekly =
            slot.date >= schedule.startDate &&
            slot.date <= schedule.endDate &&
            schedule.weekdays.includes(weekdayOf(slot.date));
          expect(inWeekly || schedule.extraDates.includes(slot.date)).toBe(true);
          expect(schedule.exceptions).not.toContain(slot.date);
          if (range) expect(slot.date >= range.from && slot.date <= range.to).toBe(true);
          expect(schedule.times).toContainEqual({ start: slot.start, end: slot.end });
        }
        // Nothing is missed: every allowed day in view has every time.
        const expected = new Set(schedule.extraDates);
        for (let d = Date.parse(schedule.startDate) / DAY_MS; dateAt(d) <= schedule.endDate; d += 1)
          if (schedule.weekdays.includes(weekdayOf(dateAt(d)))) expected.add(dateAt(d));
        const days = [...expected].filter(
          (date) =>
            !schedule.exceptions.includes(date) && (!range || (date >= range.from && date <= range.to)),
        );
        expect(slots.length).toBe(days.length * schedule.times.length);
      }),
      { numRuns: 150 },
    );
  });
});
