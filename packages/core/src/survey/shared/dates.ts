/**
 * Calendar helpers on ISO strings. The engine never reads the clock: "today" always comes from the caller's
 * context so the browser and the server agree and tests are reproducible.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isValidTime(value: string): boolean {
  return TIME.test(value);
}

/** "YYYY-MM-DD HH:mm" or with seconds; a "T" separator is accepted too. */
export function isValidDateTime(value: string): boolean {
  const [date, time, extra] = value.split(/[ T]/);
  return (
    extra === undefined && date !== undefined && time !== undefined && isValidDate(date) && isValidTime(time)
  );
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 for a valid ISO date. */
export function toEpochDay(value: string): number {
  const [y, m, d] = value.split("-").map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
}

export function fromEpochDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(value: string, days: number): string {
  return fromEpochDay(toEpochDay(value) + days);
}
