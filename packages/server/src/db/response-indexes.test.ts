import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";

/**
 * Every index of `responses` is written by every submit: one that most rows have nothing for is kept for the
 * rows that do (a partial index), as long as the reads it serves still use it — checked here on both
 * databases against their query plans.
 */
describe("indexes of responses", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The per-account limit's count in total (submit.ts countSince), as compiled for this database. */
  const accountCount = () =>
    t.db
      .selectFrom("responses")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("questionnaireId", "=", 1)
      .where("userId", "=", 7)
      .where("status", "!=", "deleted")
      .compile();

  it("keeps the account index for responses given while logged in, and the limit's count uses it", async () => {
    const query = accountCount();
    if (t.ctx.dialect === "sqlite") {
      const index = await sql<{ sql: string }>`
        select sql from sqlite_master where name = 'responses_user_id_idx'`.execute(t.db);
      expect(index.rows[0]?.sql).toMatch(/where user_id is not null/i);
      const plan = await t.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      expect(plan.rows.map((row) => row.detail).join("\n")).toMatch(/responses_user_id_idx/);
    } else {
      const index = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where indexname = 'responses_user_id_idx'`.execute(t.db);
      expect(index.rows[0]?.indexdef).toMatch(/WHERE \(user_id IS NOT NULL\)/);
      // An empty table is cheapest to scan: the planner is told not to, to show the index can serve.
      const plan = await t.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          return await connection.executeQuery<{ "QUERY PLAN": string }>({
            ...query,
            sql: `explain ${query.sql}`,
          });
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      });
      expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/responses_user_id_idx/);
    }
  });
});
