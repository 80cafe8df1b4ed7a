import type { FactPredicate, ResultsFilter, ReviewState } from "@wjgj/core";
import type { Db, DialectName } from "../../db/index.ts";
import { Bitset } from "./bitset.ts";
import type { FactBitsets } from "./fact-bitsets.ts";
import { type CompareLeaf, codeSql, compareWhere } from "./filter.ts";

const DAY_MS = 86_400_000;
const epochDay = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

const tests = {
  eq: (a: number, b: number) => a === b,
  ne: (a: number, b: number) => a !== b,
  gt: (a: number, b: number) => a > b,
  lt: (a: number, b: number) => a < b,
  ge: (a: number, b: number) => a >= b,
  le: (a: number, b: number) => a <= b,
} as const;

/** Keys of the index a compare leaf looks at: its listed keys and those under its prefix, of its question. */
function leafKeys(index: FactBitsets, leaf: CompareLeaf) {
  const found = leaf.keys.flatMap((key) => {
    const posting = index.keys.get(key);
    return posting ? [posting] : [];
  });
  if (leaf.prefix !== null) {
    const prefix = leaf.prefix;
    for (const [key, posting] of index.keys) if (key.startsWith(prefix)) found.push(posting);
  }
  return found.filter((posting) => posting.questionId === leaf.questionId);
}

export interface BitsetSource {
  db: Db;
  dialect: DialectName;
  questionnaireId: number;
  index: FactBitsets;
}

/**
 * A compare leaf as a bitset. Numbers are compared here: `num:`/`rank:` keys carry their value, texts keep
 * their number reading per response. Text comparisons and searches ask SQL for the matching response ids.
 */
async function compareSet(source: BitsetSource, leaf: CompareLeaf): Promise<Bitset> {
  const { index } = source;
  const set = new Bitset(index.size);
  if (leaf.column === "num" && leaf.op !== "contains" && typeof leaf.value === "number") {
    const test = tests[leaf.op];
    const value = leaf.value;
    for (const posting of leafKeys(index, leaf)) {
      if (posting.keyNum === null) posting.addMatching(set, (v) => test(v, value));
      else if (test(posting.keyNum, value)) set.orInPlace(posting.bitset(index.size));
    }
    return set;
  }
  const rows = await source.db
    .selectFrom("response_facts")
    .select("responseId")
    .where("questionnaireId", "=", source.questionnaireId)
    .where("responseId", "<=", index.maxId)
    .where((fb) => compareWhere(fb, leaf, source.dialect))
    .orderBy("responseId")
    .execute();
  const ids = Uint32Array.from(new Set(rows.map((row) => row.responseId)));
  for (const position of index.positionsOf(ids, 0).positions) set.add(position);
  return set;
}

/** The responses having a 编码, asked of SQL (the same test a filter without the index makes). */
async function codeSet(source: BitsetSource, codeId: number): Promise<Bitset> {
  const { index } = source;
  const set = new Bitset(index.size);
  const rows = await source.db
    .selectFrom("responses")
    .select("id")
    .where("questionnaireId", "=", source.questionnaireId)
    .where("id", "<=", index.maxId)
    .where((eb) => codeSql(eb, codeId, source))
    .orderBy("id")
    .execute();
  const ids = Uint32Array.from(rows.map((row) => row.id));
  for (const position of index.positionsOf(ids, 0).positions) set.add(position);
  return set;
}

/**
 * The responses in a 审核 state, asked of SQL: review decisions change no fact, so the index (and its cache)
 * never holds them and a decision is seen at once.
 */
async function reviewSet(source: BitsetSource, state: ReviewState): Promise<Bitset> {
  const { index } = source;
  const set = new Bitset(index.size);
  const rows = await source.db
    .selectFrom("responses")
    .select("id")
    .where("questionnaireId", "=", source.questionnaireId)
    .where("reviewState", "=", state)
    .where("id", "<=", index.maxId)
    .orderBy("id")
    .execute();
  const ids = Uint32Array.from(rows.map((row) => row.id));
  for (const position of index.positionsOf(ids, 0).positions) set.add(position);
  return set;
}

/** The responses (any status) a fact predicate holds for. */
export async function predicateSet(source: BitsetSource, predicate: FactPredicate): Promise<Bitset> {
  const { index } = source;
  switch (predicate.kind) {
    case "and": {
      let set = index.allSet();
      for (const item of predicate.items) set = set.and(await predicateSet(source, item));
      return set;
    }
    case "or": {
      const set = new Bitset(index.size);
      for (const item of predicate.items) set.orInPlace(await predicateSet(source, item));
      return set;
    }
    case "not":
      return (await predicateSet(source, predicate.item)).not();
    case "const":
      return predicate.value ? index.allSet() : new Bitset(index.size);
    case "hasKey": {
      const set = new Bitset(index.size);
      for (const key of predicate.keys) {
        const posting = index.keys.get(key);
        if (posting) set.orInPlace(posting.bitset(index.size));
      }
      return set;
    }
    case "answered": {
      const posting = index.questions.get(predicate.questionId);
      return posting ? posting.bitset(index.size) : new Bitset(index.size);
    }
    case "compare":
      return compareSet(source, predicate);
    case "code":
      return codeSet(source, predicate.codeId);
  }
}

/** Valid responses in the filter's date range and source for which the predicate holds. */
export async function responseSet(
  source: BitsetSource,
  filter: ResultsFilter,
  predicate: FactPredicate | null,
): Promise<Bitset> {
  const { index } = source;
  let set = index.validSet();
  if (filter.dateFrom || filter.dateTo || filter.source)
    set = set.and(
      index.metaSet(
        filter.dateFrom ? epochDay(filter.dateFrom) : null,
        filter.dateTo ? epochDay(filter.dateTo) : null,
        filter.source ?? null,
      ),
    );
  if (filter.review) set = set.and(await reviewSet(source, filter.review));
  if (predicate) set = set.and(await predicateSet(source, predicate));
  return set;
}

/** Every fact key's count over a response set, as the facts GROUP BY would give it. */
export function keyCounts(index: FactBitsets, set: Bitset): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [key, posting] of index.keys) {
    const count = posting.countIn(set);
    if (count > 0) counts.set(key, count);
  }
  return counts;
}

/** The responses having any key under a prefix (a cross-analysis axis), within `set`. */
export function prefixSet(index: FactBitsets, questionId: string, prefix: string, set: Bitset): Bitset {
  const any = new Bitset(index.size);
  for (const [key, posting] of index.keys)
    if (posting.questionId === questionId && key.startsWith(prefix))
      any.orInPlace(posting.bitset(index.size));
  return any.and(set);
}
