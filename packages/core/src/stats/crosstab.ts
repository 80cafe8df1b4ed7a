// Cross-tabulation tests as SPSS CROSSTABS and Custom Tables print them. Input is a table of counts
// (rows × columns); rows or columns whose total is 0 are dropped first, as SPSS does.
import { chiSquareUpperP, hypergeometricProbability, zTwoTailedP } from "./distributions.ts";
import { at, MESSAGES, type StatResult, statError } from "./result.ts";

function cleanTable(table: readonly (readonly number[])[]): number[][] | null {
  const cols = table[0]?.length ?? 0;
  if (table.length === 0 || cols === 0) return null;
  for (const row of table) {
    if (row.length !== cols) return null;
    for (const v of row) if (!Number.isFinite(v) || v < 0) return null;
  }
  const keepRows = table.filter((row) => row.some((v) => v > 0));
  const keepCols: number[] = [];
  for (let j = 0; j < cols; j++) if (keepRows.some((row) => at(row, j) > 0)) keepCols.push(j);
  return keepRows.map((row) => keepCols.map((j) => at(row, j)));
}

export interface ChiSquareResult {
  /** Pearson χ² (no continuity correction, SPSS "Pearson Chi-Square"). */
  chiSquare: number;
  df: number;
  p: number;
  /** Likelihood ratio G² = 2 Σ O ln(O/E) (SPSS "Likelihood Ratio"), same df. */
  likelihoodRatio: number;
  likelihoodRatioP: number;
  n: number;
  /** Expected counts for the table after empty rows/columns are dropped. */
  expected: number[][];
  /** SPSS footnote: "x cells (y%) have expected count less than 5. The minimum expected count is z." */
  cellsExpectedBelow5: number;
  percentExpectedBelow5: number;
  minExpected: number;
  /** Cramér's V = √(χ² / (n (min(r, c) − 1))). */
  cramersV: number;
  /** Phi: signed (ad − bc)/√(row and column totals) for 2×2 as SPSS; √(χ²/n) otherwise. */
  phi: number;
}

/** SPSS CROSSTABS /STATISTICS=CHISQ PHI: Pearson χ², likelihood ratio, expected counts, Cramér's V, phi. */
export function chiSquareTest(table: readonly (readonly number[])[]): StatResult<ChiSquareResult> {
  const t = cleanTable(table);
  if (t === null || t.length < 2 || (t[0]?.length ?? 0) < 2) {
    return statError("bad-table", MESSAGES.badTable);
  }
  const r = t.length;
  const c = at(t, 0).length;
  const rowTotals = t.map((row) => row.reduce((a, b) => a + b, 0));
  const colTotals = Array.from({ length: c }, (_, j) => t.reduce((a, row) => a + at(row, j), 0));
  const n = rowTotals.reduce((a, b) => a + b, 0);
  let chi = 0;
  let g2 = 0;
  let below5 = 0;
  let minExpected = Number.POSITIVE_INFINITY;
  const expected = t.map((row, i) =>
    row.map((o, j) => {
      const e = (at(rowTotals, i) * at(colTotals, j)) / n;
      chi += (o - e) ** 2 / e;
      if (o > 0) g2 += 2 * o * Math.log(o / e);
      if (e < 5) below5++;
      minExpected = Math.min(minExpected, e);
      return e;
    }),
  );
  const df = (r - 1) * (c - 1);
  let phi = Math.sqrt(chi / n);
  if (r === 2 && c === 2) {
    const [[a, b], [cc, d]] = t as [[number, number], [number, number]];
    phi =
      (a * d - b * cc) / Math.sqrt(at(rowTotals, 0) * at(rowTotals, 1) * at(colTotals, 0) * at(colTotals, 1));
  }
  return {
    ok: true,
    chiSquare: chi,
    df,
    p: chiSquareUpperP(chi, df),
    likelihoodRatio: g2,
    likelihoodRatioP: chiSquareUpperP(g2, df),
    n,
    expected,
    cellsExpectedBelow5: below5,
    percentExpectedBelow5: (100 * below5) / (r * c),
    minExpected,
    cramersV: Math.sqrt(chi / (n * (Math.min(r, c) - 1))),
    phi,
  };
}

export interface FisherResult {
  /** Two-sided p: sum of probabilities of tables no more likely than the observed (as R's fisher.test). */
  p: number;
  /** One-sided p in the direction of the observed table (SPSS "Exact Sig. (1-sided)"). */
  pOneSided: number;
}

/**
 * Fisher's exact test for a 2×2 table (SPSS "Fisher's Exact Test"). Two-sided p follows R's fisher.test:
 * tables with probability ≤ the observed one × (1 + 1e-7) are summed, so ties in probability count.
 */
