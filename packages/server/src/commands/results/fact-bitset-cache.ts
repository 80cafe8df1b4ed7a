import type { ResponseStatus } from "@wjgj/core";
import { sql } from "kysely";
import type { Db, DialectName } from "../../db/index.ts";
import { responseCountColumn } from "../../db/tables/questionnaires.ts";
import { FactBitsets, type IndexedResponse } from "./fact-bitsets.ts";

/**
 * The counter bumped in every transaction that changes a stored response's status or exam facts
 * (response-status.ts, grading.ts). With the response count (the `total` counter) it tells a cached index
 * whether it is current in one read.
 */
export const RESULTS_VERSION_KEY = "version";

/** Room the cached indexes of all questionnaires may take together (least recently used go first). */
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

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
 * Responses read per round when appending: each round groups its facts by key in memory (SQLite sorts
 * them, having no key index) instead of sorting every fact of a large questionnaire at once.
 */
export const APPEND_CHUNK = 4000;

/** Appends the responses with ids above the index's largest, with their facts (but `score:`). */
async function appendNew(
  db: Db,
  dialect: DialectName,
  questionnaireId: number,
  index: FactBitsets,
  chunk: number,
) {
  const rows = await db
    .selectFrom("responses")
    .select(["id", "status", "submittedAt", "source"])
    .where("questionnaireId", "=", questionnaireId)
    .where("id", ">", index.maxId)
    .orderBy("id")
    .execute();
  for (let start = 0; start < rows.length; start += chunk)
    await appendChunk(db, dialect, questionnaireId, index, rows.slice(start, start + chunk));
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
  // One row per key with its response ids: a few hundred rows instead of one per fact. PostgreSQL orders
  // each key's ids; SQLite groups what it reads along the primary key (it has no key index, migration 0009),
  // so ids usually come in order: checked below, sorted when not.
  const ids =
    dialect === "postgres"
      ? sql<string>`string_agg(response_id::text, ',' order by response_id)`
      : sql<string>`group_concat(response_id, ',')`;
  const [keys, valued] = await Promise.all([
    db
      .selectFrom("response_facts")
      .select(["key", ids.as("ids")])
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", ">", after)
      .where("responseId", "<=", upto)
      .groupBy("key")
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
  const touched = new Map<string, Uint32Array[]>();
  for (const row of keys) {
    if (row.key.startsWith("score:")) continue;
    const responseIds = ascending(parseIds(String(row.ids)));
    let values: Float64Array | undefined;
    if (valueFamily(row.key)) {
      const byResponse = numbers.get(row.key);
      values = Float64Array.from(responseIds, (id) => byResponse?.get(id) ?? Number.NaN);
    }
    const mapped = index.positionsOf(responseIds, from, values);
    index.appendKey(row.key, mapped.positions, mapped.values);
    const questionId = index.keys.get(row.key)?.questionId ?? "";
    const lists = touched.get(questionId) ?? [];
    lists.push(mapped.positions);
    touched.set(questionId, lists);
  }
  index.finishAppend(from, touched);
}

async function notValid(db: Db, questionnaireId: number, upto: number) {
  const rows = await db
    .selectFrom("responses")
    .select(["id", "status"])
    .where("questionnaireId", "=", questionnaireId)
    .where("status", "<>", "valid")
    .where("id", "<=", upto)
    .execute();
  return rows.map((row) => ({ id: row.id, status: row.status as ResponseStatus }));
}

/**
 * Fact bitset indexes of the questionnaires last asked about, per database handle. Each request reads the
 * questionnaire's response count and results version (one row); an index whose valid count and version
 * match is used as is. Otherwise new responses (ids above the cached largest) are appended and, when the
 * version moved, statuses are read again from the (few) responses not valid — so the index never answers
 * from stale data, also when another process changed the database.
 */
export class FactBitsetCache {
  private readonly entries = new Map<number, { index: FactBitsets; bytes: number }>();
  private readonly loading = new Map<number, Promise<FactBitsets>>();

  constructor(
    private readonly limitBytes = DEFAULT_CACHE_BYTES,
    private readonly appendChunk = APPEND_CHUNK,
  ) {}

  async get(db: Db, dialect: DialectName, questionnaireId: number): Promise<FactBitsets> {
    for (;;) {
      const pending = this.loading.get(questionnaireId);
      if (!pending) break;
      await pending.catch(() => undefined);
    }
    const loading = this.sync(db, dialect, questionnaireId);
    this.loading.set(questionnaireId, loading);
    try {
      return await loading;
    } finally {
      this.loading.delete(questionnaireId);
    }
  }

  /** Bytes held by the cached indexes. */
  bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  cachedIds(): number[] {
    return [...this.entries.keys()];
  }

  private async sync(db: Db, dialect: DialectName, questionnaireId: number): Promise<FactBitsets> {
    const state = await db
      .selectFrom("questionnaires")
      .leftJoin("response_counters as c", (join) =>
        join.onRef("c.questionnaireId", "=", "questionnaires.id").on("c.key", "=", RESULTS_VERSION_KEY),
      )
      .select(["c.count as version", responseCountColumn])
      .where("questionnaires.id", "=", questionnaireId)
      .executeTakeFirst();
    const version = Number(state?.version ?? 0);
    const cached = this.entries.get(questionnaireId);
    this.entries.delete(questionnaireId);
    if (cached && cached.index.version === version && cached.index.validCount === state?.responseCount) {
      this.entries.set(questionnaireId, cached);
      return cached.index;
    }
    let index = cached?.index ?? new FactBitsets();
    // Read after the version: a change committed meanwhile leaves an older version here, read again next time.
    if (cached && cached.index.version !== version)
      index.setStatuses(await notValid(db, questionnaireId, index.maxId));
    await appendNew(db, dialect, questionnaireId, index, this.appendChunk);
    // On PostgreSQL submits no longer hold the questionnaire, so ids may commit out of order: a response
    // committed after a higher id was indexed is beyond `id > maxId`'s reach. Fewer valid responses indexed
    // than were counted before reading is that gap: the index is built again.
    if (dialect === "postgres" && index.validCount < Number(state?.responseCount ?? 0)) {
      index = new FactBitsets();
      await appendNew(db, dialect, questionnaireId, index, this.appendChunk);
    }
    index.version = version;
    this.entries.set(questionnaireId, { index, bytes: index.bytes() });
    this.evict(questionnaireId);
    return index;
  }

  private evict(keep: number): void {
    let total = this.bytes();
    for (const [id, entry] of this.entries) {
      if (total <= this.limitBytes) break;
      if (id === keep) continue;
      this.entries.delete(id);
      total -= entry.bytes;
    }
  }
}

const caches = new WeakMap<Db, FactBitsetCache>();

/** The cache of one database handle (each app, and each test app, has its own). */
export function factBitsetCache(db: Db): FactBitsetCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FactBitsetCache();
    caches.set(db, cache);
  }
  return cache;
}
