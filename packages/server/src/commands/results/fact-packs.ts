import type { Fact } from "@wjgj/core";
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

/**
 * A pack is JSON text, and ids keep to letters, digits, `_` and `-` (core's idSchema), so a key never needs
 * escaping: a pack holds key `k` exactly when its text contains `"k"`, and a fact of question `q` exactly when
 * it contains `["q"` (a pair's opening; keys hold a colon, ids none). Filters search the text (strpos), which
 * PostgreSQL does far faster than unpacking every pack, whether the pack was written by JSON.stringify or by
 * migration 0255's json_build_array (which puts a space after each comma).
 */
export const packedKeyText = (key: string) => `"${key}"`;
export const packedQuestionText = (questionId: string) => `["${questionId}"`;
