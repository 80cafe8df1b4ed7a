import { describe, expect, it } from "vitest";
import { itemAnalysis } from "./item-analysis.ts";
import { cronbachAlpha } from "./reliability.ts";

// Ten candidates on a 1-point, a 1-point and a 2-point question, totals 4, 4, 3, 3, 2, 2, 1, 1, 1, 0: the
// upper 27 % group is the first three, the lower the last three.
const a = [1, 1, 1, 1, 1, 0, 1, 0, 0, 0];
const b = [1, 1, 1, 0, 1, 1, 0, 0, 1, 0];
const c = [2, 2, 1, 2, 0, 1, 0, 1, 0, 0];

describe("itemAnalysis", () => {
  it("reads difficulty as mean over full marks and discrimination off the upper and lower 27 %", () => {
    const result = itemAnalysis([a, b, c], [1, 1, 2]);
    expect(result.respondents).toBe(10);
    expect(result.groupSize).toBe(3);
    const [first, second, third] = result.items;
    expect(first?.difficulty).toBeCloseTo(0.6, 12);
    expect(first?.discrimination).toBeCloseTo(1, 12);
    expect(second?.difficulty).toBeCloseTo(0.6, 12);
    // Upper group 1, 1, 1; lower group 0, 1, 0.
    expect(second?.discrimination).toBeCloseTo(2 / 3, 12);
    expect(third?.difficulty).toBeCloseTo(0.45, 12);
    // Upper 2, 2, 1 and lower 1, 0, 0, over 2 points.
    expect(third?.discrimination).toBeCloseTo(2 / 3, 12);
    const alpha = cronbachAlpha([a, b, c]);
    expect(alpha.ok && result.alpha).toBeCloseTo(alpha.ok ? alpha.alpha : Number.NaN, 12);
    expect(result.alphaN).toBe(10);
  });

  it("leaves out who was not scored on an item, and does not group fewer than ten", () => {
    const result = itemAnalysis(
      [
        [1, null, 0, 1, 1],
        [2, 1, null, 0, 2],
      ],
      [1, 2],
    );
    expect(result.respondents).toBe(5);
    expect(result.groupSize).toBe(0);
    expect(result.items.map((item) => item.n)).toEqual([4, 4]);
    expect(result.items[0]?.difficulty).toBeCloseTo(0.75, 12);
    expect(result.items[1]?.difficulty).toBeCloseTo(5 / 8, 12);
    expect(result.items.map((item) => item.discrimination)).toEqual([null, null]);
    // α only over the three scored on both.
    expect(result.alphaN).toBe(3);
  });

  it("reads typed columns, NaN for not scored, as arrays with null", () => {
    const columns = [
      [1, null, 0, 1, 1],
      [2, 1, null, 0, 2],
    ];
    const typed = columns.map((column) => Float64Array.from(column, (v) => v ?? Number.NaN));
    expect(itemAnalysis(typed, [1, 2])).toEqual(itemAnalysis(columns, [1, 2]));
  });

  it("says nothing it cannot: no respondents, an item nobody was scored on, one that does not vary", () => {
    expect(itemAnalysis([], [])).toEqual({ respondents: 0, groupSize: 0, items: [], alpha: null, alphaN: 0 });
    const result = itemAnalysis(
      [
        [null, null, null],
        [1, 1, 1],
        [0, 1, 2],
      ],
      [1, 1, 0],
    );
    expect(result.items[0]).toEqual({
      n: 0,
      mean: null,
      difficulty: null,
      discrimination: null,
      itemTotal: null,
    });
    expect(result.items[1]?.itemTotal).toBeNull();
    // No full marks: no difficulty, though the mean stands.
    expect(result.items[2]).toMatchObject({ mean: 1, difficulty: null });
    expect(result.alpha).toBeNull();
  });
});
