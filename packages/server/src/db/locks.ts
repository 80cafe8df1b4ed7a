import { sql } from "kysely";
import type { DialectName, Trx } from "./index.ts";

/**
 * Serialises transactions that check-then-write the same logical key (e.g. one phone's send limits).
 * SQLite already runs one write transaction at a time; PostgreSQL takes a transaction-scoped advisory lock.
 */
export async function lockKey(trx: Trx, dialect: DialectName, key: string): Promise<void> {
  if (dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}
