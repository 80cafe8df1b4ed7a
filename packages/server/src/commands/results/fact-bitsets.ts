import type { ResponseStatus } from "@wjgj/core";
import { Bitset, wordsFor } from "./bitset.ts";
import { grow, Posting } from "./fact-postings.ts";

/** A response as the index keeps it. */
export interface IndexedResponse {
  id: number;
  status: ResponseStatus;
  submittedAt: string;
  source: string;
}

const statusCodes: Record<ResponseStatus, number> = { valid: 0, invalid: 1, deleted: 2 };
const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Days since 1970-01-01 of the China calendar date of a stored time (what `day:` counters and date filters use). */
export const chinaEpochDay = (at: string) => Math.floor((Date.parse(at) + CHINA_OFFSET_MS) / DAY_MS);

/** The question a stored fact key belongs to (facts.ts key layout); "" for `quota:` keys. */
export function questionOfKey(key: string): string {
  const first = key.indexOf(":");
  const family = key.slice(0, first);
  if (family === "quota" || family === "score") return "";
  const second = key.indexOf(":", first + 1);
  return second === -1 ? key.slice(first + 1) : key.slice(first + 1, second);
}

/** Keys whose facts carry their value in the key (`…:<value>`, num = value). */
const keyNumFamilies = ["num:", "rank:"];
/** Keys whose facts each carry their own number reading (texts), kept per response for comparisons. */
const valueFamilies = ["text:", "blank:"];

/**
 * One questionnaire's facts as bitsets over its responses: response ids mapped to dense positions in id
 * order; per fact key and per question the responses having it; each response's status, China day and
 * source. Filtered statistics and cross-analysis become popcounts of intersections (fact-bitset-query.ts).
 * `score:` facts are left out: the exam report reads them by SQL, so grading never changes what is here.
 */
export class FactBitsets {
  size = 0;
  /** Response counters' `version` when statuses were last read (see fact-bitset-cache.ts). */
  version = 0;
  private ids = new Uint32Array(16);
  private statuses = new Uint8Array(16);
  private days = new Int32Array(16);
  private sourceCodes = new Uint16Array(16);
  readonly sources: string[] = [];
  private valid = new Bitset(0);
  validCount = 0;
  readonly keys = new Map<string, Posting>();
  readonly questions = new Map<string, Posting>();

  get maxId(): number {
    return this.size === 0 ? 0 : (this.ids[this.size - 1] as number);
  }

  /** Appends responses with ids above every present one, in id order; returns the first new position. */
  appendResponses(rows: readonly IndexedResponse[]): number {
    const from = this.size;
    const needed = from + rows.length;
    if (needed > this.ids.length) {
      const capacity = Math.max(needed, Math.ceil(this.ids.length * 1.5));
      this.ids = grow(this.ids, capacity);
      this.statuses = grow(this.statuses, capacity);
      this.days = grow(this.days, capacity);
      this.sourceCodes = grow(this.sourceCodes, capacity);
    }
    rows.forEach((row, index) => {
      const position = from + index;
      this.ids[position] = row.id;
      this.statuses[position] = statusCodes[row.status];
      this.days[position] = chinaEpochDay(row.submittedAt);
      let code = this.sources.indexOf(row.source);
      if (code === -1) code = this.sources.push(row.source) - 1;
      this.sourceCodes[position] = code;
    });
    this.size = needed;
    return from;
  }

  /** The response id at a position. */
  idAt(position: number): number {
    return this.ids[position] as number;
  }

