import { type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * `column` contains `keyword`, ignoring ASCII case, on both databases. LIKE's wildcards in the keyword
 * are escaped so a search for "100%" finds that text rather than everything.
 */
export function contains(column: string, keyword: string, storedLowerCase = false): RawBuilder<SqlBool> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A column kept in lower case on write (e.g. templates.search_text) is matched as it is: no lower() per row.
  return storedLowerCase
    ? sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`
    : sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
