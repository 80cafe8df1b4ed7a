import type { Db } from "../../../db/index.ts";
import { RevisionQuestions, responseBatches } from "../../exports/rows.ts";
import type { Bitset } from "../bitset.ts";
import type { FactBitsets } from "../fact-bitsets.ts";
import { grown, PerKeyQueue, positionsOf, samePositions } from "../positions.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

/**
 * The requested variables' values over the filtered valid responses, one column per variable in response-id
 * order (as the .sav lists its cases). Missing is NaN — system-missing, and the user-missing codes 未作答 /
 * 未显示 that the .sav declares — which core's statistics drop as they drop null.
 */
export interface AnalysisColumns {
  /** Responses in the filter. */
  responses: number;
  /** Float64Arrays from the column cache (views of the kept columns: read only); arrays when read from the rows. Read by index. */
  columns: ReadonlyMap<string, ArrayLike<number>>;
}

/** Room the cached columns of all questionnaires may take together (least recently used go first). */
export const DEFAULT_COLUMN_BYTES = 256 * 1024 * 1024;
/** Responses per query while a column is read: only numbers are kept, so larger than an export's batches. */
const READ_BATCH = 1000;
/**
 * Variables whose values change after submit, each change moving the results version: the score (grading,
 * 重新算分) and the status (marked invalid or valid again). Every other value is fixed by the answers, which
 * never change once stored.
 */
const MUTABLE = ["score", "status"];

interface Entry {
  /** The definition the values were decoded under (variable names and codes follow it). */
  signature: string;
  /** The fact index the positions belong to, and its ids at those positions (to check a replaced index). */
  index: FactBitsets;
  ids: Uint32Array;
  /** Positions filled, 0…size−1, in every column. */
  size: number;
  /** The index's results version when the mutable columns were read. */
  version: number;
  columns: Map<string, Float64Array>;
}

/**
 * The analysis variables of a questionnaire's responses, decoded once and kept as numbers: one Float64Array
 * per variable asked for, aligned with the positions of the questionnaire's fact index (every response, any
 * status, in id order). A request then selects the filtered valid responses by the index's bitset — the
 * results' own filter — instead of reading and decoding every row again (`readColumns`, the path it replaces
 * and is checked against). New responses are appended by position; a status change needs nothing here (the
 * bitset decides who counts); the score and status are read again when the results version moved; a changed
 * definition or an index whose positions moved starts over.
 */
export class AnalysisColumnCache {
  private readonly entries = new Map<number, Entry>();
  private readonly queue = new PerKeyQueue<number>();

  constructor(private readonly limitBytes = DEFAULT_COLUMN_BYTES) {}

  /** The variables' values over the responses of `set` (positions of `index`). */
  async select(
    db: Db,
    questionnaireId: number,
    catalogue: Catalogue,
    signature: string,
    index: FactBitsets,
    set: Bitset,
    variables: readonly CatalogueVariable[],
  ): Promise<AnalysisColumns> {
    const wanted = [...new Map(variables.map((v) => [v.name, v])).values()];
    // Picked before the next request may sync: it could drop a column read again (the score) meanwhile.
    return this.queue.run(questionnaireId, async () =>
      pick(await this.sync(db, questionnaireId, catalogue, signature, index, set.size, wanted), set, wanted),
    );
  }

