import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitFixed, splitRandom } from "./split.ts";

describe("red packet splits", () => {
  it("random (double-mean) shares always sum to the budget, each at least 1 fen", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 2000 })
          .chain((count) =>
            fc.tuple(fc.constant(count), fc.integer({ min: count, max: 5_000_000 }), fc.integer()),
          ),
        ([count, total, seed]) => {
          // A seeded generator stands in for crypto's, so a failure replays.
          const rng = fc.sample(fc.integer({ min: 0, max: 2 ** 30 }), { seed, numRuns: count });
          let i = 0;
          const random = (min: number, max: number) => min + ((rng[i++ % rng.length] ?? 0) % (max - min + 1));
          const shares = splitRandom(total, count, random);
          expect(shares).toHaveLength(count);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(shares.every((s) => Number.isInteger(s) && s >= 1)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps every share within twice the mean of what was left when it was cut", () => {
    const shares = splitRandom(10_000, 10, (_min, max) => max);
    let left = 10_000;
    shares.slice(0, -1).forEach((share, index) => {
      expect(share).toBeLessThanOrEqual(Math.floor((2 * left) / (10 - index)));
      left -= share;
    });
    expect(shares.at(-1)).toBe(left);
  });

  it("refuses a budget below 1 fen a packet; fixed shares are all equal", () => {
    expect(() => splitRandom(9, 10)).toThrow();
    expect(splitRandom(10, 10)).toEqual(Array(10).fill(1));
    expect(splitFixed(88, 3)).toEqual([88, 88, 88]);
  });
});
