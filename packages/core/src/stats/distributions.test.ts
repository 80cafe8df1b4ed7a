import { describe, expect, it } from "vitest";
import { studentizedRangeCdf, studentizedRangeQuantile } from "./distributions.ts";
import { printedAs } from "./test-helpers.ts";

// Upper 5% points of the studentized range q(0.05; k, df) as printed (3 decimals) in the standard textbook
// tables of the studentized range (Harter 1960).
describe("studentized range (stdlib ptukey + bisection qtukey)", () => {
  const table: [number, number, number][] = [
    [3, 10, 3.877],
    [4, 20, 3.958],
    [5, 30, 4.102],
    [2, 60, 2.829],
    [10, 120, 4.56],
  ];
  for (const [k, df, q] of table) {
    it(`q(0.05; ${k}, ${df}) = ${q}`, () => {
      expect(printedAs(studentizedRangeQuantile(0.95, k, df), q, 3)).toBe(true);
      expect(studentizedRangeCdf(studentizedRangeQuantile(0.95, k, df), k, df)).toBeCloseTo(0.95, 8);
    });
  }
  it("R TukeyHSD(PlantGrowth) implies qtukey(0.95, 3, 27) = 3.506426", () => {
    // (upr − diff) / √(MSE/2 · (2/10)) from R's TukeyHSD table: 0.6912161 / √(0.3885959 · 0.1)
    expect(printedAs(studentizedRangeQuantile(0.95, 3, 27), 3.506426, 5)).toBe(true);
  });
});