  /** Bytes the cached columns take. */
  bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entryBytes(entry);
    return total;
  }

  private async sync(
    db: Db,
    questionnaireId: number,
    catalogue: Catalogue,
    signature: string,
    index: FactBitsets,
    size: number,
    wanted: readonly CatalogueVariable[],
  ): Promise<Entry> {
    let entry = this.entries.get(questionnaireId);
    this.entries.delete(questionnaireId);
    if (entry && (entry.signature !== signature || !samePositions(entry.index, entry.ids, entry.size, index)))
      entry = undefined;
    if (!entry)
      entry = {
        signature,
        index,
        ids: new Uint32Array(0),
        size: 0,
        version: index.version,
        columns: new Map(),
      };
    entry.index = index;
    if (entry.version !== index.version) {
      for (const name of MUTABLE) entry.columns.delete(name);
      entry.version = index.version;
    }
    if (entry.size < size) {
      entry.ids = grown(entry.ids, size);
      for (let p = entry.size; p < size; p += 1) entry.ids[p] = index.idAt(p);
      const kept = catalogue.variables.filter((v) => entry.columns.has(v.name));
      if (kept.length > 0) await this.read(db, questionnaireId, catalogue, entry, kept, entry.size, size);
      entry.size = size;
    }
    const missing = wanted.filter((v) => !entry.columns.has(v.name));
    if (missing.length > 0) await this.read(db, questionnaireId, catalogue, entry, missing, 0, entry.size);
    this.entries.set(questionnaireId, entry);
    this.evict(questionnaireId);
    return entry;
  }

  /** Decodes the variables of the responses at positions from…to−1 into the entry's columns. */
  private async read(
    db: Db,
    questionnaireId: number,
    catalogue: Catalogue,
    entry: Entry,
    variables: readonly CatalogueVariable[],
    from: number,
    to: number,
  ): Promise<void> {
    const capacity = entry.ids.length;
    const columns = variables.map((v) => {
      const column = grown(entry.columns.get(v.name) ?? new Float64Array(0), capacity);
      column.fill(Number.NaN, from, to);
      entry.columns.set(v.name, column);
      return column;
    });
    if (from >= to) return;
    const ids = entry.ids;
    const revisions = new RevisionQuestions(db);
    let position = from;
    for await (const batch of responseBatches(db, questionnaireId, null, {
      withLabels: false,
      anyStatus: true,
      batchSize: READ_BATCH,
      after: from === 0 ? 0 : (ids[from - 1] as number),
      upto: ids[to - 1] as number,
    })) {
      await revisions.load(batch.map((r) => r.revisionId));
      for (const response of batch) {
        while (position < to && (ids[position] as number) < response.id) position += 1;
        // A response the index does not hold (committed after it was read) waits for the index.
        if (position >= to || ids[position] !== response.id) continue;
        const values = catalogue.sav.values(response, position + 1, revisions.of(response.revisionId));
        variables.forEach((variable, k) => {
          const value = values[variable.index];
          if (typeof value === "number" && !variable.missing.includes(value))
            (columns[k] as Float64Array)[position] = value;
        });
        position += 1;
      }
    }
  }

  private evict(keep: number): void {
    let total = this.bytes();
    for (const [id, entry] of this.entries) {
      if (total <= this.limitBytes) break;
      if (id === keep) continue;
      this.entries.delete(id);
      total -= entryBytes(entry);
    }
  }
}

/** The selected positions' values of each wanted column (views of the columns when every position is selected). */
function pick(entry: Entry, set: Bitset, wanted: readonly CatalogueVariable[]): AnalysisColumns {
  const count = set.count();
  // Every response the columns hold is selected (no filter, none invalid or deleted): the columns as they are.
  if (count === entry.size && set.size === entry.size)
    return {
      responses: count,
      columns: new Map(
        wanted.map((v) => [v.name, (entry.columns.get(v.name) as Float64Array).subarray(0, count)]),
      ),
    };
  // The selected positions once, then each column copied through them in a loop of its own.
  const positions = positionsOf(set);
  const columns = new Map<string, Float64Array>();
  for (const variable of wanted) {
    const source = entry.columns.get(variable.name) as Float64Array;
    const values = new Float64Array(count);
    for (let i = 0; i < count; i += 1) values[i] = source[positions[i] as number] as number;
    columns.set(variable.name, values);
  }
  return { responses: count, columns };
}

function entryBytes(entry: Entry): number {
  let total = entry.ids.byteLength;
  for (const column of entry.columns.values()) total += column.byteLength;
  return total;
}

const caches = new WeakMap<Db, AnalysisColumnCache>();

/** The column cache of one database handle (each app, and each test app, has its own). */
export function analysisColumnCache(db: Db): AnalysisColumnCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnalysisColumnCache();
    caches.set(db, cache);
  }
  return cache;
}
