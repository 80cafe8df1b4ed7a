import fs from "node:fs";

/**
 * A PEM key from an environment variable: the PEM itself (with real or `\n`-escaped newlines, as a
 * one-line variable must carry it) or the path of a file that holds it.
 */
export function pemFrom(value: string): string {
  const text = value.trim();
  if (text.startsWith("-----BEGIN")) return text.replace(/\\n/g, "\n");
  return fs.readFileSync(text, "utf8");
}

export function headerText(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** Notifications older or newer than this are refused (WeChat Pay v3 advises five minutes). */
export const MAX_NOTIFY_SKEW_MS = 5 * 60 * 1000;

/** China time as Alipay wants it: "yyyy-MM-dd HH:mm:ss". */
export function chinaTimestamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace("T", " ");
}
