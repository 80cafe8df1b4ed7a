import { CompiledQuery } from "kysely";
import type { Db, Trx } from "./index.ts";
import { runInTransaction } from "./statement-cache.ts";

/** Rows per statement: 64 rows of up to 8 values stay far below SQLite's limit of bound values. */
const ROWS_PER_STATEMENT = 64;

/**
 * A multi-row `insert … values (?, …), (?, …) …` for SQLite with its values bound, in statements of at most 64
 * rows. The SQL of each row count is written once and prepared once (the connection's statement cache,
 * statement-cache.ts): bound values cost SQLite less than unpacking a JSON array with json_each and `->>`
 * (a third less for a 50-question submit's facts), and spare building the JSON.
 */
export function sqliteRowsInsert(head: string, width: number, tail = "") {
  const texts: string[] = [];
  const row = `(${Array.from({ length: width }, () => "?").join(", ")})`;
  const textOf = (rows: number) => {
    let text = texts[rows];
    if (text === undefined) {
      text = `${head} values ${Array.from({ length: rows }, () => row).join(", ")}${tail ? ` ${tail}` : ""}`;
      texts[rows] = text;
    }
    return text;
  };
  return {
    /**
     * Inserts `count` rows; `fill(values, index)` pushes row `index`'s `width` values. In a transaction the
     * statements run straight on the connection (runInTransaction), otherwise through Kysely.
     */
    async run(db: Db | Trx, count: number, fill: (values: unknown[], index: number) => void) {
      for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
        const end = Math.min(count, start + ROWS_PER_STATEMENT);
        const values: unknown[] = [];
        for (let index = start; index < end; index++) fill(values, index);
        const text = textOf(end - start);
        if (!runInTransaction(db, text, values)) await db.executeQuery(CompiledQuery.raw(text, values));
      }
    },
    /** The SQL of a statement of `rows` rows (for tests). */
    sql: textOf,
  };
}
