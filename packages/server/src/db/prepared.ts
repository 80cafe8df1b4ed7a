import { type Compilable, CompiledQuery, type QueryResult, type RawBuilder } from "kysely";
import { type Db, isSqlite, type Trx } from "./index.ts";
import { runInTransaction } from "./statement-cache.ts";

/** A parameter's stand-in while the query is built: unique, so its place in the compiled list is known. */
const MARK = "\u0000wjgj-param:";

/**
 * A query built and compiled once per dialect, then run with new parameters: for the statements of the
 * hottest path (a submit), where Kysely's building, plugin passes and compiling cost more than SQLite
 * takes to run the statement. `build` receives named stand-ins for the parameters (`p.id` in place of an
 * id) and must use each as a plain value; rows still come back with camelCase keys. Inside a SQLite
 * transaction the statement runs straight on the connection (statement-cache.ts runInTransaction).
 */
export function preparedQuery<Row, Params extends Record<string, unknown>>(
  build: (db: Db | Trx, p: Record<keyof Params, never>) => Compilable<Row> | RawBuilder<Row>,
) {
  const compiled = new Map<boolean, { sql: string; names: (keyof Params)[] }>();

  function compile(db: Db | Trx) {
    const sqlite = isSqlite(db);
    let found = compiled.get(sqlite);
    if (!found) {
      const stand = new Proxy({} as Record<keyof Params, never>, {
        get: (_target, name) => `${MARK}${String(name)}` as never,
      });
      const built = build(db, stand);
      const query = "isRawBuilder" in built ? built.compile(db) : built.compile();
      const names = query.parameters.map((value) => {
        if (typeof value !== "string" || !value.startsWith(MARK))
          throw new Error(`preparedQuery: a value other than a stand-in was compiled in: ${String(value)}`);
        return value.slice(MARK.length) as keyof Params;
      });
      found = { sql: query.sql, names };
      compiled.set(sqlite, found);
    }
    return found;
  }

  return {
    /** Runs the query on `db` (or a transaction) with `params` in the stand-ins' places. */
    execute(db: Db | Trx, params: Params): Promise<QueryResult<Row>> {
      const { sql, names } = compile(db);
      const values = names.map((name) => params[name]);
      // In a SQLite transaction: straight on the connection (statement-cache.ts runInTransaction).
      const direct = runInTransaction(db, sql, values);
      if (direct) return Promise.resolve(direct as QueryResult<Row>);
      return db.executeQuery<Row>(CompiledQuery.raw(sql, values));
    },
    /** The SQL as compiled for `db`'s dialect (for tests). */
    sql: (db: Db | Trx) => compile(db).sql,
  };
}
