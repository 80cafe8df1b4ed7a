import { describe, expect, it } from "vitest";
import { correlationMatrix, pearson, spearman } from "./correlation.ts";
import { mean } from "./descriptives.ts";
import { hp, mpg, wt } from "./mtcars.fixture.ts";
import { printedAs, sameSignificant, unwrap } from "./test-helpers.ts";

describe("correlations on mtcars", () => {
  it("fixture matches R's printed means", () => {
    expect(printedAs(mean(mpg), 20.09062, 5)).toBe(true);
    expect(printedAs(mean(wt), 3.21725, 5)).toBe(true);
    expect(printedAs(mean(hp), 146.6875, 4)).toBe(true);
  });
  it("R cor.test(mtcars$mpg, mtcars$wt): r = -0.8676594, t = -9.559, df = 30, p = 1.294e-10", () => {
    const r = unwrap(pearson(mpg, wt));
    expect(printedAs(r.r, -0.8676594, 7)).toBe(true);
    expect(r.n).toBe(32);
    expect(sameSignificant(r.p, 1.294e-10, 4)).toBe(true);
  });
  it("R cor.test(mpg, wt, method = 'spearman') (ties → t approximation): rho = -0.886422, p = 1.488e-11", () => {
    const r = unwrap(spearman(mpg, wt));
    expect(printedAs(r.r, -0.886422, 6)).toBe(true);
    expect(sameSignificant(r.p, 1.488e-11, 4)).toBe(true);
  });
  it("matrix uses pairwise deletion; R cor(mtcars$wt, mtcars$hp) = 0.6587479", () => {
    const m = correlationMatrix([mpg, wt, [...hp.slice(0, 31), null]]);
    expect(m[1]?.[2]).toMatchObject({ ok: true, n: 31 });
    const full = unwrap(correlationMatrix([wt, hp])[0]?.[1] ?? pearson([], []));
    expect(printedAs(full.r, 0.6587479, 7)).toBe(true);
    expect(m[0]?.[0]).toMatchObject({ ok: true, r: 1 });
  });
  it("returns typed errors", () => {
    expect(pearson([1, 2, 3], [1, 1, 1])).toMatchObject({ ok: false, reason: "zero-variance" });
    expect(pearson([1, 2], [1, 2])).toMatchObject({ ok: false, reason: "too-few-values" });
    expect(pearson([1, 2, 3], [1, 2])).toMatchObject({ ok: false, reason: "length-mismatch" });
  });
});
