import { describe, expect, it } from "vitest";
import { cronbachAlpha } from "./reliability.ts";
import { printedAs, unwrap } from "./test-helpers.ts";

// Twelve answers to a five-item, five-point scale; item 4 is worded negatively. Reference: PSPP 1.6.2
// RELIABILITY /MODEL=ALPHA /SUMMARY=TOTAL on the same data with COMPUTE r4 = 6 − i4 (SET FORMAT=F12.6).
const rows = [
  [4, 5, 4, 2, 4],
  [3, 4, 3, 3, 3],
  [5, 5, 4, 1, 5],
  [2, 3, 2, 4, 2],
  [4, 4, 5, 2, 4],
  [3, 3, 3, 3, 2],
  [5, 4, 5, 1, 5],
  [1, 2, 2, 5, 1],
  [4, 5, 4, 2, 3],
  [3, 3, 4, 3, 4],
  [2, 2, 1, 4, 2],
  [5, 5, 5, 2, 4],
];
const items = [0, 1, 2, 3, 4].map((j) => rows.map((row) => row[j] ?? null));

describe("cronbachAlpha (PSPP RELIABILITY)", () => {
  it("alpha and the item-total table with item 4 reversed", () => {
    const r = unwrap(cronbachAlpha(items, { reverse: [3], scaleMin: 1, scaleMax: 5 }));
    expect(r.n).toBe(12);
    expect(printedAs(r.alpha, 0.96671, 6)).toBe(true);
    const pspp: [number, number, number, number][] = [
      [13.833333, 21.424242, 0.971017, 0.947666],
      [13.5, 24.272727, 0.834919, 0.969621],
      [13.75, 22.386364, 0.869865, 0.964693],
      [13.916667, 22.265152, 0.959982, 0.949983],
      [14.0, 22.363636, 0.895473, 0.960253],
    ];
    pspp.forEach(([mean, variance, itemTotal, a], j) => {
      const s = r.itemStatistics[j];
      if (s === undefined) throw new Error(`missing item ${j}`);
      expect(printedAs(s.scaleMeanIfDeleted, mean, 6)).toBe(true);
      expect(printedAs(s.scaleVarianceIfDeleted, variance, 6)).toBe(true);
      expect(printedAs(s.correctedItemTotal ?? 0, itemTotal, 6)).toBe(true);
      expect(printedAs(s.alphaIfDeleted ?? 0, a, 6)).toBe(true);
    });
  });
  it("standardized alpha equals the raw alpha of z-scored items (its definition)", () => {
    const raw = unwrap(cronbachAlpha(items, { reverse: [3], scaleMin: 1, scaleMax: 5 }));
    const reversed = items.map((col, j) => col.map((v) => (j === 3 ? 6 - (v ?? 0) : (v ?? 0))));
    const z = reversed.map((col) => {
      const m = col.reduce((a, b) => a + b, 0) / col.length;
      const sd = Math.sqrt(col.reduce((a, b) => a + (b - m) ** 2, 0) / (col.length - 1));
      return col.map((v) => (v - m) / sd);
    });
    expect(raw.standardizedAlpha ?? 0).toBeCloseTo(unwrap(cronbachAlpha(z)).alpha, 12);
  });
  it("listwise deletion and typed errors", () => {
    const withMissing = items.map((col, j) => [...col, j === 0 ? null : 3]);
    expect(unwrap(cronbachAlpha(withMissing, { reverse: [3], scaleMin: 1, scaleMax: 5 })).n).toBe(12);
    expect(cronbachAlpha([items[0] ?? []])).toMatchObject({ ok: false, reason: "bad-argument" });
    expect(cronbachAlpha(items, { reverse: [3] })).toMatchObject({ ok: false, reason: "bad-argument" });
    expect(
      cronbachAlpha([
        [1, 1, 1],
        [2, 2, 2],
      ]),
    ).toMatchObject({ ok: false, reason: "zero-variance" });
  });
});