  /** Position of a response id, or -1 (binary search: ids ascend). */
  positionOf(id: number, from = 0, to = this.size - 1): number {
    let low = from;
    let high = to;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.ids[middle] as number;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /**
   * Maps ascending response ids (of responses at or after position `from`) to positions; `values` aligned
   * with the ids are kept aligned with the positions. Ids missing from the index are dropped.
   */
  positionsOf(ids: Uint32Array, from: number, values?: Float64Array) {
    const positions = new Uint32Array(ids.length);
    let length = 0;
    let cursor = from;
    for (let i = 0; i < ids.length && cursor < this.size; i += 1) {
      const id = ids[i] as number;
      if (this.ids[cursor] !== id) {
        // Gallop forward then search: ids of one key are close together when the key is common.
        let step = 1;
        while (cursor + step < this.size && (this.ids[cursor + step] as number) < id) step *= 2;
        const found = this.positionOf(id, cursor + (step >>> 1), Math.min(cursor + step, this.size - 1));
        if (found === -1) continue;
        cursor = found;
      }
      positions[length] = cursor;
      if (values) values[length] = values[i] as number;
      length += 1;
      cursor += 1;
    }
    return { positions: positions.subarray(0, length), values: values?.subarray(0, length) };
  }

  /** Adds one key's responses among those appended from position `from` (ids ascending). */
  appendKey(key: string, positions: Uint32Array, values?: Float64Array): void {
    let posting = this.keys.get(key);
    if (!posting) {
      const keyNum = keyNumFamilies.some((family) => key.startsWith(family))
        ? Number(key.slice(key.lastIndexOf(":") + 1))
        : null;
      posting = new Posting(
        questionOfKey(key),
        keyNum,
        valueFamilies.some((family) => key.startsWith(family)),
      );
      this.keys.set(key, posting);
    }
    posting.append(positions, positions.length, values);
  }

  /**
   * After appending responses from `from` and their keys: each question's responses (any fact of it) for the
   * new positions, bitsets sized for the new capacity, and the valid set.
   */
  finishAppend(from: number, touched: ReadonlyMap<string, Uint32Array[]>): void {
    const span = this.size - from;
    for (const [questionId, lists] of touched) {
      if (questionId === "") continue;
      const seen = new Bitset(span);
      for (const list of lists) for (const p of list) seen.add(p - from);
      const positions = new Uint32Array(seen.count());
      let length = 0;
      for (let i = 0; i < span; i += 1) if (seen.has(i)) positions[length++] = from + i;
      let posting = this.questions.get(questionId);
      if (!posting) {
        posting = new Posting(questionId, null, false);
        this.questions.set(questionId, posting);
      }
      posting.append(positions, length);
    }
    for (const posting of this.keys.values()) posting.fit(this.ids.length);
    for (const posting of this.questions.values()) posting.fit(this.ids.length);
    this.refreshValid(from);
  }

  /** Statuses from the responses not valid (every other present response is valid). */
  setStatuses(notValid: readonly { id: number; status: ResponseStatus }[]): void {
    this.statuses.fill(0, 0, this.size);
    for (const row of notValid) {
      const position = this.positionOf(row.id);
      if (position !== -1) this.statuses[position] = statusCodes[row.status];
    }
    this.refreshValid();
  }

  validSet(): Bitset {
    return new Bitset(this.size, this.valid.words);
  }

  allSet(): Bitset {
    return Bitset.full(this.size);
  }

  /** Responses whose China date lies in [from, to] (epoch days, either open) and source matches. */
  metaSet(fromDay: number | null, toDay: number | null, source: string | null): Bitset {
    const set = new Bitset(this.size);
    const code = source === null ? -1 : this.sources.indexOf(source);
    if (source !== null && code === -1) return set;
    for (let p = 0; p < this.size; p += 1) {
      const day = this.days[p] as number;
      if (fromDay !== null && day < fromDay) continue;
      if (toDay !== null && day > toDay) continue;
      if (code !== -1 && this.sourceCodes[p] !== code) continue;
      set.add(p);
    }
    return set;
  }

  bytes(): number {
    let total =
      this.ids.byteLength +
      this.statuses.byteLength +
      this.days.byteLength +
      this.sourceCodes.byteLength +
      this.valid.words.byteLength;
    for (const [key, posting] of this.keys) total += posting.bytes() + key.length * 2 + 64;
    for (const posting of this.questions.values()) total += posting.bytes() + 64;
    return total;
  }

  /**
   * The valid set from position `from` on (the part before stays): an append touches only its new
   * responses, so a request that finds a few new ones does not walk every response again.
   */
  private refreshValid(from = 0): void {
    let valid = this.valid;
    if (valid.words.length < wordsFor(this.ids.length)) {
      valid = new Bitset(this.ids.length);
      valid.words.set(this.valid.words.subarray(0, wordsFor(from)));
    }
    // Statuses before `from` did not change in an append: their count is the one kept.
    let count = from === 0 ? 0 : this.validCount;
    for (let p = from; p < this.size; p += 1)
      if (this.statuses[p] === 0) {
        valid.add(p);
        count += 1;
      } else valid.delete(p);
    this.valid = valid;
    this.validCount = count;
  }

  /** The index as a snapshot's parts (fact-bitset-snapshot.ts): used parts of every array, copied. */
  parts() {
    const keyParts = (map: Map<string, Posting>) =>
      [...map].map(([key, posting]) => ({
        key,
        questionId: posting.questionId,
        keyNum: posting.keyNum,
        ...posting.parts(this.size),
      }));
    return {
      size: this.size,
      version: this.version,
      sources: [...this.sources],
      ids: this.ids.slice(0, this.size),
      statuses: this.statuses.slice(0, this.size),
      days: this.days.slice(0, this.size),
      sourceCodes: this.sourceCodes.slice(0, this.size),
      keys: keyParts(this.keys),
      questions: keyParts(this.questions),
    };
  }

  /** An index from a snapshot's parts (arrays sized to `size`, owned by the index from now on). */
  static fromParts(parts: ReturnType<FactBitsets["parts"]>): FactBitsets {
    const index = new FactBitsets();
    index.size = parts.size;
    index.version = parts.version;
    index.sources.push(...parts.sources);
    index.ids = parts.ids;
    index.statuses = parts.statuses;
    index.days = parts.days;
    index.sourceCodes = parts.sourceCodes;
    for (const [into, list] of [
      [index.keys, parts.keys],
      [index.questions, parts.questions],
    ] as const)
      for (const part of list) into.set(part.key, Posting.fromParts(part.questionId, part.keyNum, part));
    for (const posting of index.keys.values()) posting.fit(index.ids.length);
    for (const posting of index.questions.values()) posting.fit(index.ids.length);
    index.refreshValid();
    return index;
  }
}
