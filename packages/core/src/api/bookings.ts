import { z } from "zod";
import { fromEpochDay, isValidDate, toEpochDay } from "../survey/shared/dates.ts";

/**
 * 预约 (issue #41): a booking question's schedule — dates, weekly rule, time slots, places per slot, a per-person
 * limit and a cut-off — and the pure helpers the server and the answer page share: the slots a schedule yields,
 * their instants in China time and the `.ics` file of one booking. Slot keys are stored (booking rows), so their
 * format never changes.
 */

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;
/** A schedule covers at most this many days (a year, leap day included) … */
export const BOOKING_MAX_DAYS = 366;
/** … and yields at most this many slots (the live view reads every slot's counter). */
export const BOOKING_MAX_SLOTS = 5000;
/** Time ranges per day (every quarter of an hour). */
export const BOOKING_MAX_TIMES = 96;

const timeRangeSchema = z.object({ start: z.string(), end: z.string() });

/**
 * The schedule in the question's config. Only the shape is checked here; every rule (places ≥ 1, real dates,
 * no overlaps, size limits, cut-off) is `scheduleIssues`, run as a refinement so a parse fails with its Chinese
 * messages and a field path.
 */
export const bookingScheduleSchema = z
  .object({
    /** YYYY-MM-DD, China time, both inclusive. */
    startDate: z.string(),
    endDate: z.string(),
    /** 1 = Monday … 7 = Sunday: the weekdays within the range that have slots. */
    weekdays: z.array(z.number()).max(7, "星期最多 7 个").default([1, 2, 3, 4, 5, 6, 7]),
    /** "HH:mm"; `end` may be "24:00". The same times on every bookable day. */
    times: z.array(timeRangeSchema).max(BOOKING_MAX_TIMES, `每天最多 ${BOOKING_MAX_TIMES} 个时段`),
    /** Places per slot. */
    places: z.number(),
    /** Active bookings one respondent may hold in this question. */
    perPerson: z.number().default(1),
    /** Booking, cancelling and moving close this many minutes before the slot starts. */
    cutoffMinutes: z.number().default(0),
    /** Dates without slots (holidays), even when the weekly rule or `extraDates` has them. */
    exceptions: z
      .array(z.string())
      .max(BOOKING_MAX_DAYS, `不可预约的日期最多 ${BOOKING_MAX_DAYS} 个`)
      .default([]),
    /** Dates with slots outside the weekly rule (a Saturday that is a working day), even outside the range. */
    extraDates: z
      .array(z.string())
      .max(BOOKING_MAX_DAYS, `额外开放的日期最多 ${BOOKING_MAX_DAYS} 个`)
      .default([]),
    /** Places of single slots (by key); 0 closes the slot. */
    overrides: z
      .array(z.object({ slot: z.string(), places: z.number() }))
      .max(BOOKING_MAX_SLOTS, `单独调整名额的时段最多 ${BOOKING_MAX_SLOTS} 个`)
      .optional(),
  })
  .superRefine((schedule, ctx) => {
    for (const issue of scheduleIssues(schedule))
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.field.split(".") });
  });
export type BookingSchedule = z.output<typeof bookingScheduleSchema>;
export type BookingScheduleInput = z.input<typeof bookingScheduleSchema>;

export interface BookingSlot {
  /** `2026-12-05T09:00-10:00`: stored in booking rows, never reformatted. */
  key: string;
  date: string;
  start: string;
  end: string;
  places: number;
}

export type BookingIssueCode =
  | "placesMin"
  | "perPersonMin"
  | "cutoffInvalid"
  | "cutoffAfterSlot"
  | "cutoffTooLong"
  | "dateInvalid"
  | "endBeforeStart"
  | "rangeTooLong"
  | "weekdayInvalid"
  | "timesRequired"
  | "timeInvalid"
  | "timesOverlap"
  | "overrideInvalid"
  | "overrideUnknown"
  | "tooManySlots"
  | "noSlots";

export interface BookingIssue {
  code: BookingIssueCode;
  /** Dotted path of the field, e.g. `times.1.end`, for the editor to place the message. */
  field: string;
  message: string;
}

export { bookingMessages } from "./booking-messages.ts";

const KEY = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})-(\d{2}:\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** Days since 1970-01-01 of a real calendar date (2月30日 is not one), or null. */
function dayNumber(date: string): number | null {
  return isValidDate(date) ? toEpochDay(date) : null;
}

/** 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Minutes since midnight of "HH:mm" (24:00 allowed as an end), or null. */
function minutesOf(time: string, isEnd: boolean): number | null {
  const m = TIME.exec(time);
  if (!m) return null;
  const [h, mi] = [Number(m[1]), Number(m[2])];
  if (mi > 59) return null;
  if (h < 24 || (isEnd && h === 24 && mi === 0)) return h * 60 + mi;
  return null;
}

/** The parts of a stored slot key, or null when it is not one. */
export function parseSlotKey(key: string): { date: string; start: string; end: string } | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const [, date, start, end] = m as unknown as [string, string, string, string];
  const s = minutesOf(start, false);
  const e = minutesOf(end, true);
  if (dayNumber(date) === null || s === null || e === null || e <= s) return null;
  return { date, start, end };
}

