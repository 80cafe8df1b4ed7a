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
