import { slotEndsAt, slotStartsAt } from "./bookings.ts";

/**
 * The `.ics` file of one booking (RFC 5545), for the confirmation page and message.
 *
 * Times are written in UTC (`DTSTART:20261205T010000Z`) rather than as `TZID=Asia/Shanghai` local times: a UTC
 * instant cannot be misread by any client, whereas a hand-written VTIMEZONE block could disagree with a client's
 * own zone database, and a client without it would fall back to floating time. China has no daylight saving and
 * the event does not repeat, so nothing depends on local rules; calendars show the instant in the device's zone,
 * which in China is China time.
 */
export interface BookingIcsInput {
  /** Globally unique and stable for the booking (a move keeps it, so calendars update the event). */
  uid: string;
  title: string;
  location?: string;
  description?: string;
  slotKey: string;
  /** The receipt page. */
  url?: string;
  /** DTSTAMP (epoch ms): when this file was made; now by default. */
  stampMs?: number;
}

/** `20261205T010000Z`. */
function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as `\n`. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space, which counts
 * towards their 75. Splits only between code points, so a Chinese character (3 octets in UTF-8) or an emoji
 * (4) is never cut in half.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds its leading space and 74 more.
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}

export function bookingIcs(input: BookingIcsInput): string {
  const noBreaks = (value: string) => value.replace(/[\r\n]+/g, "");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//wjgj//booking//ZH",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${noBreaks(input.uid)}`,
    `DTSTAMP:${utcStamp(input.stampMs ?? Date.now())}`,
    `DTSTART:${utcStamp(slotStartsAt(input.slotKey))}`,
    `DTEND:${utcStamp(slotEndsAt(input.slotKey))}`,
    `SUMMARY:${icsText(input.title)}`,
  ];
  if (input.location) lines.push(`LOCATION:${icsText(input.location)}`);
  if (input.description) lines.push(`DESCRIPTION:${icsText(input.description)}`);
  // URL is a URI value, not TEXT: no backslash escaping, only no line breaks.
  if (input.url) lines.push(`URL:${noBreaks(input.url)}`);
  lines.push("END:VEVENT", "END:VCALENDAR");
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
