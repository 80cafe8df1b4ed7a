import { describe, expect, it } from "vitest";
import { Bitset, popcount } from "./bitset.ts";

/** Positions 0…size-1 in a set, one by one: the reference every count is checked against. */
function bitByBit(size: number, ...sets: Bitset[]): number {
  let total = 0;
  for (let p = 0; p < size; p += 1) if (sets.every((set) => set.has(p))) total += 1;
  return total;
}

function randomSet(size: number, seed: number, density: number): Bitset {
  const set = new Bitset(size);
  let state = seed;
  for (let p = 0; p < size; p += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    if (state / 2_147_483_648 < density) set.add(p);
  }
  return set;
}

describe("Bitset counts (the table-lookup popcount of filtered statistics)", () => {
  it("counts every word pattern's bits as popcount does", () => {
    for (const word of [0, 1, 0xffff, 0x10000, 0x80000000, 0xffffffff, 0x12345678, 0xdeadbeef]) {
      const set = new Bitset(32, new Uint32Array([word]));
      expect(set.count()).toBe(popcount(word));
      expect(popcount(word)).toBe(
        word
          .toString(2)
          .split("")
          .filter((bit) => bit === "1").length,
      );
    }
  });

  it("counts sets and their intersections of any size bit for bit, the last partial word included", () => {
    for (const size of [1, 31, 32, 33, 1000, 4099]) {
      const a = randomSet(size, 1, 0.5);
      const b = randomSet(size, 2, 0.3);
      const c = randomSet(size, 3, 0.9);
      expect(a.count()).toBe(bitByBit(size, a));
      expect(a.countAnd(b)).toBe(bitByBit(size, a, b));
      expect(a.countAnd2(b, c)).toBe(bitByBit(size, a, b, c));
      expect(Bitset.full(size).count()).toBe(size);
      expect(a.not().count()).toBe(size - a.count());
    }
  });
});
