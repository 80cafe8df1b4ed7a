import type { Fact } from "@wjgj/core";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { DialectName } from "../../db/index.ts";

/**
 * Where a fact is stored (migrations 0255 on PostgreSQL, 0260 on SQLite): the bare keys of these families, one
 * JSON array per response in `response_fact_keys`; everything else (a number or a text, and every `score:`
 * fact, which grading and rescoring replace by key range) a row of `response_facts`. Readers of these
 * families read the view `response_facts_all`, which gives both as rows.
 */
const PACKED_FAMILIES = ["option:", "answered:", "quota:", "skipped:", "cell:"];

/** Whether this fact is packed. */
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

/** A pack's text read back: its `[questionId, key]` pairs, as `splitFacts` made them. */
export const packPairs = (text: string) => JSON.parse(text) as [questionId: string, key: string][];

/** Families whose facts are always packed: their keys are looked for in the packs only. */
const ONLY_PACKED = ["option:", "answered:", "quota:", "skipped:"];

/** Whether facts with this key may be packed (`cell:` either way: 矩阵填空 cells carry their text). */
export const mayBePacked = (key: string) => PACKED_FAMILIES.some((family) => key.startsWith(family));

/** Whether facts with this key may be rows. */
export const mayBeRow = (key: string) => !ONLY_PACKED.some((family) => key.startsWith(family));

/**
 * A pack is JSON text, and ids keep to letters, digits, `_` and `-` (core's idSchema), so a key never needs
 * escaping: a pack holds key `k` exactly when its text contains `"k"`, and a fact of question `q` exactly when
 * it contains `["q"` (a pair's opening; keys hold a colon, ids none). Filters search the text (strpos, instr),
 * far faster than unpacking every pack, whether the pack was written by JSON.stringify or by migration 0255's
 * json_build_array (which puts a space after each comma) or 0260's json_group_array.
 */
export const packedKeyText = (key: string) => `"${key}"`;
export const packedQuestionText = (questionId: string) => `["${questionId}"`;
/** A pack holds a key of this family (`skipped:`) exactly when its text contains `"skipped:`. */
export const packedFamilyText = (family: string) => `"${family}`;

/** Whether the pack text in `column` contains `needle` (one of the texts above), in each database's words. */
export function packHolds(dialect: DialectName, column: string, needle: string): RawBuilder<SqlBool> {
  return dialect === "sqlite"
    ? sql<SqlBool>`instr(${sql.ref(column)}, ${needle}) > 0`
    : sql<SqlBool>`strpos(${sql.ref(column)}, ${needle}) > 0`;
}
