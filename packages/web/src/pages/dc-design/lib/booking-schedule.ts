import { type BookingIssue, type BookingSchedule, expandSlots, scheduleIssues } from "@wjgj/core";

/** Where a schedule's issue shows in the 预约 settings: the block of the field it names. */
export type ScheduleBlock =
  | "dates"
  | "weekdays"
  | "times"
  | "places"
  | "perPerson"
  | "cutoff"
  | "exceptions"
  | "extraDates"
  | "other";

const blockOfField: Record<string, ScheduleBlock> = {
  startDate: "dates",
  endDate: "dates",
  weekdays: "weekdays",
  times: "times",
  places: "places",
  perPerson: "perPerson",
  cutoffMinutes: "cutoff",
  exceptions: "exceptions",
  extraDates: "extraDates",
};

/** The schedule's Chinese issues grouped by the block that shows them (times by their row, too). */
export function issuesByBlock(schedule: BookingSchedule): Map<ScheduleBlock, BookingIssue[]> {
  const byBlock = new Map<ScheduleBlock, BookingIssue[]>();
  for (const issue of scheduleIssues(schedule)) {
    const block = blockOfField[issue.field.split(".")[0] ?? ""] ?? "other";
    byBlock.set(block, [...(byBlock.get(block) ?? []), issue]);
  }
  return byBlock;
}

/** The row of `times` an issue names (`times.2.end` → 2), or null. */
export function timeRowOf(issue: BookingIssue): number | null {
  const m = /^times\.(\d+)/.exec(issue.field);
  return m ? Number(m[1]) : null;
}

/** 共 N 个时段, or null while the schedule has issues (its count would mislead). */
export function slotCount(schedule: BookingSchedule): number | null {
  return scheduleIssues(schedule).length > 0 ? null : expandSlots(schedule).length;
}

export type CutoffUnit = "minute" | "hour";

/** The cut-off in the unit it reads best in: whole hours as 小时, else 分钟. */
export function cutoffParts(minutes: number): { value: number; unit: CutoffUnit } {
  return minutes > 0 && minutes % 60 === 0
    ? { value: minutes / 60, unit: "hour" }
    : { value: minutes, unit: "minute" };
}

export function cutoffMinutes(value: number, unit: CutoffUnit): number {
  return unit === "hour" ? Math.round(value * 60) : Math.round(value);
}

/** A time range for the next row: an hour after the last one ends (or 09:00-10:00). */
export function nextTimeRange(times: BookingSchedule["times"]): { start: string; end: string } {
  const last = times[times.length - 1];
  const m = last ? /^(\d{2}):(\d{2})$/.exec(last.end) : null;
  const start = m ? Number(m[1]) * 60 + Number(m[2]) : 9 * 60;
  if (start + 60 > 24 * 60) return { start: "09:00", end: "10:00" };
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return { start: hhmm(start), end: hhmm(start + 60) };
}
