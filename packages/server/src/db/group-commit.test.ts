import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { groupTransaction } from "./group-commit.ts";
import type { Db } from "./index.ts";

let db: Kysely<{ items: { n: number } }> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

/** An in-memory database that counts the COMMITs it executes. */
async function countingDb() {
  const commits = { count: 0 };
  db = new Kysely({
    dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
    log: (event) => {
      if (event.level === "query" && event.query.sql === "commit") commits.count++;
    },
  });
  await sql`create table items (n integer not null unique)`.execute(db);
  return { db: db as unknown as Db, commits, items: db };
}

const insert = (n: number) => sql`insert into items (n) values (${n})`;
const noCounters = async () => {};

describe("groupTransaction on SQLite", () => {
  it("commits concurrent units once, each acknowledged after the commit", async () => {
    const { db, commits, items } = await countingDb();
    const committed: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        groupTransaction(db, "sqlite", noCounters, async (trx, onCommit) => {
          await insert(n).execute(trx);
          onCommit(() => {
            committed.push(n);
          });
          return n * 2;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, n) => n * 2));
    expect(commits.count).toBe(1);
    expect(committed).toHaveLength(20);
    const rows = await items.selectFrom("items").select("n").orderBy("n").execute();
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it("rolls back only the unit that failed; its neighbours commit and see each other in order", async () => {
    const { db, items } = await countingDb();
    const seen: number[] = [];
    const outcomes = await Promise.allSettled(
      [1, 2, 2, 3].map((n, index) =>
        groupTransaction(db, "sqlite", noCounters, async (trx) => {
          const before = await sql<{ c: number }>`select count(*) as c from items`.execute(trx);
          seen.push(Number(before.rows[0]?.c));
          await insert(n).execute(trx); // the second 2 breaks the unique constraint
          if (index === 3) throw new Error("后来者失败");
          return n;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
    expect(seen).toEqual([0, 1, 2, 2]);
    const rows = await items.selectFrom("items").select("n").orderBy("n").execute();
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });

  it("starts a new batch for work queued while one is committing", async () => {
    const { db, commits } = await countingDb();
    const first = groupTransaction(db, "sqlite", noCounters, (trx) => insert(1).execute(trx));
    await first;
    await groupTransaction(db, "sqlite", noCounters, (trx) => insert(2).execute(trx));
    expect(commits.count).toBe(2);
  });

  it("writes the batch's counter deltas once per questionnaire before the commit; a failed unit's are dropped", async () => {
    const { db, commits } = await countingDb();
    const flushed: { questionnaireId: number; entries: (readonly [string, number])[]; commits: number }[] =
      [];
    const flush = async (
      _trx: unknown,
      questionnaireId: number,
      entries: readonly (readonly [string, number])[],
    ) => {
      flushed.push({ questionnaireId, entries: [...entries], commits: commits.count });
    };
    const seen: number[] = [];
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        groupTransaction(db, "sqlite", flush, async (trx, _onCommit, counters) => {
          // What the earlier units that stood left, as a submit's cap and quota checks read it.
          seen.push(counters.pending(7, "total"));
          counters.add(7, [
            ["total", 1],
            [`option:q1:${n % 2 === 0 ? "a" : "b"}`, 1],
          ]);
          if (n === 2) counters.add(8, [["total", 1]]);
          await insert(n).execute(trx);
          if (n === 3) throw new Error("第三份失败");
          return n;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(seen).toEqual([0, 1, 2, 2]);
    expect(commits.count).toBe(1);
    expect(flushed).toEqual([
      {
        questionnaireId: 7,
        entries: [
          ["total", 3],
          ["option:q1:b", 1],
          ["option:q1:a", 2],
        ],
        commits: 0,
      },
      { questionnaireId: 8, entries: [["total", 1]], commits: 0 },
    ]);
  });

  it("shares a read among the units of one batch; a failed read is read again; the next batch reads anew", async () => {
    const { db } = await countingDb();
    let reads = 0;
    const read = async () => {
      reads++;
      if (reads === 1) throw new Error("第一次读取失败");
      return reads;
    };
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() =>
        groupTransaction(db, "sqlite", noCounters, (_trx, _onCommit, _counters, batch) =>
          batch.once("questionnaire:1", read),
        ),
      ),
    );
    // The first unit's read failed (and rolled back that unit only); the second read is shared by the third.
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : "失败"))).toEqual(["失败", 2, 2]);
    const again = await groupTransaction(db, "sqlite", noCounters, (_trx, _onCommit, _counters, batch) =>
      batch.once("questionnaire:1", read),
    );
    expect(again).toBe(3);
  });
});
