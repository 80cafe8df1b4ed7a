import { directiveOf, hasTypeMarker, numberedHeaderOf, type QuestionHeader, sectionOf } from "./lines.ts";
import { pageBreakOf, parseMarkers } from "./markers.ts";

export interface SourceLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
}

export interface RawQuestion {
  kind: "question";
  line: number;
  header: QuestionHeader;
  body: SourceLine[];
}

export interface RawParagraph {
  kind: "paragraph";
  line: number;
  title: string;
  body: SourceLine[];
}

export interface RawPageBreak {
  kind: "pageBreak";
  line: number;
  title?: string;
}

export type RawItem = RawQuestion | RawParagraph | RawPageBreak;

export interface ScanResult {
  title?: SourceLine;
  description: SourceLine[];
  items: RawItem[];
  /** Lines that belong nowhere (e.g. text after a page break before any question). */
  stray: SourceLine[];
}

/** Normalises line ends and odd spaces (full-width, no-break, zero-width) so patterns see plain text. */
export function sourceLines(text: string): SourceLine[] {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\u3000\u00a0]/g, " ")
    .replace(/[\u200b\ufeff]/g, "")
    .split("\n")
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }));
}

type Structural =
  | { kind: "pageBreak"; title?: string }
  | { kind: "section"; title: string }
  | { kind: "paragraph"; title: string }
  | { kind: "question"; header: QuestionHeader };

/** How a line opens something new, if it does. `blockStart` treats any line after a blank line as a question. */
function structuralOf(text: string, blockStart: boolean): Structural | undefined {
  const pageBreak = pageBreakOf(text);
  if (pageBreak) return { kind: "pageBreak", ...pageBreak };
  const numbered = numberedHeaderOf(text);
  if (numbered) return { kind: "question", header: numbered };
  const section = sectionOf(text);
  if (section) return { kind: "section", title: section };
  if (hasTypeMarker(text)) {
    const markers = parseMarkers(text);
    if (markers.type === "paragraph") return { kind: "paragraph", title: markers.rest };
    return { kind: "question", header: { text, required: false } };
  }
  if (blockStart && !directiveOf(text)) return { kind: "question", header: { text, required: false } };
  return undefined;
}

function scanWith(lines: SourceLine[], blockMode: boolean): ScanResult {
  const result: ScanResult = { description: [], items: [], stray: [] };
  let current: RawQuestion | RawParagraph | null = null;
  let inHeader = true;
  let previousBlank = false;
  for (const source of lines) {
    if (source.text === "") {
      previousBlank = true;
      // A blank line ends a paragraph's text; questions may have blank lines between their options.
      if (current?.kind === "paragraph") current = null;
      continue;
    }
    const blockStart = blockMode && previousBlank && result.title !== undefined;
    previousBlank = false;
    if (inHeader && !result.title) {
      const opener = structuralOf(source.text, false);
      if (!opener) {
        result.title = { line: source.line, text: source.text.replace(/^(?:问卷)?标题\s*[:：]\s*/, "") };
        continue;
      }
    }
    const opener = structuralOf(source.text, blockStart);
    if (!opener) {
      if (current) current.body.push(source);
      else if (inHeader) result.description.push(source);
      else result.stray.push(source);
      continue;
    }
    inHeader = false;
    if (opener.kind === "pageBreak") {
      result.items.push({
        kind: "pageBreak",
        line: source.line,
        ...(opener.title ? { title: opener.title } : {}),
      });
      current = null;
    } else if (opener.kind === "question") {
      current = { kind: "question", line: source.line, header: opener.header, body: [] };
      result.items.push(current);
    } else {
      current = { kind: "paragraph", line: source.line, title: opener.title, body: [] };
      result.items.push(current);
    }
  }
  return result;
}

/**
 * Splits pasted text into the title, the description and raw items. When nothing in the text is numbered
 * or marked, it falls back to blocks separated by blank lines (first line the question, the rest options),
 * the other common way people paste a questionnaire.
 */
export function scanText(text: string): ScanResult {
  const lines = sourceLines(text);
  const marked = scanWith(lines, false);
  if (marked.items.some((item) => item.kind === "question")) return marked;
  const blocks = scanWith(lines, true);
  return blocks.items.some((item) => item.kind === "question") ? blocks : marked;
}
