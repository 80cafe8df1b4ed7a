/** One problem found while importing, on a 1-based line of the pasted text (0: the text as a whole). */
export interface TextImportWarning {
  line: number;
  message: string;
}

export type Warn = (line: number, message: string) => void;

/** Points of a question whose answer the text gives without a score. */
export const DEFAULT_POINTS = 1;

/** Cuts text to a schema limit and says so. */
export function limitText(text: string, max: number, line: number, warn: Warn): string {
  if (text.length <= max) return text;
  warn(line, `内容超过 ${max} 字，已截断`);
  return text.slice(0, max);
}

/**
 * Titles and descriptions are rich text; pasted text is not, so "<18岁" must stay text. Line breaks of a
 * multi-line description become <br>.
 */
export function plainToRich(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");
}
