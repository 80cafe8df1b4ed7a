import { Bitset, wordsFor } from "./bitset.ts";

/** A posting's arrays as a snapshot keeps them (used parts only). */
export interface PostingParts {
  count: number;
  words: Uint32Array | null;
  positions: Uint32Array | null;
  valuePositions: Uint32Array | null;
  values: Float64Array | null;
}

/**
 * The responses (dense positions) having one fact key, or answering one question. Starts as a sorted list
 * of positions; once that list would take more room than a bitset over every response it becomes the
 * bitset (common options are dense, rare numeric values stay lists). Positions only ever grow: responses
 * are appended in id order. `text:`/`blank:` keys also keep the number reading of those of their
 * responses whose text reads as a number, in a list of their own: a common text that is not a number
 * (most are) then costs a bitset like any common option, not a list with a value per response.
 */
export class Posting {
  count = 0;
  private positions: Uint32Array | null = new Uint32Array(4);
  private words: Uint32Array | null = null;
  /** Keys that keep values: the responses with a number reading, ascending, and that reading. */
  private valuePositions: Uint32Array | null;
  private values: Float64Array | null;
  private valueCount = 0;

  constructor(
    readonly questionId: string,
    /** The number every fact of a `num:`/`rank:` key carries (the key ends with it); null for other keys. */
    readonly keyNum: number | null,
    withValues: boolean,
  ) {
    this.values = withValues ? new Float64Array(4) : null;
    this.valuePositions = withValues ? new Uint32Array(4) : null;
  }

  /** Appends positions above every present one (ascending), with their values when the key keeps them. */
  append(positions: Uint32Array, length: number, values?: Float64Array): void {
    if (this.values && values) this.appendValues(positions, length, values);
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
    this.count += length;
  }

  private appendValues(positions: Uint32Array, length: number, values: Float64Array): void {
    for (let i = 0; i < length; i += 1) {
      const value = values[i] as number;
      if (Number.isNaN(value)) continue;
      if (this.valueCount === (this.values as Float64Array).length) {
        const size = Math.ceil(this.valueCount * 1.5) + 4;
        const grownValues = new Float64Array(size);
        grownValues.set(this.values as Float64Array);
        this.values = grownValues;
        this.valuePositions = grow(this.valuePositions as Uint32Array, size);
      }
      (this.values as Float64Array)[this.valueCount] = value;
      (this.valuePositions as Uint32Array)[this.valueCount] = positions[i] as number;
      this.valueCount += 1;
    }
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
    if (this.count <= capacity / 32 || !this.positions) return;
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
    // Adds the bit instead of branching on it: whether a response is in a filtered set is a coin toss the
    // CPU cannot predict, and the mispredicted branch cost more than the bit lookup (bench: about 15× for
    // a 2% key at 1M responses, 4.5× at 10M, where this loop, not the bitset ANDs, grew with the count).
    let total = 0;
    const list = this.positions as Uint32Array;
    const words = set.words;
    const count = this.count;
    for (let i = 0; i < count; i += 1) {
      const p = list[i] as number;
      total += ((words[p >>> 5] as number) >>> (p & 31)) & 1;
    }
    return total;
  }

  /** Adds to `into` every response whose number reading passes `test` (keys that keep values). */
  addMatching(into: Bitset, test: (value: number) => boolean): void {
    if (!this.values || !this.valuePositions) return;
    for (let i = 0; i < this.valueCount; i += 1)
      if (test(this.values[i] as number)) into.add(this.valuePositions[i] as number);
  }

  /** What a snapshot keeps (fact-bitset-snapshot.ts): the used part of each array, copied. */
  parts(size: number): PostingParts {
    return {
      count: this.count,
      words: this.words ? this.words.slice(0, wordsFor(size)) : null,
      positions: this.positions ? this.positions.slice(0, this.count) : null,
      valuePositions: this.valuePositions ? this.valuePositions.slice(0, this.valueCount) : null,
      values: this.values ? this.values.slice(0, this.valueCount) : null,
    };
  }

  /** A posting from a snapshot's parts (views over its buffer, owned by the posting from now on). */
  static fromParts(questionId: string, keyNum: number | null, parts: PostingParts): Posting {
    const posting = new Posting(questionId, keyNum, parts.values !== null);
    posting.count = parts.count;
    posting.words = parts.words;
    posting.positions = parts.words ? null : (parts.positions ?? new Uint32Array(0));
    posting.values = parts.values;
    posting.valuePositions = parts.valuePositions;
    posting.valueCount = parts.values?.length ?? 0;
    return posting;
  }

  bytes(): number {
    return (
      (this.words?.byteLength ?? 0) +
      (this.positions?.byteLength ?? 0) +
      (this.values?.byteLength ?? 0) +
      (this.valuePositions?.byteLength ?? 0)
    );
  }

  private reserve(needed: number): Uint32Array {
    let list = this.positions as Uint32Array;
    if (list.length >= needed) return list;
    list = grow(list, Math.max(needed, Math.ceil(list.length * 1.5)));
    this.positions = list;
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
