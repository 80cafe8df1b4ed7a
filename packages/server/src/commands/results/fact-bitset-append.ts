import { sql } from "kysely";
import type { Db, DialectName } from "../../db/index.ts";
import type { FactBitsets, IndexedResponse } from "./fact-bitsets.ts";
import { packPairs } from "./fact-packs.ts";

/**
 * Reading stored responses and their facts into a fact bitset index, in rounds. Kept apart from the cache
 * so the index-build worker (fact-index-worker.ts) loads only this, the index and a database handle.
 */

/** Parses "12,15,19" (ids ascending) without making a string per id. */
export function parseIds(text: string): Uint32Array {
  if (text === "") return new Uint32Array(0);
  let commas = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) commas += 1;
  const ids = new Uint32Array(commas + 1);
  let length = 0;
  let value = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids[length++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  ids[length] = value;
  return ids;
}

function ascending(ids: Uint32Array): Uint32Array {
  for (let i = 1; i < ids.length; i += 1) if ((ids[i] as number) < (ids[i - 1] as number)) return ids.sort();
  return ids;
}

const valueFamily = (key: string) => key.startsWith("text:") || key.startsWith("blank:");

/**
 * Responses read per round of a build or append. Each round is one short read of the responses (by id,
 * after the last one read) and of their facts, grouped by key in memory; between rounds the event loop
 * serves other requests, so a build of a million responses never holds the instance for more than a round.
 */
export const APPEND_CHUNK = 2000;

/** Lets the event loop run what is waiting (requests, submits) before the next round of a build. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Appends the responses with ids above the index's largest, with their facts (but `score:`), in rounds. */
export async function appendNew(
  db: Db,
  dialect: DialectName,
  questionnaireId: number,
  index: FactBitsets,
  chunk: number,
  afterRound: () => void | Promise<void>,
) {
  for (;;) {
    const rows = await db
      .selectFrom("responses")
      .select(["id", "status", "submittedAt", "source"])
      .where("questionnaireId", "=", questionnaireId)
      .where("id", ">", index.maxId)
      .orderBy("id")
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    await appendChunk(db, dialect, questionnaireId, index, rows);
    if (rows.length < chunk) return;
    await afterRound();
    await yieldToOthers();
  }
}

async function appendChunk(
  db: Db,
  dialect: DialectName,
  questionnaireId: number,
  index: FactBitsets,
  rows: readonly IndexedResponse[],
) {
  const after = index.maxId;
  const upto = rows[rows.length - 1]?.id ?? after;
  const from = index.appendResponses(rows);
  // Fact rows: one row per key with its response ids, a few hundred rows instead of one per fact. PostgreSQL
  // orders each key's ids; SQLite groups what it reads along the primary key (it has no key index, migration
  // 0009), so ids usually come in order: checked below, sorted when not. Packs (fact-packs.ts) are read as
  // they are and grouped here, in id order: unpacking them in the database and grouping there took a third
  // longer on SQLite.
  const ids =
    dialect === "postgres"
      ? sql<string>`string_agg(response_id::text, ',' order by response_id)`
      : sql<string>`group_concat(response_id, ',')`;
  const [keys, packs, valued] = await Promise.all([
    db
      .selectFrom("response_facts")
      .select(["key", ids.as("ids")])
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", ">", after)
      .where("responseId", "<=", upto)
      .groupBy("key")
      .execute(),
    db
      .selectFrom("response_fact_keys")
      .select(["responseId", "keys"])
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", ">", after)
      .where("responseId", "<=", upto)
      .orderBy("responseId")
      .execute(),
    db
      .selectFrom("response_facts")
      .select(["key", "responseId", "num"])
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", ">", after)
      .where("responseId", "<=", upto)
      .where("num", "is not", null)
      .where((eb) =>
        eb.or([
          eb.and([eb("key", ">=", "text:"), eb("key", "<", "text;")]),
          eb.and([eb("key", ">=", "blank:"), eb("key", "<", "blank;")]),
        ]),
      )
      .execute(),
  ]);
  const numbers = new Map<string, Map<number, number>>();
  for (const row of valued) {
    let byResponse = numbers.get(row.key);
    if (!byResponse) {
      byResponse = new Map();
      numbers.set(row.key, byResponse);
    }
    if (row.num !== null) byResponse.set(row.responseId, Number(row.num));
  }
  const packed = new Map<string, number[]>();
  for (const pack of packs)
    for (const [, key] of packPairs(pack.keys)) {
      const list = packed.get(key);
      if (list) list.push(pack.responseId);
      else packed.set(key, [pack.responseId]);
    }
  const idsByKey = new Map<string, Uint32Array>();
  for (const row of keys) if (!row.key.startsWith("score:")) idsByKey.set(row.key, parseIds(String(row.ids)));
  for (const [key, list] of packed) {
    const rows = idsByKey.get(key);
    // A key that is a row in some responses and packed in others: both lists, sorted below.
    idsByKey.set(key, rows ? Uint32Array.from([...rows, ...list]) : Uint32Array.from(list));
  }
  const touched = new Map<string, Uint32Array[]>();
  // In key order, as the database grouped them before packs.
  for (const key of [...idsByKey.keys()].sort()) {
    const responseIds = ascending(idsByKey.get(key) as Uint32Array);
    let values: Float64Array | undefined;
    if (valueFamily(key)) {
      const byResponse = numbers.get(key);
      values = Float64Array.from(responseIds, (id) => byResponse?.get(id) ?? Number.NaN);
    }
    const mapped = index.positionsOf(responseIds, from, values);
    index.appendKey(key, mapped.positions, mapped.values);
    const questionId = index.keys.get(key)?.questionId ?? "";
    const lists = touched.get(questionId) ?? [];
    lists.push(mapped.positions);
    touched.set(questionId, lists);
  }
  index.finishAppend(from, touched);
}
