import { sql } from "kysely";
import type { Db, DialectName, Trx } from "./index.ts";

/**
 * Serialises transactions that check-then-write the same logical key (e.g. one phone's send limits).
 * SQLite already runs one write transaction at a time; PostgreSQL takes a transaction-scoped advisory lock.
 */
export async function lockKey(trx: Trx, dialect: DialectName, key: string): Promise<void> {
  if (dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}

/**
 * Runs `fn` while holding a session-level lock named `key` on one connection of the pool, which `fn` is
 * given to work through. For startup steps that must not run on two instances at once (the first admin
 * and the demo content on an empty database); SQLite has one process.
 */
export async function withSessionLock<T>(
  db: Db,
  dialect: DialectName,
  key: string,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  if (dialect !== "postgres") return fn(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}
