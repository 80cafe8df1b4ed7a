import type { Generated, Selectable } from "kysely";

export type JobStatus = "queued" | "running" | "failed";

/** A unit of background work (see migration 0035); done jobs are deleted, failed ones kept for a while. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** Unique per piece of work: `export:12`, `maintenance:2026-11-27T12`. */
  key: string;
  /** The handler's input, JSON. */
  payload: string;
  status: JobStatus;
  /** Not before this time (retries wait with back-off). */
  runAt: string;
  /** While running: the lease; another instance takes the job over once it has passed. */
  lockedUntil: string | null;
  lockedBy: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  createdAt: string;
  updatedAt: string;
}

export type JobRow = Selectable<JobsTable>;
