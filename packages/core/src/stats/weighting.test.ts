import { describe, expect, it } from "vitest";
import { unwrap } from "./test-helpers.ts";
import { rake } from "./weighting.ts";

/** Cases for a 2 × 2 sample: `counts[r][c]` cases with category r on margin 1 and c on margin 2. */
function sample(counts: number[][]): number[][] {
  const out: number[][] = [];
  counts.forEach((row, r) => {
    row.forEach((k, c) => {
      for (let i = 0; i < k; i++) out.push([r, c]);
    });
  });
  return out;
}

/** Each case's weight must be the same within a cell; return it per cell. */
function cellWeights(cases: number[][], weights: number[]): number[][] {
  const cells = [
    [Number.NaN, Number.NaN],
    [Number.NaN, Number.NaN],
  ];
  cases.forEach(([r = 0, c = 0], i) => {
    const row = cells[r] as number[];
    const w = weights[i] ?? Number.NaN;
    if (!Number.isNaN(row[c] ?? Number.NaN)) expect(w).toBeCloseTo(row[c] ?? 0, 12);
    row[c] = w;
  });
  return cells;
}

describe("rake (iterative proportional fitting)", () => {
  it("one margin: weight = target share / sample share, in one pass; Kish efficiency by hand", () => {
    // 3 of 4 cases in category 0 (75 %), target 50/50: weights 0.5/0.75 = 2/3 and 0.5/0.25 = 2 (sum 4 = n).
    const r = unwrap(rake([[0], [0], [0], [1]], [[0.5, 0.5]]));
    expect(r.weights[0]).toBeCloseTo(2 / 3, 12);
    expect(r.weights[3]).toBeCloseTo(2, 12);
    expect(r.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(4, 12);
    expect(r.iterations).toBe(1);
    expect(r.converged).toBe(true);
    // (Σw)² / (n Σw²) = 16 / (4 · (3 · 4/9 + 4)) = 0.75.
    expect(r.efficiency).toBeCloseTo(0.75, 12);
    expect(r.min).toBeCloseTo(2 / 3, 12);
    expect(r.max).toBeCloseTo(2, 12);
  });

  it("a sample that already matches its targets needs no pass and keeps weight 1", () => {
    const r = unwrap(
      rake(
        sample([
          [1, 1],
          [1, 1],
        ]),
        [
          [0.5, 0.5],
          [0.5, 0.5],
        ],
      ),
    );
    expect(r.iterations).toBe(0);
    expect(r.converged).toBe(true);
    expect(r.weights).toEqual([1, 1, 1, 1]);
    expect(r.efficiency).toBe(1);
  });

  // IPF on a 2 × 2 table converges to the table with the target margins and the sample's cross-product ratio
  // (Bishop, Fienberg & Holland 1975, §3.5; Deming & Stephan 1940): fitted shares p₁₁, p₁₂ = a − p₁₁,
  // p₂₁ = b − p₁₁, p₂₂ = 1 − a − b + p₁₁ solve p₁₁ p₂₂ / (p₁₂ p₂₁) = n₁₁ n₂₂ / (n₁₂ n₂₁), a quadratic;
  // each case's weight is p_rc · n / n_rc.
  it("two margins, sample [[40, 10], [20, 30]] (odds ratio 6) raked to 50/50 × 50/50: p₁₁ = √6 / (2(1 + √6))", () => {
    const cases = sample([
      [40, 10],
      [20, 30],
    ]);
    const r = unwrap(
      rake(
        cases,
        [
          [0.5, 0.5],
          [0.5, 0.5],
        ],
        { tolerance: 1e-13 },
      ),
    );
    expect(r.converged).toBe(true);
    const p11 = Math.sqrt(6) / (2 * (1 + Math.sqrt(6)));
    const p12 = 0.5 - p11;
    const w = cellWeights(cases, r.weights);
    expect(w[0]?.[0]).toBeCloseTo((p11 * 100) / 40, 10);
    expect(w[0]?.[1]).toBeCloseTo((p12 * 100) / 10, 10);
    expect(w[1]?.[0]).toBeCloseTo((p12 * 100) / 20, 10);
    expect(w[1]?.[1]).toBeCloseTo((p11 * 100) / 30, 10);
  });

  it("two margins, same sample raked to rows 60/40 and columns 30/70: 5p² − 5.5p + 1.08 = 0", () => {
    // p(0.1 + p) = 6 (0.6 − p)(0.3 − p) ⇔ 5p² − 5.5p + 1.08 = 0; the root below 0.3 is (5.5 − √8.65)/10.
    const cases = sample([
      [40, 10],
      [20, 30],
    ]);
    const r = unwrap(
      rake(
        cases,
        [
          [0.6, 0.4],
          [0.3, 0.7],
        ],
        { tolerance: 1e-13 },
      ),
    );
    const p11 = (5.5 - Math.sqrt(8.65)) / 10;
    const fitted = [
      [p11, 0.6 - p11],
      [0.3 - p11, 0.1 + p11],
    ];
    const counts = [
      [40, 10],
      [20, 30],
    ];
    const w = cellWeights(cases, r.weights);
    for (let a = 0; a < 2; a++) {
      for (let b = 0; b < 2; b++) {
        expect(w[a]?.[b]).toBeCloseTo(((fitted[a]?.[b] ?? 0) * 100) / (counts[a]?.[b] ?? 1), 10);
      }
    }
    // Weighted margins hit the targets; efficiency is (Σw)²/(nΣw²) of these weights.
    const share = (m: number, c: number) =>
      cases.reduce((s, row, i) => s + (row[m] === c ? (r.weights[i] ?? 0) : 0), 0) / 100;
    expect(share(0, 0)).toBeCloseTo(0.6, 12);
    expect(share(1, 1)).toBeCloseTo(0.7, 12);
    const sumSq = r.weights.reduce((s, x) => s + x * x, 0);
    expect(r.efficiency).toBeCloseTo(10000 / (100 * sumSq), 12);
    expect(r.min).toBe(Math.min(...r.weights));
    expect(r.max).toBe(Math.max(...r.weights));
  });

  it("stops at maxIterations without converging; default tolerance 1e-6 converges on margins", () => {
    const cases = sample([
      [40, 10],
      [20, 30],
    ]);
    const once = unwrap(
      rake(
        cases,
        [
          [0.6, 0.4],
          [0.3, 0.7],
        ],
        { maxIterations: 1 },
      ),
    );
    expect(once.iterations).toBe(1);
    expect(once.converged).toBe(false);
    expect(once.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(100, 10);
    const full = unwrap(
      rake(cases, [
        [0.6, 0.4],
        [0.3, 0.7],
      ]),
    );
    expect(full.converged).toBe(true);
    expect(full.iterations).toBeGreaterThan(1);
    const rowShare = cases.reduce((s, row, i) => s + (row[0] === 0 ? (full.weights[i] ?? 0) : 0), 0) / 100;
    expect(Math.abs(rowShare - 0.6)).toBeLessThan(1e-6);
  });

  it("a category with target 0 gets weight 0; the rest still sum to n", () => {
    const r = unwrap(rake([[0], [1], [1], [2]], [[0.5, 0.5, 0]]));
    expect(r.weights).toEqual([2, 1, 1, 0]);
    expect(r.min).toBe(0);
  });

  it("typed Chinese errors", () => {
    expect(rake([[0], [1]], [[0.5, 0.4]])).toMatchObject({
      ok: false,
      reason: "bad-argument",
      message: "第1个变量的各目标比例之和须为100%",
    });
    expect(
      rake(
        [
          [0, 0],
          [0, 0],
        ],
        [[1], [0.5, 0.5]],
      ),
    ).toMatchObject({
      ok: false,
      reason: "too-few-values",
      message: "第2个变量的第2类没有样本，无法按目标比例加权",
    });
    expect(
      rake([[0], [0]], [[0.5, 0.5]], { labels: { variables: ["性别"], categories: [["男", "女"]] } }),
    ).toMatchObject({ ok: false, message: "「性别」的「女」没有样本，无法按目标比例加权" });
    expect(rake([[0], [2]], [[0.5, 0.5]])).toMatchObject({
      ok: false,
      reason: "bad-argument",
      message: "第1个变量有不在目标类别中的取值",
    });
    expect(rake([[0], [1, 0]], [[0.5, 0.5]])).toMatchObject({ ok: false, reason: "length-mismatch" });
    expect(rake([], [[1]])).toMatchObject({ ok: false, reason: "too-few-values" });
    expect(rake([[0]], [])).toMatchObject({ ok: false, reason: "bad-argument" });
    expect(rake([[0], [1]], [[1.5, -0.5]])).toMatchObject({ ok: false, reason: "bad-argument" });
    // Margin 1 keeps only category A, margin 2 only X, but no case is both A and X.
    expect(
      rake(
        [
          [0, 1],
          [1, 0],
        ],
        [
          [1, 0],
          [1, 0],
        ],
      ),
    ).toMatchObject({ ok: false, reason: "bad-argument" });
  });
});