function instantOf(date: string, minutes: number): number {
  return (dayNumber(date) as number) * DAY_MS + minutes * 60_000 - CHINA_OFFSET_MS;
}

/** Epoch ms of the slot's start in China time (UTC+8 all year: China has no daylight saving). */
export function slotStartsAt(key: string): number {
  const parts = parseSlotKey(key);
  if (!parts) throw new Error(`not a slot key: ${key}`);
  return instantOf(parts.date, minutesOf(parts.start, false) as number);
}

export function slotEndsAt(key: string): number {
  const parts = parseSlotKey(key);
  if (!parts) throw new Error(`not a slot key: ${key}`);
  return instantOf(parts.date, minutesOf(parts.end, true) as number);
}

/** Whether booking, cancelling or moving is still open for the slot: strictly before start − cut-off. */
export function bookable(slot: { key: string }, nowMs: number, cutoffMinutes: number): boolean {
  return nowMs < slotStartsAt(slot.key) - cutoffMinutes * 60_000;
}

function isWholeAtLeast(value: number, min: number): boolean {
  return Number.isInteger(value) && value >= min;
}

/** Every rule a schedule must meet, as stable codes with Chinese messages (empty when it is fine). */
export function scheduleIssues(schedule: BookingSchedule): BookingIssue[] {
  const issues: BookingIssue[] = [];
  const add = (code: BookingIssueCode, field: string, message: string) =>
    issues.push({ code, field, message });

  if (!isWholeAtLeast(schedule.places, 1)) add("placesMin", "places", "每个时段至少 1 个名额");
  if (!isWholeAtLeast(schedule.perPerson, 1)) add("perPersonMin", "perPerson", "每人至少可预约 1 次");
  if (schedule.cutoffMinutes < 0) add("cutoffAfterSlot", "cutoffMinutes", "截止时间不能晚于时段开始");
  else if (!Number.isInteger(schedule.cutoffMinutes))
    add("cutoffInvalid", "cutoffMinutes", "截止时间须为整数分钟");
  else if (schedule.cutoffMinutes > BOOKING_MAX_DAYS * 1440)
    add("cutoffTooLong", "cutoffMinutes", `截止时间不能早于时段开始 ${BOOKING_MAX_DAYS} 天以上`);

  const start = dayNumber(schedule.startDate);
  const end = dayNumber(schedule.endDate);
  if (start === null) add("dateInvalid", "startDate", `开始日期无效：${schedule.startDate}`);
  if (end === null) add("dateInvalid", "endDate", `结束日期无效：${schedule.endDate}`);
  if (start !== null && end !== null) {
    if (end < start) add("endBeforeStart", "endDate", "结束日期不能早于开始日期");
    else if (end - start + 1 > BOOKING_MAX_DAYS)
      add("rangeTooLong", "endDate", `预约日期范围不能超过 ${BOOKING_MAX_DAYS} 天`);
  }
  for (const [list, label] of [
    ["exceptions", "不可预约的日期"],
    ["extraDates", "额外开放的日期"],
  ] as const)
    schedule[list].forEach((date, i) => {
      if (dayNumber(date) === null) add("dateInvalid", `${list}.${i}`, `${label}无效：${date}`);
    });
  schedule.weekdays.forEach((day, i) => {
    if (!isWholeAtLeast(day, 1) || day > 7)
      add("weekdayInvalid", `weekdays.${i}`, "星期须为 1～7（周一为 1）");
  });

  if (schedule.times.length === 0) add("timesRequired", "times", "请至少设置一个时段");
  const ranges: { i: number; s: number; e: number; text: string }[] = [];
  schedule.times.forEach((time, i) => {
    const s = minutesOf(time.start, false);
    const e = minutesOf(time.end, true);
    const text = `${time.start}-${time.end}`;
    if (s === null)
      add("timeInvalid", `times.${i}.start`, `时段的开始时间无效：${time.start}（格式为 HH:mm）`);
    else if (e === null)
      add("timeInvalid", `times.${i}.end`, `时段的结束时间无效：${time.end}（格式为 HH:mm）`);
    else if (e <= s) add("timeInvalid", `times.${i}.end`, `时段的结束时间须晚于开始时间：${text}`);
    else ranges.push({ i, s, e, text });
  });
  ranges.sort((a, b) => a.s - b.s);
  for (let k = 1; k < ranges.length; k += 1) {
    const [before, after] = [ranges[k - 1], ranges[k]] as [(typeof ranges)[0], (typeof ranges)[0]];
    if (after.s < before.e)
      add("timesOverlap", `times.${after.i}`, `同一天的时段不能重叠：${before.text} 与 ${after.text}`);
  }
  schedule.overrides?.forEach((override, i) => {
    if (!isWholeAtLeast(override.places, 0))
      add("overrideInvalid", `overrides.${i}.places`, `时段 ${override.slot} 的名额须为 0 或正整数`);
  });

  // Counting slots only makes sense for a schedule whose dates and times are sound.
  if (issues.some((issue) => issue.code !== "placesMin" && issue.code !== "overrideInvalid")) return issues;
  const slots = expandSlots(schedule);
  if (slots.length > BOOKING_MAX_SLOTS)
    add(
      "tooManySlots",
      "endDate",
      `时段总数不能超过 ${BOOKING_MAX_SLOTS} 个（现有 ${slots.length} 个），请缩短日期范围或减少时段`,
    );
  else if (slots.length === 0) add("noSlots", "weekdays", "按当前设置没有任何可预约的时段，请检查日期和星期");
  const keys = new Set(slots.map((slot) => slot.key));
  schedule.overrides?.forEach((override, i) => {
    if (!keys.has(override.slot))
      add("overrideUnknown", `overrides.${i}.slot`, `调整名额的时段不在时间表中：${override.slot}`);
  });
  return issues;
}

