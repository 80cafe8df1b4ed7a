import { describe, expect, it } from "vitest";
import { descriptives, percentileHaverage } from "./descriptives.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

// R's datasets::PlantGrowth$weight (all 30 plants). Reference: PSPP 1.6.2 (GNU's SPSS clone, same formulas as
// SPSS) DESCRIPTIVES and EXAMINE /PERCENTILES=HAVERAGE on these values, printed with SET FORMAT=F12.6.
const plantWeight = [
  4.17, 5.58, 5.18, 6.11, 4.5, 4.61, 5.17, 4.53, 5.33, 5.14, 4.81, 4.17, 4.41, 3.59, 5.87, 3.83, 6.03, 4.89,
  4.32, 4.69, 6.31, 5.12, 5.54, 5.5, 5.37, 5.29, 4.92, 6.15, 5.8, 5.26,
];

describe("descriptives (PSPP EXAMINE / DESCRIPTIVES on PlantGrowth$weight)", () => {
  const d = unwrap(descriptives(plantWeight));
  it("matches every printed statistic to 6 decimals", () => {
    expect(d.n).toBe(30);
    const expected: [number, number][] = [
      [d.mean, 5.073],
      [d.se, 0.12802],
      [d.ciLower, 4.811171],
      [d.ciUpper, 5.334829],
      [d.median, 5.155],
      [d.variance, 0.49167],
      [d.sd, 0.701192],
      [d.min, 3.59],
      [d.max, 6.31],
      [d.q1, 4.5225],
      [d.q3, 5.55],
      [d.skewness ?? Number.NaN, -0.1616],
      [d.skewnessSe ?? Number.NaN, 0.426892],
      [d.kurtosis ?? Number.NaN, -0.553422],
      [d.kurtosisSe ?? Number.NaN, 0.832746],
    ];
    for (const [actual, reference] of expected) expect(printedAs(actual, reference, 6)).toBe(true);
  });

  it("drops null and NaN as missing", () => {
    const withMissing = unwrap(descriptives([...plantWeight, null, Number.NaN]));
    expect(withMissing.n).toBe(30);
    expect(withMissing.mean).toBe(d.mean);
  });

  it("SPSS's standard errors of skewness and kurtosis for N = 10 are .687 and 1.334", () => {
    // The values every SPSS output with N = 10 prints (they depend on n only).
    const r = unwrap(descriptives([1, 2, 3, 4, 5, 6, 7, 8, 9, 30]));
    expect(printedAs(r.skewnessSe ?? 0, 0.687, 3)).toBe(true);
    expect(printedAs(r.kurtosisSe ?? 0, 1.334, 3)).toBe(true);
  });

  it("returns typed errors instead of numbers for bad input", () => {
    expect(descriptives([1])).toMatchObject({ ok: false, reason: "too-few-values" });
    expect(descriptives([1, Number.POSITIVE_INFINITY])).toMatchObject({ ok: false, reason: "non-finite" });
    const flat = unwrap(descriptives([2, 2, 2, 2]));
    expect(flat.skewness).toBeNull();
    expect(flat.kurtosis).toBeNull();
  });

  it("fractional case weights as PSPP's DESCRIPTIVES and EXAMINE under WEIGHT BY (raking weights)", () => {
    // PSPP 1.6.2, SET FORMAT=F20.10, WEIGHT BY w: N 8, mean 3.2625, S.E. mean .4501735776, SD 1.2732831578,
    // variance 1.62125, CI 2.1980086409–4.3269913591, skewness -.0905958060 (.7521014331), kurtosis
    // -.6996842162 (1.4808804790), HAVERAGE percentiles 25/50/75: 2, 3, 4.25; min 1, max 5.
    const x = [1, 2, 3, 4, 5, 2, 3];
    const w = [0.5, 1.2, 0.8, 2.0, 1.5, 0.7, 1.3];
    const r = unwrap(descriptives(x, w));
    const expected: [number, number][] = [
      [r.n, 8],
      [r.mean, 3.2625],
      [r.se, 0.4501735776],
      [r.sd, 1.2732831578],
      [r.variance, 1.62125],
      [r.ciLower, 2.1980086409],
      [r.ciUpper, 4.3269913591],
      [r.skewness ?? Number.NaN, -0.090595806],
      [r.skewnessSe ?? Number.NaN, 0.7521014331],
      [r.kurtosis ?? Number.NaN, -0.6996842162],
      [r.kurtosisSe ?? Number.NaN, 1.480880479],
      [r.q1, 2],
      [r.median, 3],
      [r.q3, 4.25],
      [r.min, 1],
      [r.max, 5],
    ];
    for (const [actual, reference] of expected) expect(printedAs(actual, reference, 10)).toBe(true);
    // Less than two cases' worth of weight has no n − 1.
    expect(descriptives([1, 2], [0.5, 0.4])).toMatchObject({ ok: false, reason: "too-few-values" });
  });

  it("frequency weights as SPSS WEIGHT BY (PSPP EXAMINE with WEIGHT BY w)", () => {
    // PSPP 1.6.2: N 16, mean 6.1875, SE .781125, CI 4.522571–7.852429, variance 9.7625, quartiles 3.25, 6.5, 8.75,
    // skewness .041272 (.564308), kurtosis -.965966 (1.090774).
    const y = [1, 3, 4, 7, 2, 5, 6, 8, 9, 10, 11];
    const w = [1, 2, 1, 3, 1, 2, 1, 1, 1, 1, 2];
    const r = unwrap(descriptives(y, w));
    expect(r.n).toBe(16);
    const expected: [number, number][] = [
      [r.mean, 6.1875],
      [r.se, 0.781125],
      [r.ciLower, 4.522571],
      [r.ciUpper, 7.852429],
      [r.variance, 9.7625],
      [r.q1, 3.25],
      [r.median, 6.5],
      [r.q3, 8.75],
      [r.skewness ?? Number.NaN, 0.041272],
      [r.skewnessSe ?? Number.NaN, 0.564308],
      [r.kurtosis ?? Number.NaN, -0.965966],
      [r.kurtosisSe ?? Number.NaN, 1.090774],
    ];
    for (const [actual, reference] of expected) expect(printedAs(actual, reference, 6)).toBe(true);
    expect(descriptives([1, 2], [-1, 1])).toMatchObject({ ok: false, reason: "bad-argument" });
    expect(descriptives([1, 2], [1])).toMatchObject({ ok: false, reason: "bad-argument" });
  });

  it("HAVERAGE equals R's quantile type 6 (R doc ?quantile: x = 1..10, type 6 → 2.75, 5.5, 8.25)", () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentileHaverage(x, 0.25)).toBeCloseTo(2.75, 10);
    expect(percentileHaverage(x, 0.5)).toBeCloseTo(5.5, 10);
    expect(percentileHaverage(x, 0.75)).toBeCloseTo(8.25, 10);
  });
});
