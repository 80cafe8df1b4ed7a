import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { openDb } from "./index.ts";

/**
 * What every PostgreSQL connection of the app sets for itself. JIT compilation is off: a results filter is
 * one expression per condition leaf, and once the planner's estimate passed jit_above_cost, compiling a
 * 500-leaf filter took 32 s where running it takes 0.2 s (a CI run's answer list timed out on it).
 */
describe.skipIf(!process.env.DATABASE_URL)("PostgreSQL connections", () => {
  let t: TestContext;
  let database = "";
  beforeEach(async () => {
    t = await createTestContext();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    database = rows[0]?.name ?? "";
  });
  afterEach(async () => {
    // The test databases are reused by later tests: the setting goes with this one.
    await sql`alter database ${sql.id(database)} reset jit_above_cost`.execute(t.db);
    await t.close();
  });

  it("compile no statement with JIT, even where the database is set to compile everything", async () => {
    // Every new connection to this database is told to compile whatever it plans.
    await sql`alter database ${sql.id(database)} set jit_above_cost = 0`.execute(t.db);
    const handle = openDb(t.config);
    try {
      const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (analyze, format json)
        select count(*) from responses where id > 0 and duration_seconds + 1 > 0`.execute(handle.db);
      const plan = JSON.stringify(rows[0]?.["QUERY PLAN"]);
      expect(plan).toContain('"Plan"');
      expect(plan).not.toContain('"JIT"');
      const { rows: settings } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(
        handle.db,
      );
      expect(settings[0]?.jit).toBe("off");
    } finally {
      await handle.destroy();
    }
  });
});
