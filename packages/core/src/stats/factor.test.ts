import { describe, expect, it } from "vitest";
import { mean } from "./descriptives.ts";
import { factorAnalysis, symmetricEigen, varimax, varimaxCriterion } from "./factor.ts";
import { hp, mpg, wt } from "./mtcars.fixture.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

// The other eight columns of R's datasets::mtcars, in R's row order (mpg, hp and wt come from the fixture).
const cyl = [6, 6, 4, 6, 8, 6, 8, 4, 4, 6, 6, 8, 8, 8, 8, 8, 8, 4, 4, 4, 4, 8, 8, 8, 8, 4, 4, 4, 8, 6, 8, 4];
const disp = [
  160, 160, 108, 258, 360, 225, 360, 146.7, 140.8, 167.6, 167.6, 275.8, 275.8, 275.8, 472, 460, 440, 78.7,
  75.7, 71.1, 120.1, 318, 304, 350, 400, 79, 120.3, 95.1, 351, 145, 301, 121,
];
const drat = [
  3.9, 3.9, 3.85, 3.08, 3.15, 2.76, 3.21, 3.69, 3.92, 3.92, 3.92, 3.07, 3.07, 3.07, 2.93, 3.0, 3.23, 4.08,
  4.93, 4.22, 3.7, 2.76, 3.15, 3.73, 3.08, 4.08, 4.43, 3.77, 4.22, 3.62, 3.54, 4.11,
];
const qsec = [
  16.46, 17.02, 18.61, 19.44, 17.02, 20.22, 15.84, 20.0, 22.9, 18.3, 18.9, 17.4, 17.6, 18.0, 17.98, 17.82,
  17.42, 19.47, 18.52, 19.9, 20.01, 16.87, 17.3, 15.41, 17.05, 18.9, 16.7, 16.9, 14.5, 15.5, 14.6, 18.6,
];
const vs = [0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1];
const am = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1];
const gear = [4, 4, 4, 3, 3, 3, 3, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 4, 4, 4, 3, 3, 3, 3, 3, 4, 5, 5, 5, 5, 5, 4];
const carb = [4, 4, 1, 1, 2, 1, 4, 2, 2, 4, 4, 3, 3, 3, 4, 4, 4, 1, 2, 1, 1, 2, 2, 4, 2, 1, 2, 2, 4, 6, 8, 2];
const mtcars = [mpg, cyl, disp, hp, drat, wt, qsec, vs, am, gear, carb];

function expectMatrix(actual: number[][] | null, expected: number[][], decimals: number, signs?: number[]) {
  if (actual === null) throw new Error("expected a matrix");
  expect(actual.length).toBe(expected.length);
  expected.forEach((row, i) => {
    row.forEach((v, j) => {
      const got = actual[i]?.[j] ?? Number.NaN;
      const want = v * (signs?.[j] ?? 1);
      if (!printedAs(got, want, decimals)) throw new Error(`[${i}][${j}]: got ${got}, want ${want}`);
    });
  });
}

describe("symmetricEigen (Jacobi)", () => {
  it("the second-difference matrix tridiag(−1, 2, −1) of order 3: eigenvalues 2 + √2, 2, 2 − √2", () => {
    const a = [
      [2, -1, 0],
      [-1, 2, -1],
      [0, -1, 2],
    ];
    const { values, vectors } = symmetricEigen(a);
    expect(values[0]).toBeCloseTo(2 + Math.SQRT2, 13);
    expect(values[1]).toBeCloseTo(2, 13);
    expect(values[2]).toBeCloseTo(2 - Math.SQRT2, 13);
    // A v = λ v and VᵀV = I.
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) {
        const av = a[i]?.reduce((s, x, m) => s + x * (vectors[m]?.[j] ?? 0), 0) ?? 0;
        expect(av).toBeCloseTo((values[j] ?? 0) * (vectors[i]?.[j] ?? 0), 12);
      }
      for (let l = 0; l < 3; l++) {
        const dot = vectors.reduce((s, row) => s + (row[j] ?? 0) * (row[l] ?? 0), 0);
        expect(dot).toBeCloseTo(j === l ? 1 : 0, 12);
      }
    }
  });
});

