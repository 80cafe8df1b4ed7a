import path from "node:path";
import { threadId } from "node:worker_threads";
import { messages, type ResponseStatus, ResultCode } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { Db, DialectName } from "../../db/index.ts";
import { counterOfRow, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { AppError } from "../../errors.ts";
import { APPEND_CHUNK, appendNew } from "./fact-bitset-append.ts";
import { decodeSnapshot, encodeSnapshot, readSnapshot, writeSnapshot } from "./fact-bitset-snapshot.ts";
import { FactBitsets } from "./fact-bitsets.ts";
import { buildIndexInWorker } from "./fact-index-build.ts";

export { APPEND_CHUNK, parseIds } from "./fact-bitset-append.ts";

/**
 * The counter bumped in every transaction that changes a stored response's status or exam facts
 * (response-status.ts, grading.ts). With the response count (the `total` counter) it tells a cached index
 * whether it is current in one read.
 */
export const RESULTS_VERSION_KEY = "version";

/** Room the cached indexes of all questionnaires may take together (least recently used go first). */
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

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

/** Thrown while a large index is being prepared: the page shows the progress and asks again. */
export class IndexPreparingError extends AppError {
  constructor(readonly progress: number) {
    super(
      ResultCode.preparing,
      "resultsIndexPreparing",
      { progress },
      `${messages.resultsIndexPreparing}（${progress}%）`,
    );
  }
}

/** Points where tests watch or hold a build. */
export interface IndexBuildHooks {
  /** An index is built from the responses (neither cached nor read back from a snapshot). */
  onBuild?: (questionnaireId: number) => void;
  /**
   * After each round of a build or append, before the next; a returned promise holds the build. `thread`
   * is the id of the thread that read the round: a worker's, or the app's own (worker_threads' threadId).
   */
  onRound?: (questionnaireId: number, progress: number, thread: number) => void | Promise<void>;
}

export interface FactBitsetCacheOptions {
  limitBytes?: number;
  appendChunk?: number;
  /** Where snapshots are kept (one file per questionnaire); none when unset. */
  dir?: string;
  /**
   * Responses an index may lack for a filtered call to bring it up to date itself; with more missing
   * (a first build, many submits since) the work runs in the background and the call answers 正在准备筛选数据.
   */
  inlineLimit?: number;
  /**
   * The SQLite database file: a build from scratch of more than `inlineLimit` responses then runs on a
   * worker thread with its own read-only connection (fact-index-build.ts). On PostgreSQL the build reads
   * in rounds through the pool, two statements at a time, yielding between rounds.
   */
  sqliteFile?: string;
}

/** A snapshot is written again once the index has grown by this share since the last one. */
const SNAPSHOT_GROWTH = 0.05;
/** Responses the check of a read-back snapshot looks up (spread over its ids). */
const SNAPSHOT_PROBES = 16;
export const DEFAULT_INLINE_LIMIT = 20_000;

interface Entry {
  index: FactBitsets;
  bytes: number;
  /** Size of the index when its snapshot was last written (or read). */
  savedSize: number;
}

/**
 * Fact bitset indexes of the questionnaires last asked about, per database handle. Each request reads the
 * questionnaire's response count and results version (one row); an index whose valid count and version
 * match is used as is. Otherwise new responses (ids above the cached largest) are appended and, when the
 * version moved, statuses are read again from the (few) responses not valid — so the index never answers
 * from stale data, also when another process changed the database. An index not in memory is read back
 * from its snapshot when there is one (checked against the database), and written to one after it grew.
 */
export class FactBitsetCache {
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<FactBitsets>>();
  /** Progress (0–100) of the background builds running now. */
  private readonly building = new Map<number, number>();
  private readonly writing = new Map<number, Promise<void>>();
  readonly hooks: IndexBuildHooks = {};
  private readonly limitBytes: number;
  /** Responses per round (tests make it small to see rounds). */
  appendChunk: number;
  private readonly dir: string | undefined;
  inlineLimit: number;
  private readonly sqliteFile: string | undefined;

  constructor(options: FactBitsetCacheOptions = {}) {
    this.limitBytes = options.limitBytes ?? DEFAULT_CACHE_BYTES;
    this.appendChunk = options.appendChunk ?? APPEND_CHUNK;
    this.dir = options.dir;
    this.inlineLimit = options.inlineLimit ?? DEFAULT_INLINE_LIMIT;
    this.sqliteFile = options.sqliteFile;
  }

  /** The questionnaire's index, up to date; waits for whatever building that takes. */
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

  /**
   * The index for a request: up to date when that is a short append; otherwise the build (or long
   * append) starts in the background, if not already running, and this throws IndexPreparingError.
   */
  async ready(db: Db, dialect: DialectName, questionnaireId: number): Promise<FactBitsets> {
    const running = this.building.get(questionnaireId);
    if (running !== undefined) throw new IndexPreparingError(running);
    const state = await readState(db, questionnaireId);
    const have =
      this.entries.get(questionnaireId)?.index.validCount ?? (await this.peekSnapshot(questionnaireId));
    if (state.responseCount - have <= this.inlineLimit) return this.get(db, dialect, questionnaireId);
    if (!this.building.has(questionnaireId)) {
      this.building.set(questionnaireId, 0);
      this.get(db, dialect, questionnaireId)
        .catch(() => undefined)
        .finally(() => this.building.delete(questionnaireId));
    }
    throw new IndexPreparingError(this.building.get(questionnaireId) ?? 0);
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

  /** Waits for the snapshot writes under way. */
  async flush(): Promise<void> {
    await Promise.all([...this.writing.values()]);
  }

  private async sync(db: Db, dialect: DialectName, questionnaireId: number): Promise<FactBitsets> {
    const state = await readState(db, questionnaireId);
    const version = state.version;
    const cached = this.entries.get(questionnaireId) ?? (await this.restore(db, questionnaireId));
    this.entries.delete(questionnaireId);
    if (cached && cached.index.version === version && cached.index.validCount === state.responseCount) {
      this.entries.set(questionnaireId, cached);
      return cached.index;
    }
    let index = cached?.index ?? new FactBitsets();
    let savedSize = cached?.savedSize ?? 0;
    if (!cached) this.hooks.onBuild?.(questionnaireId);
    // Read after the version: a change committed meanwhile leaves an older version here, read again next time.
    if (cached && cached.index.version !== version)
      index.setStatuses(await notValid(db, questionnaireId, index.maxId));
    const reportRound = async (progress: number, thread: number) => {
      if (this.building.has(questionnaireId)) this.building.set(questionnaireId, progress);
      await this.hooks.onRound?.(questionnaireId, progress, thread);
    };
    if (!cached && dialect === "sqlite" && this.sqliteFile && state.responseCount > this.inlineLimit) {
      const built = await buildIndexInWorker(
        {
          file: this.sqliteFile,
          questionnaireId,
          chunk: this.appendChunk,
          expected: state.responseCount,
          version,
          dir: this.dir,
        },
        reportRound,
      );
      index = built.index;
      if (built.saved) savedSize = index.size;
    }
    // What the worker did not see (submitted while it read) is appended here, as after any cached index.
    const expected = Math.max(1, state.responseCount);
    await appendNew(db, dialect, questionnaireId, index, this.appendChunk, () =>
      reportRound(Math.min(99, Math.floor((index.validCount / expected) * 100)), threadId),
    );
    // On PostgreSQL submits no longer hold the questionnaire, so ids may commit out of order: a response
    // committed after a higher id was indexed is beyond `id > maxId`'s reach. Fewer valid responses indexed
    // than were counted before reading is that gap: the index is built again.
    if (dialect === "postgres" && index.validCount < state.responseCount) {
      index = new FactBitsets();
      await appendNew(db, dialect, questionnaireId, index, this.appendChunk, () => {});
    }
    index.version = version;
    const entry = { index, bytes: index.bytes(), savedSize };
    this.entries.set(questionnaireId, entry);
    this.evict(questionnaireId);
    this.save(questionnaireId, entry);
    return index;
  }

  /** Writes the index's snapshot when it grew enough since the last one (one write at a time). */
  private save(questionnaireId: number, entry: Entry): void {
    const { index } = entry;
    if (!this.dir || index.size === 0) return;
    if (entry.savedSize > 0 && index.size - entry.savedSize < entry.savedSize * SNAPSHOT_GROWTH) return;
    if (this.writing.has(questionnaireId)) return;
    entry.savedSize = index.size;
    const dir = this.dir;
    const write = writeSnapshot(dir, questionnaireId, encodeSnapshot(questionnaireId, index))
      .catch(() => {
        // A snapshot is only a shortcut: without one the next start builds the index again.
        entry.savedSize = 0;
      })
      .finally(() => this.writing.delete(questionnaireId));
    this.writing.set(questionnaireId, write);
  }

  /** Valid responses the stored snapshot holds (0 without one), from its header alone. */
  private async peekSnapshot(questionnaireId: number): Promise<number> {
    if (!this.dir) return 0;
    const bytes = await readSnapshot(this.dir, questionnaireId);
    if (!bytes) return 0;
    const index = decodeSnapshot(questionnaireId, bytes);
    if (!index) return 0;
    // Kept for the sync that follows, which checks it against the database before use.
    this.restored.set(questionnaireId, index);
    return index.validCount;
  }

  private readonly restored = new Map<number, FactBitsets>();

  /**
   * The index kept in the questionnaire's snapshot, when it matches the database: a few of its response
   * ids spread over it, its first and its last, must be responses of this questionnaire. Anything after it
   * is appended by the caller, status changes are read by the version.
   */
  private async restore(db: Db, questionnaireId: number): Promise<Entry | undefined> {
    if (!this.dir) return undefined;
    let index = this.restored.get(questionnaireId);
    this.restored.delete(questionnaireId);
    if (!index) {
      const bytes = await readSnapshot(this.dir, questionnaireId);
      index = (bytes && decodeSnapshot(questionnaireId, bytes)) || undefined;
    }
    if (!index || index.size === 0) return undefined;
    const probes = new Set<number>();
    for (let i = 0; i < SNAPSHOT_PROBES; i += 1)
      probes.add(index.idAt(Math.floor((i * (index.size - 1)) / (SNAPSHOT_PROBES - 1))));
    const found = await db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", questionnaireId)
      .where("id", "in", [...probes])
      .execute();
    if (found.length !== probes.size) return undefined;
    return { index, bytes: index.bytes(), savedSize: index.size };
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

/** The questionnaire's valid response count and results version: one row. */
async function readState(db: Db, questionnaireId: number) {
  const state = await db
    .selectFrom("questionnaires")
    // Correlated sums of the shards (tables/questionnaires.ts says why not a join with the view).
    .select([counterOfRow(RESULTS_VERSION_KEY).as("version"), responseCountColumn])
    .where("questionnaires.id", "=", questionnaireId)
    .executeTakeFirst();
  return { responseCount: Number(state?.responseCount ?? 0), version: Number(state?.version ?? 0) };
}

const caches = new WeakMap<Db, FactBitsetCache>();

/** The cache of one database handle (each app, and each test app, has its own). */
export function factBitsetCache(db: Db, options?: FactBitsetCacheOptions): FactBitsetCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FactBitsetCache(options);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Waits for the snapshot writes of `db`'s cache, if it has one (the app's onClose): a write still under way
 * after the server closed would land in a data folder being moved or removed (a test's, a backup's).
 */
export async function settleResultsIndex(db: Db): Promise<void> {
  await caches.get(db)?.flush();
}

/** The cache of an app: snapshots under DATA_DIR/results-index/<dialect>. */
export function resultsIndex(ctx: AppContext): FactBitsetCache {
  return factBitsetCache(ctx.db, {
    dir: path.join(ctx.config.dataDir, "results-index", ctx.dialect),
    ...(ctx.dialect === "sqlite" ? { sqliteFile: path.join(ctx.config.dataDir, "wjgj.sqlite") } : {}),
  });
}
