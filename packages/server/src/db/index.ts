import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type Transaction,
} from "kysely";
import pg from "pg";
import type { PgPoolOptions } from "../config.ts";
import { type Checkpointer, startCheckpointer } from "./checkpointer.ts";
import type { Database } from "./schema.ts";
import { registerDirectSqlite, withStatementCache } from "./statement-cache.ts";

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DialectName = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL's connection pool (its counts go to /metrics); SQLite has none. */
  pool?: pg.Pool;
  /** SQLite's checkpoint worker (checkpointer.ts), when asked for. */
  checkpointer?: Checkpointer;
  destroy(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every number we store fits in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** The pool's defaults when a caller does not pass config.pgPool (config.ts documents each). */
const defaultPool: PgPoolOptions = {
  max: 10,
  idleTimeoutMs: 30_000,
  connectTimeoutMs: 0,
  statementTimeoutMs: 30_000,
};

/** The pg pool under each PostgreSQL Kysely instance, for the few statements run as named prepared ones. */
const pools = new WeakMap<Db, pg.Pool>();

export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** Kysely's camelCase plugin, with its row mapping open to statements run straight on SQLite. */
class CamelCase extends CamelCasePlugin {
  rowOf(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row);
  }
}

export function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgPool?: PgPoolOptions;
  /**
   * SQLite: WAL checkpoints on a worker thread instead of inside a COMMIT on the event loop (checkpointer.ts).
   * The server asks for it; the tests' many short-lived databases do not start a thread each.
   */
  checkpointThread?: { onError(message: string): void };
}): DbHandle {
  const camelCase = new CamelCase();
  const plugins = [camelCase];
  if (options.databaseUrl) {
    const settings = options.pgPool ?? defaultPool;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: settings.max,
      idleTimeoutMillis: settings.idleTimeoutMs,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
      // No JIT compilation. A filter built in the results page becomes one expression per condition leaf,
      // and the planner's estimate for it can pass jit_above_cost: compiling a 500-leaf filter took 32 s
      // where running it takes 0.2 s. Our statements are short; JIT only pays on long analytic scans.
      options: "-c jit=off",
    });
    // An idle client that the server drops (restart, admin command) emits 'error' on the pool; unhandled,
    // that would end the process. The pool discards the client and the next query opens a new one.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    pools.set(db, pool);
    return { db, dialect: "postgres", pool, destroy: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, "wjgj.sqlite");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a commit is on disk before the response is acknowledged (answers are never lost on power failure).
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Statement journals (a multi-row INSERT … SELECT inside a transaction writes one) stay in memory.
  sqlite.pragma("temp_store = memory");
  const database = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
  registerDirectSqlite(db.getExecutor().adapter, database, (row) => camelCase.rowOf(row));
  const checkpointer = options.checkpointThread
    ? startCheckpointer(sqlite, file, { onError: options.checkpointThread.onError })
    : undefined;
  return {
    db,
    dialect: "sqlite",
    ...(checkpointer ? { checkpointer } : {}),
    destroy: async () => {
      // The worker's connection closes first: the server's, the last one, then checkpoints what is left.
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** Whether a database or transaction talks to SQLite, for the few statements written per dialect. */
export function isSqlite(db: Db | Trx): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The dialect a database or transaction talks, for code handed only the handle. */
export function dialectOf(db: Db | Trx): DialectName {
  return isSqlite(db) ? "sqlite" : "postgres";
}

export type CommitHook = () => void | Promise<void>;

/**
 * Runs `fn` in a transaction; side effects registered with `onCommit` (SMS, webhooks) run only after
 * the commit succeeded, in order, so a rolled-back change never notifies anyone.
 */
export async function transaction<T>(
  db: Db,
  fn: (trx: Trx, onCommit: (hook: CommitHook) => void) => Promise<T>,
): Promise<T> {
  const hooks: CommitHook[] = [];
  const result = await db.transaction().execute((trx) => fn(trx, (hook) => hooks.push(hook)));
  for (const hook of hooks) await hook();
  return result;
}

/** Number of rows counted by `count(*)`, the same type on both databases. */
export function toCount(row: { count: string | number | bigint } | undefined): number {
  return Number(row?.count ?? 0);
}
