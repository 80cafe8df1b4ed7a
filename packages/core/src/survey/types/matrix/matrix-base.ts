import { z } from "zod";
import { type Option, optionSchema } from "../../definition/option.ts";
import type { ValueType } from "../../expression/value.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { mergeNested, type NestedCounts } from "../helpers/counters.ts";

/**
 * Matrices expose their rows as the question's options: row show logic, select-connect and hidden rows all
 * work through the same engine paths as choice options, and answers are keyed by row id.
 */
export const matrixShape = {
  rows: z.array(optionSchema).min(1).max(200),
  /** When answered at all, every offered row must be completed. */
  rowsRequired: z.boolean().default(true),
};

export const defaultRows = (): Option[] => defaultOptions(3, "行");
export const defaultColumns = (): Option[] => defaultOptions(3, "列");

/** Rows of an answer must be offered; with `rowsRequired`, every offered row must be answered. */
export function checkRows(
  answered: readonly string[],
  offered: readonly Option[],
  rowsRequired: boolean,
  isComplete: (rowId: string) => boolean,
): Issue[] {
  const offeredIds = new Set(offered.map((row) => row.id));
  const issues: Issue[] = answered
    .filter((rowId) => !offeredIds.has(rowId))
    .map((rowId) => error("hiddenOption", m.hiddenOption(), [rowId]));
  if (issues.length > 0 || !rowsRequired) return issues;
  for (const row of offered) {
    if (!isComplete(row.id)) issues.push(error("rowRequired", m.rowRequired(row.label), [row.id]));
  }
  return issues;
}

export function restrictRows<V>(
  answer: Readonly<Record<string, V>>,
  offered: ReadonlySet<string>,
): Record<string, V> | undefined {
  // The same object when no row was dropped: the engine reads a new one as "a row was hidden".
  if (Object.keys(answer).every((rowId) => offered.has(rowId))) return answer as Record<string, V>;
  const kept = Object.entries(answer).filter(([rowId]) => offered.has(rowId));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** Static type of `$id` (a list) and `$id.<rowId>` (`cell`); other keys do not exist. */
export function rowKeyType(
  rows: readonly Option[],
  key: string | undefined,
  cell: ValueType,
): ValueType | undefined {
  if (key === undefined) return "list";
  return rows.some((row) => row.id === key) ? cell : undefined;
}

export function labelOf(options: readonly Option[], id: string): string {
  return options.find((option) => option.id === id)?.label ?? id;
}

export interface MatrixStats {
  n: number;
  /** row id → column id (or point) → count. */
  cells: NestedCounts;
}

export const emptyMatrixStats = (): MatrixStats => ({ n: 0, cells: {} });
export const mergeMatrixStats = (a: MatrixStats, b: MatrixStats): MatrixStats => ({
  n: a.n + b.n,
  cells: mergeNested(a.cells, b.cells),
});
