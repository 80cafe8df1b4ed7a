import { describe, expect, it } from "vitest";
import { hp, mpg, wt } from "./mtcars.fixture.ts";
import { linearRegression } from "./regression.ts";
import { printedAs, sameSignificant, unwrap } from "./test-helpers.ts";

describe("linearRegression on mtcars", () => {
  it("R summary(lm(mpg ~ wt)): 37.2851 (1.8776), -5.3445 (0.5591), R² 0.7528, adj 0.7446, F 91.38", () => {
    const r = unwrap(linearRegression(mpg, [wt]));
    const [b0, b1] = r.coefficients;
    expect(printedAs(b0?.b ?? 0, 37.2851, 4)).toBe(true);
    expect(printedAs(b0?.se ?? 0, 1.8776, 4)).toBe(true);
    expect(printedAs(b0?.t ?? 0, 19.858, 3)).toBe(true);
    expect(printedAs(b1?.b ?? 0, -5.3445, 4)).toBe(true);
    expect(printedAs(b1?.se ?? 0, 0.5591, 4)).toBe(true);
    expect(printedAs(b1?.t ?? 0, -9.559, 3)).toBe(true);
    expect(sameSignificant(b1?.p ?? 0, 1.29e-10, 3)).toBe(true);
    expect(printedAs(r.rSquared, 0.7528, 4)).toBe(true);
    expect(printedAs(r.adjustedRSquared, 0.7446, 4)).toBe(true);
    expect(printedAs(r.residualSe, 3.046, 3)).toBe(true);
    expect(printedAs(r.f, 91.38, 2)).toBe(true);
    expect(r.dfResidual).toBe(30);
    // With one predictor the standardized Beta is Pearson's r (R: cor = -0.8676594).
    expect(printedAs(b1?.beta ?? 0, -0.8676594, 7)).toBe(true);
    expect(b1?.vif).toBe(1);
  });
  it("R summary(lm(mpg ~ wt + hp)) and car::vif", () => {
    const r = unwrap(linearRegression(mpg, [wt, hp]));
    const [b0, bw, bh] = r.coefficients;
    expect(printedAs(b0?.b ?? 0, 37.22727, 5)).toBe(true);
    expect(printedAs(b0?.se ?? 0, 1.59879, 5)).toBe(true);
    expect(printedAs(bw?.b ?? 0, -3.87783, 5)).toBe(true);
    expect(printedAs(bw?.se ?? 0, 0.63273, 5)).toBe(true);
    expect(sameSignificant(bw?.p ?? 0, 1.12e-6, 3)).toBe(true);
    expect(printedAs(bh?.b ?? 0, -0.03177, 5)).toBe(true);
    expect(printedAs(bh?.se ?? 0, 0.00903, 5)).toBe(true);
    expect(printedAs(bh?.p ?? 0, 0.00145, 5)).toBe(true);
    expect(printedAs(r.rSquared, 0.8268, 4)).toBe(true);
    expect(printedAs(r.adjustedRSquared, 0.8148, 4)).toBe(true);
    expect(printedAs(r.f, 69.21, 2)).toBe(true);
    expect(sameSignificant(r.p, 9.109e-12, 4)).toBe(true);
    // VIF = 1/(1 − r²(wt, hp)) with r = 0.6587479 → 1.766625 for both predictors.
    expect(printedAs(bw?.vif ?? 0, 1.766625, 6)).toBe(true);
    expect(printedAs(bh?.vif ?? 0, 1.766625, 6)).toBe(true);
  });
  it("drops incomplete cases and refuses collinear or degenerate designs", () => {
    const r = unwrap(linearRegression([...mpg, null, 3], [[...wt, 1, null]]));
    expect(r.n).toBe(32);
    expect(linearRegression(mpg, [wt, wt.map((w) => 2 * w + 1)])).toMatchObject({
      ok: false,
      reason: "collinear",
    });
    expect(linearRegression([1, 2, 3], [[1, 2, 3]])).toMatchObject({ ok: false, reason: "perfect-fit" });
    expect(linearRegression([1, 2], [[1, 2]])).toMatchObject({ ok: false, reason: "too-few-values" });
    expect(linearRegression([1, 2, 3, 4], [[1, 1, 1, 1]])).toMatchObject({
      ok: false,
      reason: "zero-variance",
    });
  });
});
