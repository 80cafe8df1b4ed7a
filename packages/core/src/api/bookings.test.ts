import { describe, expect, it } from "vitest";
import {
  type BookingScheduleInput,
  bookable,
  bookingScheduleSchema,
  expandSlots,
  parseSlotKey,
  scheduleIssues,
  slotEndsAt,
  slotStartsAt,
} from "./bookings.ts";

const base: BookingScheduleInput = {
  startDate: "2026-12-01",
  endDate: "2026-12-07",
  weekdays: [1, 2, 3, 4, 5],
  times: [
    { start: "14:00", end: "15:00" },
    { start: "09:00", end: "10:00" },
  ],
  places: 5,
};

const parse = (changes: Partial<BookingScheduleInput>) =>
  bookingScheduleSchema.parse({ ...base, ...changes });
/** The issues of a schedule (defaults filled, no refinement), as the editor would check it. */
const issuesOf = (changes: Partial<BookingScheduleInput>) =>
  scheduleIssues({
    perPerson: 1,
    cutoffMinutes: 0,
    exceptions: [],
    extraDates: [],
    weekdays: [1],
    ...base,
    ...changes,
  });
const codes = (changes: Partial<BookingScheduleInput>) => issuesOf(changes).map((issue) => issue.code);

describe("booking schedules", () => {
  it("expands weekdays, extra dates and exceptions into sorted slots with stable keys", () => {
    // 2026-12-01 is a Tuesday; 12-05/06 the weekend; 12-06 added, 12-03 a holiday.
    const slots = expandSlots(parse({ exceptions: ["2026-12-03"], extraDates: ["2026-12-06"] }));
    expect(slots.map((s) => s.key)).toEqual([
      "2026-12-01T09:00-10:00",
      "2026-12-01T14:00-15:00",
      "2026-12-02T09:00-10:00",
      "2026-12-02T14:00-15:00",
      "2026-12-04T09:00-10:00",
      "2026-12-04T14:00-15:00",
      "2026-12-06T09:00-10:00",
      "2026-12-06T14:00-15:00",
      "2026-12-07T09:00-10:00",
      "2026-12-07T14:00-15:00",
    ]);
    expect(slots[0]).toEqual({
      key: "2026-12-01T09:00-10:00",
      date: "2026-12-01",
      start: "09:00",
      end: "10:00",
      places: 5,
    });
  });

  it("applies per-slot overrides (0 closes a slot) and a date range", () => {
    const schedule = parse({ overrides: [{ slot: "2026-12-02T09:00-10:00", places: 0 }] });
    const slots = expandSlots(schedule, { from: "2026-12-02", to: "2026-12-02" });
    expect(slots.map((s) => [s.key, s.places])).toEqual([
      ["2026-12-02T09:00-10:00", 0],
      ["2026-12-02T14:00-15:00", 5],
    ]);
  });

  it("fills defaults and accepts a sound schedule", () => {
    const schedule = parse({});
    expect(schedule).toMatchObject({ perPerson: 1, cutoffMinutes: 0, exceptions: [], extraDates: [] });
    expect(scheduleIssues(schedule)).toEqual([]);
  });

  it("names each bad input in Chinese with a stable code", () => {
    expect(issuesOf({ places: 0 })).toEqual([
      { code: "placesMin", field: "places", message: "每个时段至少 1 个名额" },
    ]);
    expect(issuesOf({ cutoffMinutes: -30 })[0]).toMatchObject({
      code: "cutoffAfterSlot",
      message: "截止时间不能晚于时段开始",
    });
    expect(codes({ endDate: "2026-11-30" })).toEqual(["endBeforeStart"]);
    expect(codes({ endDate: "2028-01-01" })).toEqual(["rangeTooLong"]);
    expect(codes({ startDate: "2026-02-30" })).toEqual(["dateInvalid"]);
    expect(codes({ exceptions: ["2026-13-01"] })).toEqual(["dateInvalid"]);
    expect(codes({ times: [{ start: "10:00", end: "09:00" }] })).toEqual(["timeInvalid"]);
    expect(codes({ times: [{ start: "9:00", end: "10:00" }] })).toEqual(["timeInvalid"]);
    expect(codes({ times: [] })).toEqual(["timesRequired"]);
    expect(codes({ weekdays: [0, 8] })).toEqual(["weekdayInvalid", "weekdayInvalid"]);
    expect(codes({ weekdays: [6, 7], endDate: "2026-12-04" })).toEqual(["noSlots"]);
    expect(codes({ cutoffMinutes: 400 * 1440 })).toEqual(["cutoffTooLong"]);
    expect(codes({ overrides: [{ slot: "2026-12-05T09:00-10:00", places: 3 }] })).toEqual([
      "overrideUnknown",
    ]);
    expect(codes({ overrides: [{ slot: "2026-12-01T09:00-10:00", places: -1 }] })).toEqual([
      "overrideInvalid",
    ]);
    const overlap = issuesOf({
      times: [
        { start: "09:00", end: "10:00" },
        { start: "09:30", end: "10:30" },
      ],
    });
    expect(overlap).toEqual([
      { code: "timesOverlap", field: "times.1", message: "同一天的时段不能重叠：09:00-10:00 与 09:30-10:30" },
    ]);
    // 366 days × 15 half-hour slots = 5,490 slots.
    const many = Array.from({ length: 15 }, (_, i) => {
      const h = String(8 + Math.floor(i / 2)).padStart(2, "0");
      return { start: `${h}:${i % 2 ? "30" : "00"}`, end: `${h}:${i % 2 ? "59" : "29"}` };
    });
    expect(
      codes({ startDate: "2027-01-01", endDate: "2027-12-31", weekdays: [1, 2, 3, 4, 5, 6, 7], times: many }),
    ).toEqual(["tooManySlots"]);
  });

  it("a refused parse carries the Chinese message at the field", () => {
    const result = bookingScheduleSchema.safeParse({ ...base, places: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["places"], message: "每个时段至少 1 个名额" });
  });

  it("reads slot instants in China time and closes at the cut-off", () => {
    const key = "2026-12-05T09:00-10:00";
    expect(new Date(slotStartsAt(key)).toISOString()).toBe("2026-12-05T01:00:00.000Z");
    expect(new Date(slotEndsAt("2026-12-05T23:00-24:00")).toISOString()).toBe("2026-12-05T16:00:00.000Z");
    // An early-morning slot falls on the previous UTC day.
    expect(new Date(slotStartsAt("2026-12-05T07:30-08:00")).toISOString()).toBe("2026-12-04T23:30:00.000Z");
    const start = slotStartsAt(key);
    expect(bookable({ key }, start - 61 * 60_000, 60)).toBe(true);
    expect(bookable({ key }, start - 60 * 60_000, 60)).toBe(false);
    expect(bookable({ key }, start - 1, 0)).toBe(true);
    expect(bookable({ key }, start, 0)).toBe(false);
    expect(parseSlotKey("2026-02-30T09:00-10:00")).toBeNull();
    expect(parseSlotKey("2026-12-05T10:00-09:00")).toBeNull();
    expect(() => slotStartsAt("tomorrow")).toThrow();
  });
});
