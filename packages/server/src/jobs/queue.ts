import type { Db } from "../db/index.ts";
import type { JobRow } from "../db/tables/jobs.ts";

/** The queue's SQL: enqueue, claim with a lease, renew, finish, retry and hand back. */

/** Wait before the n-th retry: 2 s, 4 s, 8 s … capped at ten minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(600_000, 1000 * 2 ** Math.max(1, attempts));
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * Adds a job unless one with the same key exists (a periodic job enqueued by every instance runs once).
 * Returns whether a row was added.
 */
export async function enqueueJob(
  db: Db,
  now: Date,
  job: { kind: string; key: string; payload: unknown; maxAttempts: number; runAt?: Date },
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      key: job.key,
      payload: JSON.stringify(job.payload),
      status: "queued",
      runAt: (job.runAt ?? now).toISOString(),
      lockedUntil: null,
      lockedBy: null,
      attempts: 0,
      maxAttempts: job.maxAttempts,
      lastError: "",
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes the oldest due job: a queued one whose time has come, or a running one whose lease has lapsed (its
 * instance died or hangs). On PostgreSQL `FOR UPDATE SKIP LOCKED` lets instances claim side by side without
 * waiting on each other or taking the same row; SQLite has one process and serialises writes anyway.
 */
export async function claimJob(
  db: Db,
  sqlite: boolean,
  claim: { instanceId: string; now: Date; leaseMs: number },
): Promise<JobRow | undefined> {
  const now = claim.now.toISOString();
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "queued"), eb("runAt", "<=", now)]),
        eb.and([eb("status", "=", "running"), eb("lockedUntil", "<", now)]),
      ]),
    )
    .orderBy("runAt")
    .orderBy("id")
    .limit(1);
  if (!sqlite) due = due.forUpdate().skipLocked();
  return db
    .updateTable("jobs")
    .set((eb) => ({
      status: "running",
      lockedBy: claim.instanceId,
      lockedUntil: later(claim.now, claim.leaseMs),
      attempts: eb("attempts", "+", 1),
      updatedAt: now,
    }))
    .where("id", "=", due)
    .returningAll()
    .executeTakeFirst();
}

/** Extends this instance's lease; false when the job is no longer its own (taken over or deleted). */
export async function renewLease(
  db: Db,
  job: Pick<JobRow, "id" | "lockedBy">,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ lockedUntil: later(now, leaseMs), updatedAt: now.toISOString() })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("lockedBy", "=", job.lockedBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Mine: still running under this instance's claim (a job taken over must not be finished twice). */
const mine = (job: Pick<JobRow, "id" | "lockedBy">) => (db: Db) =>
  db.updateTable("jobs").where("id", "=", job.id).where("lockedBy", "=", job.lockedBy);

export async function completeJob(db: Db, job: Pick<JobRow, "id" | "lockedBy">): Promise<void> {
  await db.deleteFrom("jobs").where("id", "=", job.id).where("lockedBy", "=", job.lockedBy).execute();
}

/** A failed run: queued again after a back-off, or failed for good once its attempts are spent. */
export async function failJob(
  db: Db,
  job: Pick<JobRow, "id" | "lockedBy" | "attempts" | "maxAttempts">,
  now: Date,
  error: string,
): Promise<"retry" | "failed"> {
  const retry = job.attempts < job.maxAttempts;
  await mine(job)(db)
    .set({
      status: retry ? "queued" : "failed",
      runAt: retry ? later(now, retryDelayMs(job.attempts)) : now.toISOString(),
      lockedBy: null,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      updatedAt: now.toISOString(),
    })
    .execute();
  return retry ? "retry" : "failed";
}

/** The instance is stopping: the job goes back to the queue at once, its interrupted run not counted. */
export async function releaseJob(db: Db, job: Pick<JobRow, "id" | "lockedBy">, now: Date): Promise<void> {
  await mine(job)(db)
    .set((eb) => ({
      status: "queued",
      runAt: now.toISOString(),
      lockedBy: null,
      lockedUntil: null,
      attempts: eb("attempts", "-", 1),
      updatedAt: now.toISOString(),
    }))
    .execute();
}

export async function deleteJob(db: Db, key: string): Promise<void> {
  await db.deleteFrom("jobs").where("key", "=", key).execute();
}