/**
 * The slots of a schedule in key order (date, then start time), optionally only those dated within `range`
 * (inclusive). The weekly range is walked for at most BOOKING_MAX_DAYS days, so an invalid schedule cannot
 * make this loop for years.
 */
export function expandSlots(
  schedule: BookingSchedule,
  range?: { from?: string; to?: string },
): BookingSlot[] {
  const start = dayNumber(schedule.startDate);
  const end = dayNumber(schedule.endDate);
  const excluded = new Set(schedule.exceptions);
  const weekdays = new Set(schedule.weekdays);
  const days = new Set<number>();
  if (start !== null && end !== null) {
    const last = Math.min(end, start + BOOKING_MAX_DAYS - 1);
    for (let day = start; day <= last; day += 1) if (weekdays.has(weekdayOf(day))) days.add(day);
  }
  for (const date of schedule.extraDates) {
    const day = dayNumber(date);
    if (day !== null) days.add(day);
  }
  const from = range?.from ?? "0000-00-00";
  const to = range?.to ?? "9999-99-99";
  const times = schedule.times
    .filter((t) => minutesOf(t.start, false) !== null && minutesOf(t.end, true) !== null)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const overrides = new Map((schedule.overrides ?? []).map((o) => [o.slot, o.places]));
  const slots: BookingSlot[] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const date = fromEpochDay(day);
    if (excluded.has(date) || date < from || date > to) continue;
    const seen = new Set<string>();
    for (const time of times) {
      const key = `${date}T${time.start}-${time.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      slots.push({
        key,
        date,
        start: time.start,
        end: time.end,
        places: overrides.get(key) ?? schedule.places,
      });
    }
  }
  return slots;
}

const WEEKDAY_NAMES = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"] as const;

/**
 * How a slot reads everywhere (answer page, receipt, statistics, exports): `12月5日 周六 09:00-10:00`.
 * A string that is not a slot key is returned as it is (a stored answer is never hidden).
 */
export function slotLabel(key: string): string {
  const parts = parseSlotKey(key);
  if (!parts) return key;
  const [, month, day] = parts.date.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAY_NAMES[weekdayOf(dayNumber(parts.date) as number) - 1];
  return `${month}月${day}日 ${weekday} ${parts.start}-${parts.end}`;
}

/** Whether the key is one of the schedule's slots (any places, open or closed). */
export function isScheduleSlot(schedule: BookingSchedule, key: string): boolean {
  const parts = parseSlotKey(key);
  if (!parts) return false;
  return expandSlots(schedule, { from: parts.date, to: parts.date }).some((slot) => slot.key === key);
}

/** The China-time calendar date (YYYY-MM-DD) of an instant. */
export function chinaDateOf(ms: number): string {
  return fromEpochDay(Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS));
}

/** A new question's schedule: today … +30 days (China time), Mon–Fri, four hour-long slots, 10 places each. */
export function defaultBookingSchedule(nowMs: number = Date.now()): BookingSchedule {
  const today = toEpochDay(chinaDateOf(nowMs));
  return {
    startDate: fromEpochDay(today),
    endDate: fromEpochDay(today + 30),
    weekdays: [1, 2, 3, 4, 5],
    times: [
      { start: "09:00", end: "10:00" },
      { start: "10:00", end: "11:00" },
      { start: "14:00", end: "15:00" },
      { start: "15:00", end: "16:00" },
    ],
    places: 10,
    perPerson: 1,
    cutoffMinutes: 60,
    exceptions: [],
    extraDates: [],
  };
}
