import { describe, expect, it } from "vitest";
import { proportionWilson } from "./proportions.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

// Newcombe RG (1998), "Two-sided confidence intervals for the single proportion: comparison of seven methods",
// Statistics in Medicine 17:857–872: the worked examples 81/263, 15/148, 0/20, 1/29 under method 3 (Wilson
// score, no continuity correction), printed to 4 decimals.
describe("proportionWilson (Newcombe 1998, method 3)", () => {
  const cases: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ];
  for (const [x, n, lo, hi] of cases) {
    it(`${x}/${n} → ${lo} to ${hi}`, () => {
      const r = unwrap(proportionWilson(x, n));
      expect(printedAs(r.ciLower, lo, 4)).toBe(true);
      expect(printedAs(r.ciUpper, hi, 4)).toBe(true);
    });
  }
  it("refuses impossible counts", () => {
    expect(proportionWilson(5, 3)).toMatchObject({ ok: false, reason: "bad-argument" });
    expect(proportionWilson(0, 0)).toMatchObject({ ok: false, reason: "too-few-values" });
  });
});