describe("factorAnalysis on mtcars (all 11 variables)", () => {
  it("fixture columns match R's printed means", () => {
    expect(printedAs(mean(cyl), 6.1875, 4)).toBe(true);
    expect(printedAs(mean(disp), 230.7219, 4)).toBe(true);
    expect(printedAs(mean(drat), 3.596563, 6)).toBe(true);
    expect(printedAs(mean(qsec), 17.84875, 5)).toBe(true);
    expect(printedAs(mean(vs), 0.4375, 4)).toBe(true);
    expect(printedAs(mean(am), 0.40625, 5)).toBe(true);
    expect(printedAs(mean(gear), 3.6875, 4)).toBe(true);
    expect(printedAs(mean(carb), 2.8125, 4)).toBe(true);
  });

  const two = unwrap(factorAnalysis(mtcars));

  // Reference: PSPP 1.6.2, SET FORMAT=F12.6, DATA LIST FREE of the same 32 × 11 values,
  // FACTOR VARIABLES=mpg cyl disp hp drat wt qsec vs am gear carb /EXTRACTION=PC /ROTATION=VARIMAX
  // /PRINT=INITIAL EXTRACTION ROTATION KMO DET AIC /CRITERIA=MINEIGEN(1) ITERATE(100) (or FACTORS(3)).
  // Precision: the six decimals PSPP prints, except where a test says otherwise.
  it("PSPP Total Variance Explained: % of variance and cumulative % (1 decimal, as printed)", () => {
    const percent = [60.1, 24.1, 5.7, 2.5, 2.0, 1.9, 1.2, 1.1, 0.7, 0.5, 0.2];
    const cumulative = [60.1, 84.2, 89.9, 92.3, 94.4, 96.3, 97.5, 98.6, 99.3, 99.8, 100.0];
    expect(two.eigenvalues).toHaveLength(11);
    percent.forEach((v, i) => {
      expect(printedAs(two.varianceExplained[i] ?? 0, v, 1)).toBe(true);
      expect(printedAs(two.cumulative[i] ?? 0, cumulative[i] ?? 0, 1)).toBe(true);
    });
    expect(two.cumulative[10]).toBeCloseTo(100, 10);
  });

  it("PSPP KMO and Bartlett's test: KMO .826554, χ² 408.011635, df 55, Sig. .000 (6 decimals)", () => {
    expect(two.n).toBe(32);
    expect(printedAs(two.kmo ?? 0, 0.826554, 6)).toBe(true);
    expect(printedAs(two.bartlett?.chiSquare ?? 0, 408.011635, 6)).toBe(true);
    expect(two.bartlett?.df).toBe(55);
    expect(two.bartlett?.p ?? 1).toBeLessThan(0.0005);
    // PSPP's anti-image correlation diagonal is each variable's MSA.
    const msa = [
      0.927569, 0.896589, 0.764736, 0.838613, 0.949721, 0.741047, 0.740095, 0.906695, 0.877808, 0.846989,
      0.621122,
    ];
    msa.forEach((m, i) => {
      expect(printedAs(two.kmoPerVariable[i] ?? 0, m, 6)).toBe(true);
    });
  });

  it("PSPP eigenvalues, communalities and component matrix, two components by eigenvalue > 1 (6 decimals)", () => {
    const initial = [
      6.6084, 2.650468, 0.627197, 0.269597, 0.223451, 0.211596, 0.135262, 0.122901, 0.077047, 0.052035,
      0.022044,
    ];
    initial.forEach((l, i) => {
      expect(printedAs(two.eigenvalues[i] ?? 0, l, 6)).toBe(true);
    });
    expect(two.factors).toBe(2);
    const communalities = [
      0.86922, 0.929013, 0.902285, 0.88395, 0.771788, 0.845832, 0.834642, 0.763079, 0.853517, 0.849515,
      0.756027,
    ];
    communalities.forEach((h, i) => {
      expect(printedAs(two.communalities[i] ?? 0, h, 6)).toBe(true);
    });
    // PSPP's signs happen to follow our convention (largest |loading| of each column positive).
    expectMatrix(
      two.loadings,
      [
        [-0.93195, -0.026251],
        [0.961219, -0.071216],
        [0.946487, 0.080301],
        [0.848471, -0.405027],
        [-0.756169, -0.447209],
        [0.889721, 0.23287],
        [-0.515309, 0.754386],
        [-0.787943, 0.377127],
        [-0.603963, -0.699103],
        [-0.531916, -0.752715],
        [0.550171, -0.673304],
      ],
      6,
    );
  });

  it("PSPP rotated component matrix (varimax, Kaiser normalisation), 6 decimals; rotation sums 4.673060, 4.585808", () => {
    // PSPP leaves qsec at −.899619 in column 2; our convention reflects that column.
    expectMatrix(
      two.rotated,
      [
        [0.684569, -0.632918],
        [-0.637336, 0.72306],
        [-0.732756, 0.604445],
        [-0.323314, 0.882847],
        [0.853274, -0.209075],
        [-0.798863, 0.455686],
        [-0.159146, -0.899619],
        [0.299554, -0.820577],
        [0.920609, 0.077427],
        [0.906595, 0.166133],
        [0.077527, 0.866035],
      ],
      6,
      [1, -1],
    );
    expect(printedAs(((two.rotatedVariance?.[0] ?? 0) * 11) / 100, 4.67306, 6)).toBe(true);
    expect(printedAs(((two.rotatedVariance?.[1] ?? 0) * 11) / 100, 4.585808, 6)).toBe(true);
  });

  it("PSPP with /CRITERIA=FACTORS(3): communalities and loadings 6 decimals, rotated 4 decimals", () => {
    const three = unwrap(factorAnalysis(mtcars, { factors: 3 }));
    expect(three.factors).toBe(3);
    const communalities = [
      0.901183, 0.94829, 0.904656, 0.896245, 0.788084, 0.919114, 0.93659, 0.878409, 0.880072, 0.902182,
      0.93124,
    ];
    communalities.forEach((h, i) => {
      expect(printedAs(three.communalities[i] ?? 0, h, 6)).toBe(true);
    });
    expectMatrix(
      three.loadings.map((row) => [row[2] ?? 0]),
      [
        [-0.17878],
        [-0.138839],
        [-0.048693],
        [0.110886],
        [0.127655],
        [0.270706],
        [0.319293],
        [0.339604],
        [-0.162958],
        [0.229493],
        [0.418585],
      ],
      6,
    );
    // PSPP stops rotating once the criterion barely changes, so its loadings sit within about 1e-5 of the
    // converged optimum we iterate to: compared at 4 decimals. Its column 1 (qsec −.907508) is reflected here.
    expectMatrix(
      three.rotated,
      [
        [-0.408679, 0.663972, -0.541576],
        [0.671216, -0.617535, 0.341187],
        [0.523851, -0.715389, 0.344173],
        [0.642954, -0.296363, 0.628509],
        [-0.25801, 0.848162, -0.046218],
        [0.213789, -0.782373, 0.511175],
        [-0.907508, -0.181763, -0.282809],
        [-0.864357, 0.279227, -0.230929],
        [0.144581, 0.920677, -0.107339],
        [-0.020918, 0.91343, 0.259596],
        [0.437406, 0.10708, 0.853493],
      ],
      4,
      [-1, 1, 1],
    );
    [3.200984, 4.557782, 2.127299].forEach((total, j) => {
      expect(printedAs(((three.rotatedVariance?.[j] ?? 0) * 11) / 100, total, 4)).toBe(true);
    });
  });

  it("varimax invariants: orthogonal (same communalities and LLᵀ), criterion not lower than unrotated", () => {
    const three = unwrap(factorAnalysis(mtcars, { factors: 3 }));
    const rotated = three.rotated ?? [];
    rotated.forEach((row, i) => {
      expect(row.reduce((s, x) => s + x * x, 0)).toBeCloseTo(three.communalities[i] ?? 0, 12);
      rotated.forEach((other, m) => {
        const rr = row.reduce((s, x, j) => s + x * (other[j] ?? 0), 0);
        const ll = (three.loadings[i] ?? []).reduce((s, x, j) => s + x * (three.loadings[m]?.[j] ?? 0), 0);
        expect(rr).toBeCloseTo(ll, 12);
      });
    });
    expect(varimaxCriterion(rotated)).toBeGreaterThan(varimaxCriterion(three.loadings));
    // Rotating the rotated solution again changes nothing (it is a fixed point).
    const again = varimax(rotated);
    again.forEach((row, i) => {
      row.forEach((x, j) => {
        expect(x).toBeCloseTo(rotated[i]?.[j] ?? 0, 9);
      });
    });
  });
});

