import { describe, expect, it } from "vitest";
import { oneWayAnova } from "./anova.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

// R's datasets::PlantGrowth: weight by group (ctrl, trt1, trt2).
const ctrl = [4.17, 5.58, 5.18, 6.11, 4.5, 4.61, 5.17, 4.53, 5.33, 5.14];
const trt1 = [4.81, 4.17, 4.41, 3.59, 5.87, 3.83, 6.03, 4.89, 4.32, 4.69];
const trt2 = [6.31, 5.12, 5.54, 5.5, 5.37, 5.29, 4.92, 6.15, 5.8, 5.26];

describe("oneWayAnova on PlantGrowth", () => {
  const r = unwrap(oneWayAnova([ctrl, trt1, trt2]));
  it("R anova(lm(weight ~ group)): SS 3.7663 / 10.4921, F = 4.8461, p = 0.01591", () => {
    expect(printedAs(r.ssBetween, 3.7663, 4)).toBe(true);
    expect(printedAs(r.ssWithin, 10.4921, 4)).toBe(true);
    expect(r.dfBetween).toBe(2);
    expect(r.dfWithin).toBe(27);
    expect(printedAs(r.msBetween, 1.8832, 4)).toBe(true);
    expect(printedAs(r.msWithin, 0.3886, 4)).toBe(true);
    expect(printedAs(r.f, 4.8461, 4)).toBe(true);
    expect(printedAs(r.p, 0.01591, 5)).toBe(true);
    expect(r.etaSquared).toBeCloseTo(3.76634 / 14.25843, 5);
  });
  it("R TukeyHSD(aov(weight ~ group)): diff, lwr, upr, p adj", () => {
    const rows: [number, number, number, number, number, number][] = [
      // i, j, diff, lwr, upr, p adj  (trt1-ctrl, trt2-ctrl, trt2-trt1)
      [1, 0, -0.371, -1.0622161, 0.3202161, 0.390871],
      [2, 0, 0.494, -0.1972161, 1.1852161, 0.197996],
      [2, 1, 0.865, 0.1737839, 1.5562161, 0.0120064],
    ];
    for (const [i, j, diff, lwr, upr, p] of rows) {
      const row = r.tukey.find((t) => t.i === i && t.j === j);
      expect(row).toBeDefined();
      expect(printedAs(row?.meanDifference ?? 0, diff, 7)).toBe(true);
      expect(printedAs(row?.ciLower ?? 0, lwr, 7)).toBe(true);
      expect(printedAs(row?.ciUpper ?? 0, upr, 7)).toBe(true);
      expect(printedAs(row?.p ?? 0, p, 6)).toBe(true);
      // PSPP ONEWAY Std. Error .278782
      expect(printedAs(row?.se ?? 0, 0.278782, 6)).toBe(true);
    }
  });
  it("PSPP ONEWAY /POSTHOC=BONFERRONI and Levene statistic", () => {
    // PSPP 1.6.2 (SET FORMAT=F12.6): 1−2 Sig .583 CI -.340579 1.082579; 1−3 Sig .263; 2−3 Sig .013
    // CI -1.576579 -.153421; Levene 1.236963 (2, 27) Sig .306.
    const b10 = r.bonferroni.find((t) => t.i === 1 && t.j === 0);
    const b20 = r.bonferroni.find((t) => t.i === 2 && t.j === 0);
    const b21 = r.bonferroni.find((t) => t.i === 2 && t.j === 1);
    expect(printedAs(b10?.p ?? 0, 0.583, 3)).toBe(true);
    expect(printedAs(-(b10?.ciUpper ?? 0), -0.340579, 6)).toBe(true);
    expect(printedAs(-(b10?.ciLower ?? 0), 1.082579, 6)).toBe(true);
    expect(printedAs(b20?.p ?? 0, 0.263, 3)).toBe(true);
    expect(printedAs(b21?.p ?? 0, 0.013, 3)).toBe(true);
    expect(printedAs(-(b21?.ciUpper ?? 0), -1.576579, 6)).toBe(true);
    expect(printedAs(-(b21?.ciLower ?? 0), -0.153421, 6)).toBe(true);
    expect(printedAs(r.levene?.f ?? 0, 1.236963, 6)).toBe(true);
    expect(printedAs(r.levene?.p ?? 0, 0.306, 3)).toBe(true);
  });
  it("returns typed errors", () => {
    expect(oneWayAnova([ctrl])).toMatchObject({ ok: false, reason: "too-few-groups" });
    expect(oneWayAnova([ctrl, [1]])).toMatchObject({ ok: false, message: "每组至少需要2个有效值" });
    expect(
      oneWayAnova([
        [1, 1],
        [2, 2],
      ]),
    ).toMatchObject({ ok: false, reason: "zero-variance" });
  });
});
