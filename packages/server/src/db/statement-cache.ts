import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

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
