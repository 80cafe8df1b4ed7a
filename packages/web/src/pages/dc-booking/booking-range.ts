import dayjs from "dayjs";

export type BoardView = "day" | "week";

/** The dates (YYYY-MM-DD, inclusive) a view of `date` covers: the day, or its week Monday to Sunday. */
export function rangeOf(view: BoardView, date: string): { from: string; to: string } {
  if (view === "day") return { from: date, to: date };
  const day = dayjs(date);
  const monday = day.subtract((day.day() + 6) % 7, "day");
  return { from: monday.format("YYYY-MM-DD"), to: monday.add(6, "day").format("YYYY-MM-DD") };
}

/** The date one view earlier (-1) or later (+1). */
export function stepDate(view: BoardView, date: string, step: -1 | 1): string {
  return dayjs(date)
    .add(step * (view === "day" ? 1 : 7), "day")
    .format("YYYY-MM-DD");
}

/** Today in China time (the slots' time zone), whatever the creator's device says. */
export function chinaToday(nowMs: number = Date.now()): string {
  return new Date(nowMs + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A code typed or scanned: letters and digits only, upper case (the server ignores the rest as well). */
export function normaliseCode(text: string): string {
  const trimmed = text.trim();
  // A QR of a link carries the code as its last path segment or `code` parameter.
  const fromLink = /[?&]code=([0-9A-Za-z-]+)/.exec(trimmed)?.[1] ?? trimmed;
  return fromLink.toUpperCase().replace(/[^0-9A-Z]/g, "");
}
