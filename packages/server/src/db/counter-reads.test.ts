import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { insertUser } from "../commands/account/users.ts";
import { counterOfRow, responseCountColumn } from "./tables/questionnaires.ts";

/**
 * A questionnaire row's counters (its response count on every page open, list row and submit batch) are read
 * with the row: they must be looked up by the row's key, not computed for every questionnaire first.
 */
describe("counters read with a questionnaire's row", () => {
  let t: TestContext;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestContext();
    const owner = await insertUser(t.db, new Date(), { phone: "13900000031" });
    for (const title of ["一", "二", "三"]) {
      const row = await t.db
        .insertInto("questionnaires")
        .values({
          publicId: `cr${title.charCodeAt(0)}`,
          ownerId: owner.id,
          kind: "survey",
          title,
          status: "draft",
          categoryId: "",
          questionCount: 0,
          version: 1,
          draft: "{}",
          settings: "{}",
          createdAt: "2026-12-01T00:00:00.000Z",
          updatedAt: "2026-12-01T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [first, second] = ids as [number, number, number];
    // Several shards (PostgreSQL's connections each write their own), other keys, other questionnaires.
    await t.db
      .insertInto("response_counter_shards")
      .values([
        { questionnaireId: first, key: "total", shard: 0, count: 5 },
        { questionnaireId: first, key: "total", shard: 3, count: 2 },
        { questionnaireId: first, key: "version", shard: 1, count: 4 },
        { questionnaireId: first, key: "option:q1:o1", shard: 0, count: 9 },
        { questionnaireId: second, key: "total", shard: 0, count: 11 },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it("sums the row's own shards, 0 for a counter never written", async () => {
    const rows = await t.db
      .selectFrom("questionnaires")
      .select(["id", responseCountColumn, counterOfRow("version").as("version")])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [Number(row.responseCount), Number(row.version)])).toEqual([
      [7, 4],
      [11, 0],
      [0, 0],
    ]);
    // The same as the response_counters view says.
    const view = await t.db
      .selectFrom("response_counters")
      .select(["questionnaireId", "count"])
      .where("key", "=", "total")
      .execute();
    expect(new Map(view.map((row) => [row.questionnaireId, Number(row.count)]))).toEqual(
      new Map([
        [ids[0], 7],
        [ids[1], 11],
      ]),
    );
  });

  it("is looked up by the row's key on SQLite, not by computing every questionnaire's counters", async () => {
    if (t.ctx.dialect !== "sqlite") return;
    const query = t.db.selectFrom("questionnaires").select(responseCountColumn).where("id", "=", 1).compile();
    const plan = await t.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    const details = plan.rows.map((row) => row.detail).join("\n");
    expect(details).toMatch(/SEARCH rcs USING (COVERING )?INDEX/);
    expect(details).not.toMatch(/SCAN response_counter_shards|MATERIALIZE|CO-ROUTINE/);
    // The view as it was read before, for contrast: a scan of all counters.
    const before = await sql<{ detail: string }>`explain query plan select coalesce((select rc.count
      from response_counters rc where rc.questionnaire_id = questionnaires.id and rc.key = 'total'), 0)
      from questionnaires where id = 1`.execute(t.db);
    expect(before.rows.map((row) => row.detail).join("\n")).toMatch(/SCAN response_counter_shards/);
  });
});
