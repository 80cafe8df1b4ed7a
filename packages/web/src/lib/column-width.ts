/** Table column auto-width (seed §9): measured text width + 10 + 40, capped at 255, at least 80. */

export const COLUMN_WIDTH = { padding: 10, extra: 40, max: 255, min: 80 } as const;

export function columnWidth(textWidth: number): number {
  const width = Math.ceil(Math.max(0, textWidth)) + COLUMN_WIDTH.padding + COLUMN_WIDTH.extra;
  return Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width));
}

/** Width that fits the widest of `texts` (usually the header and every cell of the column). */
export function fitColumnWidth(texts: readonly string[], measure: (text: string) => number): number {
  const widest = texts.reduce((max, text) => Math.max(max, measure(text)), 0);
  return columnWidth(widest);
}

/**
 * Deterministic estimate used where no canvas exists (tests, old browsers): CJK glyphs are about one em,
 * Latin glyphs a bit over half an em at a 14 px font.
 */
export function estimateTextWidth(text: string, fontSize = 14): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? fontSize : fontSize * 0.6;
  return width;
}
