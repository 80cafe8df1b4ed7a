import { CompiledQuery } from "kysely";
import type { CommitHook, Db, DialectName, Trx } from "./index.ts";
import { transaction } from "./index.ts";
import { runInTransaction } from "./statement-cache.ts";

const SAVEPOINT = CompiledQuery.raw("savepoint unit");
const RELEASE = CompiledQuery.raw("release unit");
const ROLLBACK_TO = CompiledQuery.raw("rollback to unit");

/** A savepoint statement, straight on SQLite's connection (statement-cache.ts runInTransaction). */
async function savepoint(trx: Trx, statement: CompiledQuery): Promise<void> {
  if (!runInTransaction(trx, statement.sql, statement.parameters)) await trx.executeQuery(statement);
}

/**
 * Counter deltas a unit leaves for the batch to write once, before its COMMIT (see GroupCommitter): a key that
 * 30 submits of a batch add to is one upsert instead of 30. Units read what earlier units of the batch and they
 * themselves left (`pending`) on top of what the table says, so limits stay exact.
 */
export interface DeferredCounters {
  add(questionnaireId: number, entries: readonly (readonly [key: string, delta: number])[]): void;
  pending(questionnaireId: number, key: string): number;
}

/** Writes a batch's counter deltas, one call per questionnaire, inside the batch's transaction. */
export type CounterFlush = (
  trx: Trx,
  questionnaireId: number,
  entries: readonly (readonly [key: string, delta: number])[],
) => Promise<void>;

/**
 * Reads a batch's units share: `once` runs `read` for the first unit that asks under `key` and answers the
 * same value to the batch's later units. Only for what no unit of the batch writes (the questionnaire row as
 * a submit reads it): the batch is one transaction on SQLite's one connection, so nothing else can change it
 * between two units. On PostgreSQL every unit has its own transaction and its own reads.
 */
export interface BatchReads {
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

type Work<T> = (
  trx: Trx,
  onCommit: (hook: CommitHook) => void,
  counters: DeferredCounters,
  reads: BatchReads,
) => Promise<T>;

/** Memoised reads of one batch (or, on PostgreSQL, of one unit's transaction). */
function batchReads(): BatchReads {
  const values = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      let value = values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = read();
        values.set(key, value);
        // A failed read is not remembered: the next unit reads again.
        value.catch(() => values.delete(key));
      }
      return value;
    },
  };
}

/** Deltas by questionnaire and key. */
class CounterDeltas {
  private readonly byQuestionnaire = new Map<number, Map<string, number>>();

  add(questionnaireId: number, entries: Iterable<readonly [key: string, delta: number]>): void {
    let keys = this.byQuestionnaire.get(questionnaireId);
    if (!keys) {
      keys = new Map();
      this.byQuestionnaire.set(questionnaireId, keys);
    }
    for (const [key, delta] of entries) keys.set(key, (keys.get(key) ?? 0) + delta);
  }

  get(questionnaireId: number, key: string): number {
    return this.byQuestionnaire.get(questionnaireId)?.get(key) ?? 0;
  }

  /** A transaction's own view (PostgreSQL: one unit per transaction): it adds here and reads what it left. */
  deferred(): DeferredCounters {
    return {
      add: (questionnaireId, entries) => this.add(questionnaireId, entries),
      pending: (questionnaireId, key) => this.get(questionnaireId, key),
    };
  }

  async flush(trx: Trx, write: CounterFlush): Promise<void> {
    for (const [questionnaireId, keys] of this.byQuestionnaire) {
      const entries = [...keys].filter(([, delta]) => delta !== 0);
      if (entries.length > 0) await write(trx, questionnaireId, entries);
    }
  }
}

/**
 * One unit's deltas in a batch, kept as the lists it added (a submit adds ~50 keys once): they join the batch's
 * deltas only if the unit stands, without a map of their own on the way.
 */
class UnitDeltas implements DeferredCounters {
  private readonly added: [questionnaireId: number, entries: readonly (readonly [string, number])[]][] = [];

