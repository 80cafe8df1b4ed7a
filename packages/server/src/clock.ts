/** Injected time source so that limits (60 s resend, 5 min expiry) are testable without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function iso(date: Date): string {
  return date.toISOString();
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** Start of the calendar day in China time (UTC+8), as used by "per day" limits. */
export function chinaDayStart(date: Date): Date {
  const shifted = date.getTime() + CHINA_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - CHINA_OFFSET_MS);
}

/** "YYYY-MM-DD HH:mm:ss" in China time, the format the browser shows (vipStopTime). */
export function chinaDateTime(isoText: string | null): string {
  if (!isoText) return "";
  const d = new Date(new Date(isoText).getTime() + CHINA_OFFSET_MS);
  return d.toISOString().slice(0, 19).replace("T", " ");
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A time typed by an admin: "YYYY-MM-DD[ HH:mm[:ss]]" read as China time (what the console shows),
 * or an ISO-8601 time with its zone. Impossible dates (2月30日) and years outside 2000–2100 are refused.
 */
export function parseChinaDateTime(text: string): Date | null {
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map((part) => Number(part ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const ms = Date.UTC(y, mo - 1, d, h, mi, s);
    const back = new Date(ms);
    const valid =
      back.getUTCFullYear() === y &&
      back.getUTCMonth() === mo - 1 &&
      back.getUTCDate() === d &&
      h < 24 &&
      mi < 60 &&
      s < 60;
    return valid && y >= 2000 && y <= 2100 ? new Date(ms - CHINA_OFFSET_MS) : null;
  }
  if (!ZONED_DATE_TIME.test(text)) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 2000 && year <= 2100 ? new Date(ms) : null;
}
