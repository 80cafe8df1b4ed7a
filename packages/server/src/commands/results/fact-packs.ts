import type { Fact } from "@wjgj/core";
import { sql } from "kysely";
import type { DialectName } from "../../db/index.ts";

/**
 * Where a fact is stored (migration 0255). PostgreSQL: the bare keys of these families, one JSON array per
 * response in `response_fact_keys`; everything else (a number or a text, and every `score:` fact, which
 * grading and rescoring replace by key range) a row of `response_facts`. SQLite: every fact a row. Readers
 * of these families read the view `response_facts_all`, which gives both as rows on either database.
 */
const PACKED_FAMILIES = ["option:", "answered:", "quota:", "skipped:", "cell:"];

/** Whether the database packs bare keys (PostgreSQL) or keeps every fact a row (SQLite). */
export const packsFacts = (dialect: DialectName) => dialect === "postgres";

/** Whether PostgreSQL packs this fact. */
export function isPacked(fact: Fact): boolean {
  return (
    fact.num === undefined &&
    fact.text === undefined &&
    PACKED_FAMILIES.some((family) => fact.key.startsWith(family))
  );
}

/** A response's facts split into the rows to insert and the pairs to pack (empty: no pack row). */
export function splitFacts(facts: readonly Fact[]): { rows: Fact[]; packed: [string, string][] } {
  const rows: Fact[] = [];
  const packed: [string, string][] = [];
  for (const fact of facts) {
    if (isPacked(fact)) packed.push([fact.questionId, fact.key]);
    else rows.push(fact);
  }
  return { rows, packed };
}

/** Families whose facts are always packed: their keys are looked for in the packs only. */
const ONLY_PACKED = ["option:", "answered:", "quota:", "skipped:"];

/** Whether PostgreSQL may pack facts with this key (`cell:` either way: 矩阵填空 cells carry their text). */
export const mayBePacked = (key: string) => PACKED_FAMILIES.some((family) => key.startsWith(family));

/** Whether facts with this key may be rows on PostgreSQL. */
export const mayBeRow = (key: string) => !ONLY_PACKED.some((family) => key.startsWith(family));

/** The pairs of `response_fact_keys as p` (PostgreSQL), unpacked as the FROM item `e`. */
export const unpackedPairs = sql`json_array_elements(p.keys::json)`.as("e");
/** The question and the key of one pair of `unpackedPairs`. */
export const packedQuestion = sql<string>`e.value ->> 0`;
export const packedKey = sql<string>`e.value ->> 1`;
