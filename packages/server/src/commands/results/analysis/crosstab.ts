import type { AnalysisCrossCounts, AnalysisOutcome } from "@wjgj/core/api/analysis";
import {
  type ColumnProportionResult,
  chiSquareTest,
  compareColumnProportions,
  fisherExact2x2,
  type StatResult,
} from "@wjgj/core/stats/index";
import { type AnalysisColumns, categorize, columnOf } from "./data.ts";
import type { MethodPlan } from "./method-plan.ts";
import { type Axis, axisOf, refOf } from "./resolve.ts";
import type { Catalogue } from "./variables.ts";

/** Each response's category (index) on a one-answer axis; -1 when it did not answer. */
function categoryOf(axis: Extract<Axis, { kind: "variable" }>, data: AnalysisColumns): Int32Array {
  return categorize(
    columnOf(data, axis.variable.name),
    axis.categories.map((c) => c.value),
  );
}

/** The categories (indexes) a response is in on one axis; empty when it did not answer. */
function categoriesOf(axis: Axis, data: AnalysisColumns): (i: number) => number[] {
  if (axis.kind === "variable") {
    const categories = categoryOf(axis, data);
    return (i) => {
      const k = categories[i] as number;
      return k < 0 ? [] : [k];
    };
  }
  // A multi-select: every chosen option (the product's own cross-analysis counts it so).
  const members = axis.members.map((m) => columnOf(data, m.name));
  return (i) => members.flatMap((column, k) => (column[i] === 1 ? [k] : []));
}

function count(
  row: Axis,
  column: Axis,
  data: AnalysisColumns,
  weights: number[] | null,
): AnalysisCrossCounts {
  if (row.kind === "variable" && column.kind === "variable") return countSingle(row, column, data, weights);
  const rowsOf = categoriesOf(row, data);
  const columnsOf = categoriesOf(column, data);
  const counts = row.categories.map(() => column.categories.map(() => 0));
  const rowTotals = row.categories.map(() => 0);
  const columnTotals = column.categories.map(() => 0);
  let total = 0;
  for (let i = 0; i < data.responses; i++) {
    const rs = rowsOf(i);
    const cs = columnsOf(i);
    if (rs.length === 0 || cs.length === 0) continue;
    const w = weights ? (weights[i] ?? 1) : 1;
    // Totals count responses, not cells: with a multi-select a response sits in several cells.
    for (const r of rs) {
      for (const c of cs) (counts[r] as number[])[c] = ((counts[r] as number[])[c] ?? 0) + w;
      rowTotals[r] = (rowTotals[r] ?? 0) + w;
    }
    for (const c of cs) columnTotals[c] = (columnTotals[c] ?? 0) + w;
    total += w;
  }
  return { rows: row.categories, columns: column.categories, counts, rowTotals, columnTotals, total };
}

/** `count` for two one-answer axes: a response is in one cell or none, counted in one pass. */
function countSingle(
  row: Extract<Axis, { kind: "variable" }>,
  column: Extract<Axis, { kind: "variable" }>,
  data: AnalysisColumns,
  weights: number[] | null,
): AnalysisCrossCounts {
  const rs = categoryOf(row, data);
  const cs = categoryOf(column, data);
  const width = column.categories.length;
  const cells = new Float64Array(row.categories.length * width);
  for (let i = 0; i < data.responses; i++) {
    const r = rs[i] as number;
    const c = cs[i] as number;
    if (r < 0 || c < 0) continue;
    const at = r * width + c;
    cells[at] = (cells[at] as number) + (weights ? (weights[i] ?? 1) : 1);
  }
  const counts = row.categories.map((_, r) => Array.from(cells.subarray(r * width, (r + 1) * width)));
  const rowTotals = counts.map((cells) => cells.reduce((sum, v) => sum + v, 0));
  const columnTotals = column.categories.map((_, c) =>
    counts.reduce((sum, cells) => sum + (cells[c] ?? 0), 0),
  );
  const total = rowTotals.reduce((sum, v) => sum + v, 0);
  return { rows: row.categories, columns: column.categories, counts, rowTotals, columnTotals, total };
}

/** The table without rows and columns of no responses (as SPSS drops them before its tests). */
function reduced(table: number[][]): number[][] {
  const columns = (table[0] ?? []).map((_, j) => j).filter((j) => table.some((row) => (row[j] ?? 0) > 0));
  return table.filter((row) => row.some((v) => v > 0)).map((row) => columns.map((j) => row[j] ?? 0));
}

/**
 * Column proportions row by row, each against its column's responses (not the sum of its cells, which a
 * multi-select row set exceeds): a two-row table [in the row, not in it] per row gives core's z-tests the
 * right bases, and Bonferroni adjusts within each row as SPSS does, so for single answers this is the same
 * as one call on the whole table. With a multi-select as the column the columns share responses, which the
 * z-test (for independent samples) does not model: the letters are then a guide, as in the product's 交叉分析.
 */
function columnTests(counts: number[][], columnTotals: number[]): StatResult<ColumnProportionResult> {
  const combined: ColumnProportionResult = { columnLetters: [], letters: [], excluded: [], comparisons: [] };
  for (const [r, row] of counts.entries()) {
    const result = compareColumnProportions([
      row,
      row.map((v, j) => Math.max(0, (columnTotals[j] ?? 0) - v)),
    ]);
    if (!result.ok) return result;
    combined.columnLetters = result.columnLetters;
    combined.letters.push(result.letters[0] ?? []);
    combined.excluded.push(result.excluded[0] ?? []);
    for (const c of result.comparisons) if (c.row === 0) combined.comparisons.push({ ...c, row: r });
  }
  return { ok: true, ...combined };
}

export function planCrosstab(catalogue: Catalogue, rowName: string, columnName: string): MethodPlan {
  const row = axisOf(catalogue, rowName, "request.row");
  const column = axisOf(catalogue, columnName, "request.column");
  const variables = [row, column].flatMap((axis) =>
    axis.kind === "variable" ? [axis.variable] : axis.members,
  );
  return {
    variables,
    weightable: true,
    run(data, weights): AnalysisOutcome {
      const table = count(row, column, data, weights);
      const multipleResponse = row.kind === "set" || column.kind === "set";
      // Weighted counts go to the tests rounded to whole cases per cell, as SPSS and PSPP do with
      // CROSSTABS /COUNT=CELL ROUND (their default, ASIS, tests the fractional counts): raking weights are not
      // frequencies, and Fisher's test is defined on integers (checked against PSPP in export-weighted.test.ts).
      const round = (values: number[]) => values.map((v) => (weights ? Math.round(v) : v));
      const tested = table.counts.map(round);
      const small = reduced(tested);
      const twoByTwo = small.length === 2 && small.every((r) => r.length === 2);
      return {
        method: "crosstab",
        row: refOf(row.kind === "variable" ? row.variable : row.set),
        column: refOf(column.kind === "variable" ? column.variable : column.set),
        multipleResponse,
        table,
        chiSquare: multipleResponse ? null : chiSquareTest(tested),
        fisher: !multipleResponse && twoByTwo ? fisherExact2x2(small) : null,
        // A row set's column bases are the column's responses; otherwise the sums of the tested cells.
        columnTests: columnTests(
          tested,
          row.kind === "set"
            ? round(table.columnTotals)
            : table.columns.map((_, j) => tested.reduce((sum, r) => sum + (r[j] ?? 0), 0)),
        ),
      };
    },
  };
}