export function fisherExact2x2(table: readonly (readonly number[])[]): StatResult<FisherResult> {
  const ok =
    table.length === 2 &&
    table.every((row) => row.length === 2 && row.every((v) => Number.isInteger(v) && v >= 0));
  if (!ok) return statError("bad-table", "费舍尔精确检验需要2×2的非负整数表");
  const [[a, b], [c, d]] = table as [[number, number], [number, number]];
  const n = a + b + c + d;
  const rowOne = a + b;
  const colOne = a + c;
  if (rowOne === 0 || c + d === 0 || colOne === 0 || b + d === 0) {
    return statError("bad-table", "交叉表的每行每列至少需要1个观测");
  }
  const lo = Math.max(0, rowOne + colOne - n);
  const hi = Math.min(rowOne, colOne);
  const pObs = hypergeometricProbability(a, n, colOne, rowOne);
  let two = 0;
  let lower = 0;
  let upper = 0;
  for (let x = lo; x <= hi; x++) {
    const px = hypergeometricProbability(x, n, colOne, rowOne);
    if (px <= pObs * (1 + 1e-7)) two += px;
    if (x <= a) lower += px;
    if (x >= a) upper += px;
  }
  const expectedA = (rowOne * colOne) / n;
  return {
    ok: true,
    p: Math.min(1, two),
    pOneSided: Math.min(1, a >= expectedA ? upper : lower),
  };
}

export interface ColumnProportionResult {
  /** Column letters A, B, C… in table order. */
  columnLetters: string[];
  /**
   * letters[i][j]: for row i, column j, the letters of the columns whose proportion is significantly
   * smaller than column j's (SPSS puts the letter of the smaller column in the larger cell).
   */
  letters: string[][];
  /** Columns left out of a row's comparisons because their proportion is 0 or 1 (SPSS footnote). */
  excluded: boolean[][];
  /** Every comparison made: row, the two columns, z (column i − column j) and the Bonferroni-adjusted p. */
  comparisons: { row: number; i: number; j: number; z: number; p: number }[];
}

/**
 * SPSS Custom Tables "Compare column proportions": for each row, each pair of columns is compared with a
 * two-sample z-test on the pooled proportion, z = (p1 − p2)/√(p(1 − p)(1/n1 + 1/n2)), two-sided, and the p is
 * Bonferroni-adjusted by the number of pairs compared within that row. A column whose proportion in the row is
 * 0 or 1 is not compared. `alpha` defaults to 0.05.
 */
export function compareColumnProportions(
  table: readonly (readonly number[])[],
  alpha = 0.05,
): StatResult<ColumnProportionResult> {
  const c = table[0]?.length ?? 0;
  if (
    table.length < 1 ||
    c < 2 ||
    table.some((row) => row.length !== c || row.some((v) => !Number.isFinite(v) || v < 0))
  ) {
    return statError("bad-table", MESSAGES.badTable);
  }
  const colTotals = Array.from({ length: c }, (_, j) => table.reduce((s, row) => s + at(row, j), 0));
  const columnLetters = Array.from({ length: c }, (_, j) => String.fromCharCode(65 + (j % 26)));
  const letters: string[][] = [];
  const excluded: boolean[][] = [];
  const comparisons: ColumnProportionResult["comparisons"] = [];
  table.forEach((row, rowIndex) => {
    const props = row.map((v, j) => (at(colTotals, j) > 0 ? v / at(colTotals, j) : Number.NaN));
    const usable = props.map((p) => Number.isFinite(p) && p > 0 && p < 1);
    const used: number[] = [];
    usable.forEach((u, j) => {
      if (u) used.push(j);
    });
    const pairs = (used.length * (used.length - 1)) / 2;
    const rowLetters = row.map(() => "");
    for (let x = 0; x < used.length; x++) {
      for (let y = x + 1; y < used.length; y++) {
        const i = at(used, x);
        const j = at(used, y);
        const n1 = at(colTotals, i);
        const n2 = at(colTotals, j);
        const p1 = at(props, i);
        const p2 = at(props, j);
        const pooled = (at(row, i) + at(row, j)) / (n1 + n2);
        const z = (p1 - p2) / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
        const p = Math.min(1, zTwoTailedP(z) * pairs);
        comparisons.push({ row: rowIndex, i, j, z, p });
        if (p < alpha) {
          if (p1 > p2) rowLetters[i] += at(columnLetters, j);
          else rowLetters[j] += at(columnLetters, i);
        }
      }
    }
    letters.push(rowLetters.map((s) => [...s].sort().join("")));
    excluded.push(usable.map((u, j) => !u && at(colTotals, j) > 0));
  });
  return { ok: true, columnLetters, letters, excluded, comparisons };
}
