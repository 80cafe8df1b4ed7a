import { Bitset, wordsFor } from "./bitset.ts";

/**
 * The responses (dense positions) having one fact key, or answering one question. Starts as a sorted list
 * of positions; once that list would take more room than a bitset over every response it becomes the
 * bitset (common options are dense, rare numeric values and texts stay lists). Positions only ever grow:
 * responses are appended in id order.
 */
export class Posting {
  count = 0;
  private positions: Uint32Array | null = new Uint32Array(4);
  private words: Uint32Array | null = null;
  /** `text:`/`blank:` keys: each listed response's number reading (NaN for none), aligned with positions. */
  private values: Float64Array | null;

  constructor(
    readonly questionId: string,
    /** The number every fact of a `num:`/`rank:` key carries (the key ends with it); null for other keys. */
    readonly keyNum: number | null,
    withValues: boolean,
  ) {
    this.values = withValues ? new Float64Array(4) : null;
  }

  /** Appends positions above every present one (ascending), with their values when the key keeps them. */
  append(positions: Uint32Array, length: number, values?: Float64Array): void {
    if (this.words) {
      const last = length === 0 ? 0 : (positions[length - 1] as number);
      if (last >>> 5 >= this.words.length) this.fit(Math.max(last + 1, this.words.length * 48));
      for (let i = 0; i < length; i += 1) {
        const p = positions[i] as number;
        const index = p >>> 5;
        this.words[index] = (this.words[index] as number) | (1 << (p & 31));
      }
      this.count += length;
      return;
    }
    const list = this.reserve(this.count + length);
    list.set(positions.subarray(0, length), this.count);
    if (this.values) {
      if (values) this.values.set(values.subarray(0, length), this.count);
      else this.values.fill(Number.NaN, this.count, this.count + length);
    }
    this.count += length;
  }

  /** Keeps the cheaper representation for `capacity` responses; dense words grow with the capacity. */
  fit(capacity: number): void {
    const words = wordsFor(capacity);
    if (this.words) {
      if (this.words.length < words) {
        const grown = new Uint32Array(words);
        grown.set(this.words);
        this.words = grown;
      }
      return;
    }
    if (this.values || this.count <= capacity / 32 || !this.positions) return;
    const dense = new Uint32Array(words);
    for (let i = 0; i < this.count; i += 1) {
      const p = this.positions[i] as number;
      dense[p >>> 5] = (dense[p >>> 5] as number) | (1 << (p & 31));
    }
    this.words = dense;
    this.positions = null;
  }

  /** The responses as a bitset over the first `size` positions (a view when already dense). */
  bitset(size: number): Bitset {
    if (this.words) return new Bitset(size, this.words);
    return Bitset.fromPositions(size, this.positions ?? new Uint32Array(0), this.count);
  }

  /** |responses ∧ set|. */
  countIn(set: Bitset): number {
    if (this.words) return set.countAnd(new Bitset(set.size, this.words));
    let total = 0;
    const list = this.positions as Uint32Array;
    for (let i = 0; i < this.count; i += 1) if (set.has(list[i] as number)) total += 1;
    return total;
  }

  /** Adds to `into` every response whose value passes `test` (keys that keep values). */
  addMatching(into: Bitset, test: (value: number) => boolean): void {
    if (!this.values || !this.positions) return;
    for (let i = 0; i < this.count; i += 1) {
      const value = this.values[i] as number;
      if (!Number.isNaN(value) && test(value)) into.add(this.positions[i] as number);
    }
  }

  /** What a snapshot keeps (fact-bitset-snapshot.ts): the used part of each array, copied. */
  parts(size: number): {
    count: number;
    words: Uint32Array | null;
    positions: Uint32Array | null;
    values: Float64Array | null;
  } {
    return {
      count: this.count,
      words: this.words ? this.words.slice(0, wordsFor(size)) : null,
      positions: this.positions ? this.positions.slice(0, this.count) : null,
      values: this.values ? this.values.slice(0, this.count) : null,
    };
  }

  /** A posting from a snapshot's parts (views over its buffer, owned by the posting from now on). */
  static fromParts(
    questionId: string,
    keyNum: number | null,
    parts: {
      count: number;
      words: Uint32Array | null;
      positions: Uint32Array | null;
      values: Float64Array | null;
    },
  ): Posting {
    const posting = new Posting(questionId, keyNum, parts.values !== null);
    posting.count = parts.count;
    posting.words = parts.words;
    posting.positions = parts.words ? null : (parts.positions ?? new Uint32Array(0));
    posting.values = parts.values;
    return posting;
  }

  bytes(): number {
    return (this.words?.byteLength ?? 0) + (this.positions?.byteLength ?? 0) + (this.values?.byteLength ?? 0);
  }

  private reserve(needed: number): Uint32Array {
    let list = this.positions as Uint32Array;
    if (list.length >= needed) return list;
    const size = Math.max(needed, Math.ceil(list.length * 1.5));
    list = grow(list, size);
    this.positions = list;
    if (this.values) {
      const values = new Float64Array(size);
      values.set(this.values);
      this.values = values;
    }
    return list;
  }
}

export function grow<T extends Uint32Array | Int32Array | Uint8Array | Uint16Array>(
  array: T,
  size: number,
): T {
  const Constructor = array.constructor as new (length: number) => T;
  const grown = new Constructor(size);
  grown.set(array);
  return grown;
}
