import type SQLite from "better-sqlite3";
import type { QueryResult, SqliteDatabase } from "kysely";

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs as much as running a short statement
 * (the submit path runs a dozen). This wrapper keeps prepared statements by SQL text, least recently used
 * out first. Parameters are bound at each run, so one statement serves every call of the same query.
 * A statement still being iterated (a streamed select) is `busy` and cannot be re-entered: such a call gets
 * a fresh statement. SQLite re-prepares a cached statement by itself after a schema change.
 */
export function withStatementCache(database: SQLite.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map keeps insertion order: re-inserting marks the statement as the most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/** The rows of a statement as Kysely's plugins would hand them on (camelCase keys). */
type RowMapper = (row: Record<string, unknown>) => Record<string, unknown>;

interface DirectSqlite {
  database: SqliteDatabase;
  mapRow: RowMapper;
}

/** The cached connection of each SQLite Kysely instance, by its adapter (a transaction shares its parent's). */
const directByAdapter = new WeakMap<object, DirectSqlite>();

/** Registers a SQLite Kysely instance's connection for `runInTransaction` (db/index.ts). */
export function registerDirectSqlite(adapter: object, database: SqliteDatabase, mapRow: RowMapper): void {
  directByAdapter.set(adapter, { database, mapRow });
}

/**
 * Runs a compiled statement straight on SQLite's connection when `db` is a transaction of a registered
 * SQLite database, as Kysely's SQLite driver would (`reader` statements return rows, others their changes),
 * without its executor's per-statement promises, connection hand-over and plugin passes: for the submit's
 * statements (prepared.ts), whose Kysely overhead rivals SQLite's own time. Only inside a transaction: it
 * holds the one connection, so nothing else can run between. Undefined otherwise (the caller goes through
 * Kysely).
 */
export function runInTransaction(
  db: { isTransaction: boolean; getExecutor(): { adapter: object } },
  sql: string,
  parameters: readonly unknown[],
): QueryResult<unknown> | undefined {
  if (!db.isTransaction) return undefined;
  const direct = directByAdapter.get(db.getExecutor().adapter);
  if (!direct) return undefined;
  const statement = direct.database.prepare(sql) as SQLite.Statement;
  if (statement.reader) {
    const rows = statement.all(parameters) as Record<string, unknown>[];
    return { rows: rows.map(direct.mapRow) };
  }
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