  constructor(private readonly batch: CounterDeltas) {}

  add(questionnaireId: number, entries: readonly (readonly [key: string, delta: number])[]): void {
    this.added.push([questionnaireId, entries]);
  }

  pending(questionnaireId: number, key: string): number {
    let sum = this.batch.get(questionnaireId, key);
    for (const [id, entries] of this.added)
      if (id === questionnaireId) for (const [k, delta] of entries) if (k === key) sum += delta;
    return sum;
  }

  /** Adds this unit's deltas to the batch's (the unit stood). */
  commit(): void {
    for (const [questionnaireId, entries] of this.added) this.batch.add(questionnaireId, entries);
  }
}

interface Pending {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for SQLite: units of work queued while the event loop was busy run in ONE transaction, each
 * inside its own savepoint, and all are acknowledged after the single COMMIT — one fsync (synchronous=FULL)
 * for a batch instead of one per submit. A unit that throws rolls back to its savepoint only; its neighbours
 * commit. Units see each other's writes in queue order, so quotas and caps hold exactly as if they had run
 * one after another. If the COMMIT itself fails, every unit of the batch fails: nothing is acknowledged
 * that is not on disk.
 */
class GroupCommitter {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly maxBatch: number,
    private readonly flushCounters: CounterFlush,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after the current I/O phase: requests parsed in the same turn share the batch.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    const outcomes: { ok: boolean; value: unknown }[] = [];
    const hooks: CommitHook[][] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        // The counter deltas of the units that stood so far.
        const batchCounters = new CounterDeltas();
        const reads = batchReads();
        for (const pending of batch) {
          const unitHooks: CommitHook[] = [];
          const unitCounters = new UnitDeltas(batchCounters);
          // Each unit's savepoint is released before the next opens, so one name serves them all.
          await savepoint(trx, SAVEPOINT);
          try {
            const value = await pending.work(trx, (hook) => unitHooks.push(hook), unitCounters, reads);
            await savepoint(trx, RELEASE);
            // Only a unit that stood adds to the batch's counters (one rolled back to its savepoint left none).
            unitCounters.commit();
            outcomes.push({ ok: true, value });
            hooks.push(unitHooks);
          } catch (error) {
            await savepoint(trx, ROLLBACK_TO);
            await savepoint(trx, RELEASE);
            outcomes.push({ ok: false, value: error });
            hooks.push([]);
          }
        }
        // The counters of the whole batch, in the same transaction: they commit with the responses or not at all.
        await batchCounters.flush(trx, this.flushCounters);
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      this.afterFlush();
      return;
    }
    for (const [index, pending] of batch.entries()) {
      const outcome = outcomes[index];
      if (!outcome?.ok) {
        pending.reject(outcome?.value);
        continue;
      }
      try {
        for (const hook of hooks[index] ?? []) await hook();
        pending.resolve(outcome.value);
      } catch (error) {
        pending.reject(error);
      }
    }
    this.afterFlush();
  }

  private afterFlush() {
    if (this.queue.length > 0) setImmediate(() => void this.flush());
    else this.scheduled = false;
  }
}

const committers = new WeakMap<Db, GroupCommitter>();

/**
 * Runs `work` like `transaction`, but on SQLite batched with other concurrent units (see GroupCommitter).
 * PostgreSQL commits concurrently on its own (row locks, its own WAL group commit), so it keeps one
 * transaction per unit.
 */
export function groupTransaction<T>(
  db: Db,
  dialect: DialectName,
  flushCounters: CounterFlush,
  work: Work<T>,
): Promise<T> {
  if (dialect === "postgres")
    return transaction(db, async (trx, onCommit) => {
      const deltas = new CounterDeltas();
      const value = await work(trx, onCommit, deltas.deferred(), batchReads());
      await deltas.flush(trx, flushCounters);
      return value;
    });
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db, 64, flushCounters);
    committers.set(db, committer);
  }
  return committer.run(work);
}
