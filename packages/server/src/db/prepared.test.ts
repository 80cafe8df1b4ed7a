import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { preparedQuery } from "./prepared.ts";

// Runs on the suite's database: SQLite, or PostgreSQL when DATABASE_URL is set.
describe("preparedQuery", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
  });

  const insertCounter = preparedQuery<
    { questionnaireId: number; key: string; shard: number; count: number },
    { id: number; key: string; shard: number; count: number }
  >((db, p) =>
    db
      .insertInto("response_counter_shards")
      // Listed in another order than the parameters are named: each value goes to its own column.
      .values({ count: p.count, key: p.key, shard: p.shard, questionnaireId: p.id })
      .returningAll(),
  );
  const countersOf = preparedQuery<{ key: string; count: number }, { id: number; from: string }>((db, p) =>
    db
      .selectFrom("response_counters")
      .select(["key", "count"])
      .where("key", ">=", p.from)
      .where("questionnaireId", "=", p.id)
      .orderBy("key"),
  );
  const bump = preparedQuery<never, { id: number; by: number }>(
    (_db, p) =>
      sql`update response_counter_shards set count = count + ${p.by} where questionnaire_id = ${p.id}`,
  );

  it("runs with new parameters each time, in their places, and rows come back camelCased", async () => {
    const questionnaire = await buildQuestionnaire(t, await buildUser(t));
    const id = questionnaire.id;

    const first = await insertCounter.execute(t.db, { id, key: "b", shard: 0, count: 2 });
    expect(first.rows).toEqual([{ questionnaireId: id, key: "b", shard: 0, count: 2 }]);
    await insertCounter.execute(t.db, { id, key: "a", shard: 0, count: 7 });
    await insertCounter.execute(t.db, { id, key: "c", shard: 0, count: 1 });
    await t.db.transaction().execute(async (trx) => bump.execute(trx, { id, by: 10 }));

    const rows = await countersOf.execute(t.db, { id, from: "b" });
    expect(rows.rows.map((row) => [row.key, Number(row.count)])).toEqual([
      ["b", 12],
      ["c", 11],
    ]);
    expect(countersOf.sql(t.db)).toContain('"questionnaire_id"');
  });

  it("answers the same inside a transaction (on SQLite straight on the connection) as outside", async () => {
    const questionnaire = await buildQuestionnaire(t, await buildUser(t));
    const id = questionnaire.id;
    const inside = await t.db.transaction().execute(async (trx) => {
      const inserted = await insertCounter.execute(trx, { id, key: "x", shard: 1, count: 3 });
      await insertCounter.execute(trx, { id, key: "y", shard: 1, count: 4 });
      const bumped = await bump.execute(trx, { id, by: 1 });
      const read = await countersOf.execute(trx, { id, from: "" });
      return { inserted: inserted.rows, changed: bumped.numAffectedRows, read: read.rows };
    });
    expect(inside.inserted).toEqual([{ questionnaireId: id, key: "x", shard: 1, count: 3 }]);
    expect(inside.changed).toBe(2n);
    expect(inside.read.map((row) => [row.key, Number(row.count)])).toEqual([
      ["x", 4],
      ["y", 5],
    ]);
    const outside = await countersOf.execute(t.db, { id, from: "" });
    expect(outside.rows).toEqual(inside.read);
    // A failing statement inside the transaction rolls the whole transaction back, as through Kysely.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await bump.execute(trx, { id, by: 100 });
        await insertCounter.execute(trx, { id, key: "x", shard: 1, count: 9 });
      }),
    ).rejects.toThrow();
    const after = await countersOf.execute(t.db, { id, from: "" });
    expect(after.rows.map((row) => Number(row.count))).toEqual([4, 5]);
  });

  it("refuses a query with a value that is not a parameter's stand-in", () => {
    const literal = preparedQuery<never, { id: number }>((db, p) =>
      db
        .selectFrom("response_counters")
        .selectAll()
        .where("questionnaireId", "=", p.id)
        .where("count", ">", 3),
    );
    expect(() => literal.sql(t.db)).toThrow(/stand-in/);
  });
});
