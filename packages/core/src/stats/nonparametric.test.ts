import { describe, expect, it } from "vitest";
import { kruskalWallis, mannWhitneyU } from "./nonparametric.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

const ctrl = [4.17, 5.58, 5.18, 6.11, 4.5, 4.61, 5.17, 4.53, 5.33, 5.14];
const trt1 = [4.81, 4.17, 4.41, 3.59, 5.87, 3.83, 6.03, 4.89, 4.32, 4.69];
const trt2 = [6.31, 5.12, 5.54, 5.5, 5.37, 5.29, 4.92, 6.15, 5.8, 5.26];

describe("mannWhitneyU", () => {
  it("PSPP NPAR TESTS /M-W on PlantGrowth ctrl vs trt1 (one tie): U 32.5, W 87.5, Z -1.323373, p .186", () => {
    const r = unwrap(mannWhitneyU(ctrl, trt1));
    expect(r.u).toBe(32.5);
    expect(r.w).toBe(87.5);
    expect(r.meanRank1).toBe(12.25);
    expect(r.meanRank2).toBe(8.75);
    expect(printedAs(r.z, -1.323373, 6)).toBe(true);
    expect(printedAs(r.p, 0.186, 3)).toBe(true);
  });
  it("R wilcox.test(extra ~ group, sleep, exact = FALSE): W = 25.5, p-value = 0.06933 (with continuity)", () => {
    const g1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
    const g2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
    const r = unwrap(mannWhitneyU(g1, g2, { continuityCorrection: true }));
    expect(r.u1).toBe(25.5);
    expect(printedAs(r.p, 0.06933, 5)).toBe(true);
  });
  it("PSPP NPAR TESTS /M-W with unequal groups: U 5, W 15 (rank sum of the group whose U is reported)", () => {
    // PSPP 1.6.2: mean ranks 3.75 / 7.285714, U 5.000000, W 15.000000, Z -1.700840, Sig .089.
    const r = unwrap(mannWhitneyU([1, 3, 4, 7], [2, 5, 6, 8, 9, 10, 11]));
    expect(r.u).toBe(5);
    expect(r.w).toBe(15);
    expect(printedAs(r.meanRank2, 7.285714, 6)).toBe(true);
    expect(printedAs(r.z, -1.70084, 6)).toBe(true);
    expect(printedAs(r.p, 0.089, 3)).toBe(true);
  });
  it("refuses all-equal data", () => {
    expect(mannWhitneyU([1, 1], [1, 1])).toMatchObject({ ok: false, reason: "zero-variance" });
  });
});

describe("kruskalWallis", () => {
  it("R ?kruskal.test (Hollander & Wolfe 1973, p. 116): chi-squared = 0.77143, df = 2, p-value = 0.68", () => {
    const x = [2.9, 3.0, 2.5, 2.6, 3.2];
    const y = [3.8, 2.7, 4.0, 2.4];
    const z = [2.8, 3.4, 3.7, 2.2, 2.0];
    const r = unwrap(kruskalWallis([x, y, z]));
    expect(printedAs(r.h, 0.77143, 5)).toBe(true);
    expect(r.df).toBe(2);
    expect(printedAs(r.p, 0.68, 2)).toBe(true);
  });
  it("R kruskal.test(weight ~ group, PlantGrowth): 7.9882, df = 2, p = 0.01842; PSPP mean ranks", () => {
    const r = unwrap(kruskalWallis([ctrl, trt1, trt2]));
    expect(printedAs(r.h, 7.9882, 4)).toBe(true);
    expect(printedAs(r.p, 0.01842, 5)).toBe(true);
    expect(r.meanRanks).toEqual([14.75, 10.35, 21.4]);
  });
  it("refuses a single group", () => {
    expect(kruskalWallis([[1, 2, 3], [null]])).toMatchObject({ ok: false, reason: "too-few-groups" });
  });
});
