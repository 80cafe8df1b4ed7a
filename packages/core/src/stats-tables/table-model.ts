import { formatP, formatStat } from "../api/analysis-reading.ts";

/** A cell: its text, and the letters or marks set above it (column-proportion letters). */
export type StatCell = string | { text: string; sup: string };

export type StatRow =
  | { cells: StatCell[] }
  /** A row whose figures could not be computed: its leading labels, then the reason across the rest. */
  | { lead: string[]; message: string };

export interface StatColumn {
  title: string;
  /** Figures are right-aligned; labels (the default) left. */
  numeric?: boolean;
}

/** One publication-style table: what the page draws, copies and downloads alike. */
export interface StatTable {
  key: string;
  title: string;
  columns: StatColumn[];
  rows: StatRow[];
  notes: string[];
}

export const starNote = "* p<0.05，** p<0.01，*** p<0.001";

/** Significance stars as Chinese papers print them after the statistic. */
export function stars(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return "";
  if (p < 0.001) return "***";
  if (p < 0.01) return "**";
  if (p < 0.05) return "*";
  return "";
}

/** A statistic to `digits` decimals; a missing or non-finite one reads "—" (as core's formatStat), never NaN. */
export function num(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return formatStat(value, digits);
}

/** A statistic with its stars (t = 2.345**). */
export function starred(value: number | null | undefined, p: number | null | undefined, digits = 3): string {
  return `${num(value, digits)}${value === null || value === undefined ? "" : stars(p)}`;
}

export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return "—";
  return formatP(p);
}

/** Counts: whole numbers as they are, weighted counts with two decimals. */
export function count(value: number): string {
  if (!Number.isFinite(value)) return "—";
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** A 0–1 share as a percent with one decimal. */
export function percent(share: number): string {
  return Number.isFinite(share) ? `${(share * 100).toFixed(1)}%` : "—";
}

/** Mean ± SD, the way SPSSAU's difference tables print a group. */
export function meanSd(mean: number, sd: number | null | undefined): string {
  return sd === null || sd === undefined ? num(mean, 2) : `${num(mean, 2)}±${num(sd, 2)}`;
}

export function cellText(cell: StatCell): string {
  return typeof cell === "string" ? cell : cell.sup ? `${cell.text} ${cell.sup}` : cell.text;
}

/** Whether any p in the table is starred, so the footnote is needed. */
export function hasStars(rows: StatRow[]): boolean {
  return rows.some(
    (row) => "cells" in row && row.cells.some((cell) => typeof cell === "string" && /\d\*+$/.test(cell)),
  );
}

/** The table with the stars footnote added when one of its cells carries stars. */
export function withStarNote(table: StatTable): StatTable {
  if (!hasStars(table.rows) || table.notes.includes(starNote)) return table;
  return { ...table, notes: [...table.notes, starNote] };
}

/** A row's cells as text; a row that could not be computed carries its reason in the first free cell. */
export function rowTexts(row: StatRow, width: number): string[] {
  if ("cells" in row) return row.cells.map(cellText);
  const texts = [...row.lead, row.message];
  while (texts.length < width) texts.push("");
  return texts;
}
