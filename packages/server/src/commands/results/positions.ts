import type { Bitset } from "./bitset.ts";
import type { FactBitsets } from "./fact-bitsets.ts";

/**
 * What the caches kept beside the results index share (analysis/column-cache.ts, text/corpus.ts): values
 * decoded once per response and stored by the index's positions, a request's filter then a bitset over them.
 */

/** `array` when it holds `size`, else a copy grown by a quarter at least (appends stay amortised). */
export function grown<T extends Float64Array | Uint32Array | Uint8Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(
    Math.max(size, Math.ceil(array.length * 1.25)),
  );
  next.set(array);
  return next;
}

/** The set's positions in ascending order. */
export function positionsOf(set: Bitset): Uint32Array {
  const positions = new Uint32Array(set.count());
  let filled = 0;
  const { words } = set;
  for (let w = 0; w < words.length; w += 1) {
    let word = words[w] as number;
    while (word !== 0) {
      const low = word & -word;
      positions[filled++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return positions;
}

/**
 * Whether the first `size` positions of `index` still hold the responses `ids` recorded under `kept` (a
 * rebuilt index may have moved them, and then whatever was stored by position is read again).
 */
export function samePositions(
  kept: FactBitsets,
  ids: Uint32Array,
  size: number,
  index: FactBitsets,
): boolean {
  if (kept === index) return true;
  if (index.size < size) return false;
  for (let p = 0; p < size; p += 1) if (index.idAt(p) !== ids[p]) return false;
  return true;
}

/** One piece of work per key at a time, in arrival order: two requests never fill one entry together. */
export class PerKeyQueue<K> {
  private readonly busy = new Map<K, Promise<unknown>>();

  async run<T>(key: K, work: () => Promise<T>): Promise<T> {
    for (;;) {
      const pending = this.busy.get(key);
      if (!pending) break;
      await pending.catch(() => undefined);
    }
    const running = work();
    this.busy.set(key, running);
    try {
      return await running;
    } finally {
      this.busy.delete(key);
    }
  }
}
