import { exportFileTexts } from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";

/** One cell of an exported row: text, a number, or empty. */
export type Cell = string | number | null;

// Spreadsheet programs read a cell starting with one of these as a formula (or DDE command) even in a
// CSV; a leading apostrophe makes them plain text (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a respondent typed, made safe to open in Excel/WPS: formula-like text gets a leading `'`. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function neutraliseCell(cell: Cell): Cell {
  return typeof cell === "string" ? neutralise(cell) : cell;
}

/** 所用时间 as 问卷星 shows it: "95秒". */
export function durationText(seconds: number): string {
  return `${seconds}${exportFileTexts.seconds}`;
}

export function submittedText(isoTime: string): string {
  return chinaDateTime(isoTime);
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// Characters no file system or zip tool should see in a name: separators, Windows-reserved ones and
// every control character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * A file or folder name that cannot climb out of its folder or confuse an unzip tool: no separators,
 * no control characters, no leading dots (so never "." or ".."), at most `max` characters.
 */
export function safeName(name: string, fallback: string, max = 100): string {
  const cleaned = name.replace(UNSAFE_NAME, "_").replace(/\s+/g, " ").trim().replace(/^\.+/, "").trim();
  const chars = [...cleaned];
  if (chars.length === 0) return fallback;
  if (chars.length <= max) return cleaned;
  // Keep the extension when shortening.
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return chars.slice(0, max - [...extension].length).join("") + extension;
}
