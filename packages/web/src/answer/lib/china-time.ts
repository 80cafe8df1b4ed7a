/**
 * A moment as China's wall clock reads it (UTC+8, no daylight saving), computed by arithmetic rather than
 * the runtime's locale data, so the server's markup and the browser's hydration always agree.
 */
export function chinaTimeText(isoTime: string): string {
  const ms = Date.parse(isoTime);
  if (Number.isNaN(ms)) return "";
  const d = new Date(ms + 8 * 3600 * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** "2天 03:04:05" or "03:04:05": what is left before the start. */
export function countdownText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const two = (n: number) => String(n).padStart(2, "0");
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}
