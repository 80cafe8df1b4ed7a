import { CompiledQuery } from "kysely";
import type { CommitHook, Db, DialectName, Trx } from "./index.ts";
import { transaction } from "./index.ts";

const SAVEPOINT = CompiledQuery.raw("savepoint unit");
const RELEASE = CompiledQuery.raw("release unit");
const ROLLBACK_TO = CompiledQuery.raw("rollback to unit");

type Work<T> = (trx: Trx, onCommit: (hook: CommitHook) => void) => Promise<T>;

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
        for (const pending of batch) {
          const unitHooks: CommitHook[] = [];
          // Each unit's savepoint is released before the next opens, so one name serves them all.
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await pending.work(trx, (hook) => unitHooks.push(hook));
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
            hooks.push(unitHooks);
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, value: error });
            hooks.push([]);
          }
        }
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
export function groupTransaction<T>(db: Db, dialect: DialectName, work: Work<T>): Promise<T> {
  if (dialect === "postgres") return transaction(db, work);
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db, 64);
    committers.set(db, committer);
  }
  return committer.run(work);
}
