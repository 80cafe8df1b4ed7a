import { describe, expect, it } from "vitest";
import { chiSquareTest, compareColumnProportions, fisherExact2x2 } from "./crosstab.ts";
import { printedAs, sameSignificant, unwrap } from "./test-helpers.ts";

// R documentation ?chisq.test, example "From Agresti(2007) p.39": gender × party identification.
// R prints X-squared = 30.07, df = 2, p-value = 2.954e-07. PSPP CROSSTABS (WEIGHT BY counts) prints
// Likelihood Ratio 30.016693, Phi and Cramér's V .104436.
const agresti = [
  [762, 327, 468],
  [484, 239, 477],
];

describe("chiSquareTest", () => {
  it("matches R's chisq.test and PSPP CROSSTABS on Agresti's table", () => {
    const r = unwrap(chiSquareTest(agresti));
    expect(printedAs(r.chiSquare, 30.070149, 6)).toBe(true);
    expect(r.df).toBe(2);
    expect(sameSignificant(r.p, 2.954e-7, 4)).toBe(true);
    expect(printedAs(r.likelihoodRatio, 30.016693, 6)).toBe(true);
    expect(printedAs(r.cramersV, 0.104436, 6)).toBe(true);
    expect(printedAs(r.phi, 0.104436, 6)).toBe(true);
    // R: chisq.test(M)$expected[1, 1] = 703.6714
    expect(printedAs(r.expected[0]?.[0] ?? 0, 703.6714, 4)).toBe(true);
    expect(r.cellsExpectedBelow5).toBe(0);
  });

  it("reports the SPSS expected-count footnote and drops empty rows/columns", () => {
    // Tea tasting table (R ?fisher.test): every expected count is 2; the empty third column is dropped.
    const r = unwrap(
      chiSquareTest([
        [3, 1, 0],
        [1, 3, 0],
      ]),
    );
    expect(r.expected).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(r.cellsExpectedBelow5).toBe(4);
    expect(r.percentExpectedBelow5).toBe(100);
    expect(r.minExpected).toBe(2);
    // R: chisq.test(TeaTasting, correct = FALSE) → X-squared = 2, df = 1, p-value = 0.1573
    expect(r.chiSquare).toBeCloseTo(2, 10);
    expect(printedAs(r.p, 0.1573, 4)).toBe(true);
    expect(r.phi).toBeCloseTo(0.5, 10);
  });

  it("refuses tables that are not at least 2×2 after dropping empty rows", () => {
    expect(chiSquareTest([[1, 2]])).toMatchObject({ ok: false, reason: "bad-table" });
    expect(
      chiSquareTest([
        [1, 2],
        [0, 0],
      ]),
    ).toMatchObject({ ok: false, reason: "bad-table" });
    expect(
      chiSquareTest([
        [1, -2],
        [3, 4],
      ]),
    ).toMatchObject({ ok: false, reason: "bad-table" });
  });
});

describe("fisherExact2x2", () => {
  it("R ?fisher.test TeaTasting: two-sided p = 0.4857, alternative = 'greater' p = 0.2429", () => {
    const r = unwrap(
      fisherExact2x2([
        [3, 1],
        [1, 3],
      ]),
    );
    expect(printedAs(r.p, 0.4857, 4)).toBe(true);
    expect(printedAs(r.pOneSided, 0.2429, 4)).toBe(true);
  });
  it("R ?fisher.test Convictions (Fisher 1962): [[2, 10], [15, 3]] one-sided 'less' p = 0.0004652", () => {
    const r = unwrap(
      fisherExact2x2([
        [2, 10],
        [15, 3],
      ]),
    );
    expect(sameSignificant(r.pOneSided, 0.0004652, 4)).toBe(true);
  });
  it("refuses non-2×2 input", () => {
    expect(fisherExact2x2([[1, 2, 3]])).toMatchObject({ ok: false, reason: "bad-table" });
  });
});

describe("compareColumnProportions", () => {
  it("with two columns the z-test is the uncorrected 2×2 χ² (z² = χ², p equal), checked against R", () => {
    // TeaTasting columns 3/4 vs 1/4: R chisq.test(TeaTasting, correct = FALSE) X-squared = 2, p = 0.1573.
    const tea = unwrap(
      compareColumnProportions([
        [3, 1],
        [1, 3],
      ]),
    );
    const first = tea.comparisons[0];
    expect((first?.z ?? 0) ** 2).toBeCloseTo(2, 10);
    expect(printedAs(first?.p ?? 0, 0.1573, 4)).toBe(true);
    expect(tea.letters).toEqual([
      ["", ""],
      ["", ""],
    ]);
  });
  it("puts the smaller column's letter in the larger cell, Bonferroni over the pairs in a row", () => {
    const r = unwrap(compareColumnProportions(agresti));
    expect(r.columnLetters).toEqual(["A", "B", "C"]);
    for (const c of r.comparisons) {
      // Each pair's z² equals the Pearson χ² of that 2×2 sub-table (both rows, the two columns).
      const sub = agresti.map((row) => [row[c.i] ?? 0, row[c.j] ?? 0]);
      expect(c.z ** 2).toBeCloseTo(unwrap(chiSquareTest(sub)).chiSquare, 8);
      expect(c.p).toBeCloseTo(Math.min(1, unwrap(chiSquareTest(sub)).p * 3), 10);
    }
    // Column C (Republican) has a lower share of women than A and B, which do not differ at .05.
    expect(r.letters[0]).toEqual(["C", "C", ""]);
    expect(r.letters[1]).toEqual(["", "", "AB"]);
  });
  it("leaves out columns whose proportion is 0 or 1", () => {
    const r = unwrap(
      compareColumnProportions([
        [10, 0, 5],
        [0, 10, 5],
      ]),
    );
    expect(r.excluded[0]).toEqual([true, true, false]);
    expect(r.letters[0]).toEqual(["", "", ""]);
  });
});