describe("factorAnalysis, hand-computable cases and errors", () => {
  it("two variables with r = 0.8: eigenvalues 1 ± r, loadings √((1 + r)/2), KMO 0.5, Bartlett −(n − 1 − 9/6) ln(1 − r²)", () => {
    // x = 1..5, y = 2 1 4 3 5: Σdxdy = 8, Σdx² = Σdy² = 10, so r = 0.8.
    const r = unwrap(
      factorAnalysis([
        [1, 2, 3, 4, 5],
        [2, 1, 4, 3, 5],
      ]),
    );
    expect(r.eigenvalues[0]).toBeCloseTo(1.8, 12);
    expect(r.eigenvalues[1]).toBeCloseTo(0.2, 12);
    expect(r.varianceExplained[0]).toBeCloseTo(90, 10);
    expect(r.cumulative[1]).toBeCloseTo(100, 10);
    expect(r.factors).toBe(1);
    expect(r.loadings[0]?.[0]).toBeCloseTo(Math.sqrt(0.9), 12);
    expect(r.loadings[1]?.[0]).toBeCloseTo(Math.sqrt(0.9), 12);
    expect(r.communalities[0]).toBeCloseTo(0.9, 12);
    expect(r.rotated).toBeNull();
    expect(r.rotatedVariance).toBeNull();
    // With two variables the partial correlation is r itself, so every MSA is r²/(r² + r²) = 0.5.
    expect(r.kmo).toBeCloseTo(0.5, 12);
    expect(r.kmoPerVariable[1]).toBeCloseTo(0.5, 12);
    expect(r.bartlett?.chiSquare).toBeCloseTo(-2.5 * Math.log(0.36), 12);
    expect(r.bartlett?.df).toBe(1);
  });

  it("a singular correlation matrix (one variable the sum of two others): no KMO or Bartlett, components still", () => {
    const sum = mpg.map((m, i) => m + (wt[i] ?? 0));
    const r = unwrap(factorAnalysis([mpg, wt, hp, sum]));
    expect(r.kmo).toBeNull();
    expect(r.kmoPerVariable).toEqual([null, null, null, null]);
    expect(r.bartlett).toBeNull();
    expect(r.eigenvalues[3] ?? 1).toBeLessThan(1e-10);
    expect(r.eigenvalues.reduce((s, l) => s + l, 0)).toBeCloseTo(4, 10);
    expect(r.loadings.flat().every(Number.isFinite)).toBe(true);
  });

  it("listwise deletion, options.factors, and typed Chinese errors", () => {
    const withMissing = mtcars.map((col, j) => [...col, j === 0 ? null : 1]);
    expect(unwrap(factorAnalysis(withMissing)).n).toBe(32);
    expect(unwrap(factorAnalysis(mtcars, { factors: 1 })).rotated).toBeNull();
    expect(factorAnalysis([mpg])).toMatchObject({
      ok: false,
      reason: "bad-argument",
      message: "因子分析至少需要2个变量",
    });
    expect(factorAnalysis([mpg, wt.slice(1)])).toMatchObject({ ok: false, reason: "length-mismatch" });
    expect(
      factorAnalysis([
        [1, 2, 3],
        [3, 1, 2],
        [2, 2, 1],
      ]),
    ).toMatchObject({
      ok: false,
      reason: "too-few-values",
      message: "完整作答的样本量须多于变量个数（至少需要4份）",
    });
    expect(factorAnalysis([mpg, mpg.map(() => 3), wt])).toMatchObject({
      ok: false,
      reason: "zero-variance",
      message: "第2个变量没有变异（方差为0），无法进行因子分析",
    });
    for (const factors of [0, 12, 1.5]) {
      expect(factorAnalysis(mtcars, { factors })).toMatchObject({
        ok: false,
        reason: "bad-argument",
        message: "因子个数须为1到11之间的整数",
      });
    }
    expect(factorAnalysis([mpg, [...wt.slice(1), Number.POSITIVE_INFINITY]])).toMatchObject({
      ok: false,
      reason: "non-finite",
    });
  });
});
