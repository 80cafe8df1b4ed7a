import { describe, expect, it } from "vitest";
import { independentTTest, pairedTTest } from "./t-tests.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

// R's datasets::sleep (Cushny & Peebles): extra hours of sleep, group 1 and group 2 (same 10 patients).
const sleep1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const sleep2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

// R's datasets::PlantGrowth, ctrl and trt1.
const ctrl = [4.17, 5.58, 5.18, 6.11, 4.5, 4.61, 5.17, 4.53, 5.33, 5.14];
const trt1 = [4.81, 4.17, 4.41, 3.59, 5.87, 3.83, 6.03, 4.89, 4.32, 4.69];

describe("independentTTest", () => {
  it("R ?t.test sleep: Welch t = -1.8608, df = 17.776, p = 0.07939, CI -3.3654832 0.2054832", () => {
    const r = unwrap(independentTTest(sleep1, sleep2));
    expect(printedAs(r.welch.t, -1.8608, 4)).toBe(true);
    expect(printedAs(r.welch.df, 17.776, 3)).toBe(true);
    expect(printedAs(r.welch.p, 0.07939, 5)).toBe(true);
    expect(printedAs(r.welch.ciLower, -3.3654832, 7)).toBe(true);
    expect(printedAs(r.welch.ciUpper, 0.2054832, 7)).toBe(true);
  });
  it("R t.test(var.equal = TRUE) sleep: t = -1.8608, df = 18, p = 0.07919", () => {
    const r = unwrap(independentTTest(sleep1, sleep2));
    expect(printedAs(r.student.t, -1.8608, 4)).toBe(true);
    expect(r.student.df).toBe(18);
    expect(printedAs(r.student.p, 0.07919, 5)).toBe(true);
  });
  it("PSPP T-TEST on PlantGrowth ctrl vs trt1, including Levene (mean-based)", () => {
    // PSPP 1.6.2, SET FORMAT=F12.6: Levene F .531050 Sig .476; t 1.191260 df 18 Sig .249, CI -.283300 1.025300;
    // Welch df 16.523585, Sig .250, CI -.287516 1.029516; SE difference .311435.
    const r = unwrap(independentTTest(ctrl, trt1));
    expect(printedAs(r.levene?.f ?? 0, 0.53105, 6)).toBe(true);
    expect(printedAs(r.levene?.p ?? 0, 0.476, 3)).toBe(true);
    expect(printedAs(r.student.t, 1.19126, 6)).toBe(true);
    expect(printedAs(r.student.p, 0.249, 3)).toBe(true);
    expect(printedAs(r.student.seDifference, 0.311435, 6)).toBe(true);
    expect(printedAs(r.student.ciLower, -0.2833, 6)).toBe(true);
    expect(printedAs(r.student.ciUpper, 1.0253, 6)).toBe(true);
    expect(printedAs(r.welch.df, 16.523585, 6)).toBe(true);
    expect(printedAs(r.welch.p, 0.25, 3)).toBe(true);
    expect(printedAs(r.welch.ciLower, -0.287516, 6)).toBe(true);
    expect(printedAs(r.welch.ciUpper, 1.029516, 6)).toBe(true);
  });
  it("returns typed errors for small groups, infinities and constant data", () => {
    expect(independentTTest([1], [2, 3])).toMatchObject({
      ok: false,
      reason: "too-few-values",
      message: "每组至少需要2个有效值",
    });
    expect(independentTTest([1, null, Number.NaN], [2, 3])).toMatchObject({ ok: false });
    expect(independentTTest([1, Number.POSITIVE_INFINITY], [2, 3])).toMatchObject({ reason: "non-finite" });
    expect(independentTTest([1, 1], [2, 2])).toMatchObject({ reason: "zero-variance" });
  });
});

describe("pairedTTest", () => {
  it("R ?t.test sleep paired: t = -4.0621, df = 9, p = 0.002833, CI -2.4598858 -0.7001142", () => {
    const r = unwrap(pairedTTest(sleep1, sleep2));
    expect(printedAs(r.t, -4.0621, 4)).toBe(true);
    expect(r.df).toBe(9);
    expect(printedAs(r.p, 0.002833, 6)).toBe(true);
    expect(printedAs(r.ciLower, -2.4598858, 7)).toBe(true);
    expect(printedAs(r.ciUpper, -0.7001142, 7)).toBe(true);
    expect(r.meanDifference).toBeCloseTo(-1.58, 10);
  });
  it("uses only complete pairs and rejects mismatched lengths", () => {
    const r = unwrap(pairedTTest([...sleep1, 5, null], [...sleep2, null, 7]));
    expect(r.n).toBe(10);
    expect(pairedTTest([1, 2], [1])).toMatchObject({ ok: false, reason: "length-mismatch" });
    expect(pairedTTest([1, 2, 3], [2, 3, 4])).toMatchObject({ ok: false, reason: "zero-variance" });
  });
});
