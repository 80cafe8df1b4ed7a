import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

/**
 * Deleting a row makes the database look for the rows that point at it, through every foreign key (to
 * cascade, or to refuse). Without an index that starts with the pointing column, that look is a scan of the
 * whole pointing table for each deleted row: deleting a questionnaire with thousands of responses scanned
 * every fact of every questionnaire once per response (hours on a large database, with SQLite's one writer
 * held all along). Every foreign key of the schema must be served by an index, on both databases.
 */
describe("foreign keys", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
  });

  it("each has an index starting with its column(s)", async () => {
    const unserved: string[] = [];
    if (t.ctx.dialect === "sqlite") {
      const tables = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db);
      for (const { name } of tables.rows) {
        const keys = await sql<{ id: number; from: string; table: string }>`
          select id, "from", "table" from pragma_foreign_key_list(${name}) order by id, seq`.execute(t.db);
        const indexes = await sql<{ name: string }>`select name from pragma_index_list(${name})`.execute(
          t.db,
        );
        const leading: string[][] = [];
        for (const index of indexes.rows) {
          const columns = await sql<{ name: string }>`
            select name from pragma_index_info(${index.name}) order by seqno`.execute(t.db);
          leading.push(columns.rows.map((c) => c.name));
        }
        const primary = await sql<{ name: string }>`
          select name from pragma_table_info(${name}) where pk > 0 order by pk`.execute(t.db);
        leading.push(primary.rows.map((c) => c.name));
        const byKey = new Map<number, string[]>();
        for (const key of keys.rows) byKey.set(key.id, [...(byKey.get(key.id) ?? []), key.from]);
        for (const [id, columns] of byKey) {
          const served = leading.some((index) => columns.every((column, i) => index[i] === column));
          const target = keys.rows.find((key) => key.id === id)?.table;
          if (!served) unserved.push(`${name}(${columns.join(", ")}) → ${target}`);
        }
      }
    } else {
      const rows = await sql<{ key: string }>`
        select c.conrelid::regclass::text || '(' || array_to_string(array(
                 select a.attname from unnest(c.conkey) with ordinality k(n, o)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o), ', ')
               || ') → ' || c.confrelid::regclass::text as key
        from pg_constraint c
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey)`.execute(t.db);
      unserved.push(...rows.rows.map((row) => row.key));
    }
    expect(unserved.sort()).toEqual([]);
  });
});
