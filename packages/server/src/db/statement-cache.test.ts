import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.ts";

let raw: SQLite.Database | undefined;
let db: Kysely<{ items: { n: number } }> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  raw = undefined;
});

/** A Kysely over an in-memory database whose prepares are counted. */
function cachedDb(capacity?: number) {
  raw = new SQLite(":memory:");
  const prepares = { count: 0 };
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((source: string) => {
    prepares.count++;
    return prepare(source);
  }) as typeof raw.prepare;
  db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(raw, capacity) }) });
  return { db, prepares };
}

describe("withStatementCache", () => {
  it("prepares a query once and binds new parameters on every run", async () => {
    const { db, prepares } = cachedDb();
    await sql`create table items (n integer not null)`.execute(db);
    for (let n = 0; n < 5; n++) await db.insertInto("items").values({ n }).execute();
    const rows = await db.selectFrom("items").select("n").where("n", ">", 2).orderBy("n").execute();
    expect(rows).toEqual([{ n: 3 }, { n: 4 }]);
    // create + one insert + one select
    expect(prepares.count).toBe(3);
  });

  it("gives a query whose cached statement is still being iterated a statement of its own", () => {
    const database = new SQLite(":memory:");
    const cache = withStatementCache(database);
    database.exec("create table items (n integer not null); insert into items values (0), (1), (2)");
    const text = "select n from items order by n";
    const outer = cache.prepare(text).iterate([]);
    expect(outer.next().value).toEqual({ n: 0 });
    // Reusing the busy statement would throw "This statement is busy executing a query".
    expect(cache.prepare(text).all([])).toHaveLength(3);
    expect([...outer]).toEqual([{ n: 1 }, { n: 2 }]);
    database.close();
  });

  it("drops the least recently used statement past its capacity and still answers correctly", async () => {
    const { db, prepares } = cachedDb(2);
    await sql`create table items (n integer not null)`.execute(db);
    await db.insertInto("items").values({ n: 1 }).execute();
    const count = async () => (await db.selectFrom("items").select("n").execute()).length;
    expect(await count()).toBe(1);
    const before = prepares.count;
    // Two other statements push the select out; it is prepared again, once.
    await db.insertInto("items").values({ n: 2 }).execute();
    await sql`select 1`.execute(db);
    expect(await count()).toBe(2);
    expect(await count()).toBe(2);
    expect(prepares.count).toBe(before + 2);
  });
});
