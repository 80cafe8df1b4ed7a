import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "./index.ts";
import { sqliteRowsInsert } from "./sqlite-rows.ts";

let handle: DbHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  handle = undefined;
  dir = undefined;
});

async function openItems() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-rows-"));
  handle = openDb({ dataDir: dir });
  await sql`create table items (k text primary key, n integer, t text)`.execute(handle.db);
  return handle.db;
}

const insertItems = sqliteRowsInsert("insert into items (k, n, t)", 3);
const rowsOf = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ k: `${prefix}${i}`, n: i % 3 === 0 ? null : i, t: `第${i}行` }));

describe("sqliteRowsInsert", () => {
  it("binds every row, more than one statement's worth, inside a transaction and outside", async () => {
    const db = await openItems();
    const inside = rowsOf(150, "a");
    await db.transaction().execute((trx) =>
      insertItems.run(trx, inside.length, (values, i) => {
        const row = inside[i];
        values.push(row?.k, row?.n, row?.t);
      }),
    );
    const outside = rowsOf(65, "b");
    await insertItems.run(db, outside.length, (values, i) => {
      const row = outside[i];
      values.push(row?.k, row?.n, row?.t);
    });
    const stored = await sql<{ k: string; n: number | null; t: string }>`select k, n, t from items`.execute(
      db,
    );
    const byKey = new Map(stored.rows.map((row) => [row.k, row]));
    expect(byKey.size).toBe(215);
    for (const row of [...inside, ...outside]) expect(byKey.get(row.k)).toEqual(row);
  });

  it("rolls back with its transaction", async () => {
    const db = await openItems();
    const rows = rowsOf(70, "c");
    await expect(
      db.transaction().execute(async (trx) => {
        await insertItems.run(trx, rows.length, (values, i) =>
          values.push(rows[i]?.k, rows[i]?.n, rows[i]?.t),
        );
        throw new Error("abandoned");
      }),
    ).rejects.toThrow("abandoned");
    const { rows: counted } = await sql<{ count: number }>`select count(*) as count from items`.execute(db);
    expect(counted[0]?.count).toBe(0);
  });

  it("writes the statement's tail once after the rows (an upsert adds to repeated keys)", async () => {
    const db = await openItems();
    const upsert = sqliteRowsInsert(
      "insert into items (k, n, t)",
      3,
      "on conflict (k) do update set n = items.n + excluded.n",
    );
    expect(upsert.sql(2)).toBe(
      "insert into items (k, n, t) values (?, ?, ?), (?, ?, ?) on conflict (k) do update set n = items.n + excluded.n",
    );
    const keys = ["x", "y", "x", "x"];
    await db
      .transaction()
      .execute((trx) => upsert.run(trx, keys.length, (values, i) => values.push(keys[i], 1, "")));
    const { rows } = await sql<{ k: string; n: number }>`select k, n from items order by k`.execute(db);
    expect(rows).toEqual([
      { k: "x", n: 3 },
      { k: "y", n: 1 },
    ]);
  });
});
