/**
 * Column widths of a report table in the PDF (pdfkit draws tables cell by cell; it has no layout of its own).
 * Equal shares broke what must not break: at eight columns a t-test's -1.493 wrapped as "-1.49 / 3" and a
 * cross-table's 4（20%） as "4（20% / ）". Here each column starts at its natural width (its widest cell on one
 * line) and, when the table is wider than the page, gives up width in proportion to what it can spare above
 * its floor — its widest unbreakable run (a number, a Latin word, a bracketed percentage; Chinese text may
 * wrap between any two characters). Floors wider than the page together shrink the table's type instead, down
 * to `minScale`.
 */

/** Width of `text` on one line at the table's type size (pdfkit's `widthOfString`). */
export type Measure = (text: string) => number;

/** Runs a line may not break inside: a CJK character alone, or a run of anything else but spaces. */
const UNBREAKABLE = /[\u3400-\u9fff\uf900-\ufaff]|[^\s\u3400-\u9fff\uf900-\ufaff]+/g;

export interface TableLayout {
  widths: number[];
  /** Multiplies the type size (1: as given). */
  scale: number;
}

export function tableColumns(
  cells: readonly (readonly string[])[],
  width: number,
  measure: Measure,
  options: { padding: number; minScale: number },
): TableLayout {
  const columns = Math.max(0, ...cells.map((row) => row.length));
  if (columns === 0) return { widths: [], scale: 1 };
  const natural = new Array<number>(columns).fill(0);
  const floor = new Array<number>(columns).fill(0);
  for (const row of cells)
    row.forEach((cell, i) => {
      for (const line of cell.split("\n")) natural[i] = Math.max(natural[i] as number, measure(line));
      for (const run of cell.match(UNBREAKABLE) ?? []) floor[i] = Math.max(floor[i] as number, measure(run));
    });
  const pad = options.padding;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const wide = natural.map((value) => value + pad);
  // Fits on one line each: the spare width goes to every column in proportion.
  if (sum(wide) <= width) {
    const spare = width - sum(wide);
    const total = sum(wide);
    return { widths: wide.map((value) => value + (spare * value) / total), scale: 1 };
  }
  // Type size that lets every floor fit (never below minScale: then long runs are broken after all).
  const scale = Math.max(options.minScale, Math.min(1, (width - pad * columns) / sum(floor)));
  const least = floor.map((value) => value * scale + pad);
  const most = natural.map((value) => value * scale + pad);
  if (sum(least) >= width) return { widths: least.map((value) => (value * width) / sum(least)), scale };
  if (sum(most) <= width) {
    const spare = width - sum(most);
    return { widths: most.map((value) => value + (spare * value) / sum(most)), scale };
  }
  // Too wide on one line: each column gives up width in proportion to what it has above its floor.
  const excess = sum(most) - width;
  const room = sum(most.map((value, i) => value - (least[i] as number)));
  return {
    widths: most.map((value, i) => value - (excess * (value - (least[i] as number))) / room),
    scale,
  };
}
