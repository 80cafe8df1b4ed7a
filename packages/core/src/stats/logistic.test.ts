import { describe, expect, it } from "vitest";
import { logisticRegression } from "./logistic.ts";
import { am, hp, wt } from "./mtcars.fixture.ts";
import { printedAs, sameSignificant, unwrap } from "./test-helpers.ts";

// Reference: PSPP 1.6.2 `LOGISTIC REGRESSION am WITH wt hp /PRINT=CI(95).` on R's mtcars (SET FORMAT=F12.6),
// and R 4.2 glm(am ~ wt + hp, family = binomial): B 18.86629871720, −8.08347518244, 0.03625559608; SE
// 7.44355806021, 3.06867511305, 0.01773415365; residual deviance 10.05911047, null deviance 43.22973328.
describe("logisticRegression (PSPP LOGISTIC REGRESSION, R glm binomial)", () => {
  const r = unwrap(logisticRegression(am, [wt, hp]));

  it("coefficients, Wald tests and Exp(B) with their intervals", () => {
    const [constant, weight, power] = r.coefficients;
    expect(constant?.term).toBe("intercept");
    expect(printedAs(constant?.b ?? 0, 18.8662987172, 8)).toBe(true);
    // Standard errors agree with R's and PSPP's to 6 significant digits; those two differ from each other in
    // the 7th (R takes the information matrix at the last iteration's weights, PSPP stops at a looser
    // criterion); here it is taken at the converged estimate.
    expect(sameSignificant(constant?.se ?? 0, 7.44356, 6)).toBe(true);
    expect(printedAs(weight?.b ?? 0, -8.08347518244, 8)).toBe(true);
    expect(sameSignificant(weight?.se ?? 0, 3.06868, 6)).toBe(true);
    expect(printedAs(power?.b ?? 0, 0.03625559608, 10)).toBe(true);
    expect(sameSignificant(power?.se ?? 0, 0.0177342, 6)).toBe(true);
    expect(printedAs(constant?.wald ?? 0, 6.4241, 4)).toBe(true);
    expect(printedAs(weight?.wald ?? 0, 6.939, 3)).toBe(true);
    expect(printedAs(power?.wald ?? 0, 4.1795, 4)).toBe(true);
    expect(printedAs(weight?.p ?? 0, 0.008434, 6)).toBe(true);
    expect(printedAs(power?.p ?? 0, 0.040915, 6)).toBe(true);
    expect(printedAs(weight?.expB ?? 0, 0.000309, 6)).toBe(true);
    expect(printedAs(power?.expB ?? 0, 1.036921, 6)).toBe(true);
    expect(printedAs(power?.expLower ?? 0, 1.001498, 6)).toBe(true);
    expect(printedAs(power?.expUpper ?? 0, 1.073596, 6)).toBe(true);
    expect(printedAs(weight?.expUpper ?? 0, 0.126314, 6)).toBe(true);
  });

  it("model summary, omnibus test and classification table", () => {
    expect(r.n).toBe(32);
    expect(r.events).toBe(13);
    expect(printedAs(r.minus2LogLikelihood, 10.05911047, 8)).toBe(true);
    expect(printedAs(r.nullMinus2LogLikelihood, 43.22973328, 8)).toBe(true);
    expect(printedAs(r.modelChiSquare, 43.22973328 - 10.05911047, 7)).toBe(true);
    expect(r.modelDf).toBe(2);
    expect(printedAs(r.coxSnellR2, 0.645335, 6)).toBe(true);
    expect(printedAs(r.nagelkerkeR2, 0.870897, 6)).toBe(true);
    expect(r.classification).toEqual([
      [18, 1],
      [1, 12],
    ]);
    expect(printedAs(r.percentCorrect, 93.8, 1)).toBe(true);
  });

  it("drops incomplete cases and says what cannot be estimated, in Chinese", () => {
    const withMissing = unwrap(
      logisticRegression(
        [...am, null, 1],
        [
          [...wt, 3, null],
          [...hp, 100, 120],
        ],
      ),
    );
    expect(withMissing.n).toBe(32);
    expect(printedAs(withMissing.minus2LogLikelihood, 10.05911047, 8)).toBe(true);
    expect(logisticRegression([0, 1, 2, 1], [[1, 2, 3, 4]])).toMatchObject({
      ok: false,
      reason: "bad-argument",
    });
    expect(logisticRegression([1, 1, 1, 1], [[1, 2, 3, 4]])).toMatchObject({
      ok: false,
      reason: "zero-variance",
    });
    // x below 3 always 0, above always 1: complete separation.
    const separated = logisticRegression([0, 0, 0, 1, 1, 1], [[1, 2, 2.5, 3.5, 4, 5]]);
    expect(separated).toMatchObject({ ok: false, reason: "perfect-fit" });
    expect(separated.ok ? "" : separated.message).toContain("完全分离");
  });
});
