import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrlNamed, describeTemplate, type PostgresReset } from "./database-template.ts";
import { PostgresPool } from "./postgres-pool.ts";

/**
 * The PostgreSQL test databases a worker hands from one test to the next (postgres-pool.ts): a kept database must
 * come back exactly as the template was, or every later test of the worker would start on another test's rows.
 * Runs against the machine's PostgreSQL whichever database the suite itself is on.
 */
const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const run = `wjgj_pooltest_${Date.now().toString(36)}_${process.pid}`;
const template = `${run}_tpl`;
const seeded = `${run}_seeded`;
const prefix = `${run}_db_`;

async function query<T extends pg.QueryResultRow>(database: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrlNamed(base, database) });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const SCHEMA = `
  create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
  insert into kysely_migration values ('0001-first', '2026-01-01');
  create table parents (id serial primary key, name text not null);
  create table children (id serial primary key, parent_id integer not null references parents (id));
  create sequence numbers start 100;
`;

let reset: PostgresReset | undefined;
beforeAll(async () => {
  await query("postgres", `create database ${template}`);
  await query(template, SCHEMA);
  await query("postgres", `create database ${seeded}`);
  await query(seeded, `${SCHEMA} insert into parents (name) values ('from a migration');`);
  reset = await describeTemplate(databaseUrlNamed(base, template));
});

afterAll(async () => {
  const rows = await query<{ datname: string }>(
    "postgres",
    `select datname from pg_database where starts_with(datname, '${run}')`,
  );
  for (const { datname } of rows) await query("postgres", `drop database if exists ${datname} with (force)`);
});

describe("the worker's pool of PostgreSQL test databases", () => {
  it("hands a finished test's database to the next test emptied, its sequences restarted", async () => {
    expect(reset).toBeDefined();
    const pool = new PostgresPool(base, {
      postgresName: template,
      postgresPrefix: prefix,
      postgresReset: reset,
    });
    const first = await pool.take();
    await query(
      first,
      "insert into parents (name) values ('甲'), ('乙'); insert into children (parent_id) values (2); select nextval('numbers')",
    );
    pool.giveBack(first);

    const second = await pool.take();
    expect(second).toBe(first);
    expect(
      await query(
        second,
        "select (select count(*) from parents)::int as parents, (select count(*) from children)::int as children",
      ),
    ).toEqual([{ parents: 0, children: 0 }]);
    expect(await query(second, "insert into parents (name) values ('丙') returning id")).toEqual([{ id: 1 }]);
    expect(await query(second, "select nextval('numbers')::int as next")).toEqual([{ next: 100 }]);
    expect(await query(second, "select count(*)::int as migrations from kysely_migration")).toEqual([
      { migrations: 1 },
    ]);
    await pool.close();
  });

  it("ends a connection the test left open, whatever it holds, before emptying", async () => {
    const pool = new PostgresPool(base, {
      postgresName: template,
      postgresPrefix: prefix,
      postgresReset: reset,
    });
    const name = await pool.take();
    const leftOpen = new pg.Client({ connectionString: databaseUrlNamed(base, name) });
    leftOpen.on("error", () => {});
    await leftOpen.connect();
    await leftOpen.query(
      "begin; insert into parents (name) values ('未提交'); lock table children in exclusive mode",
    );
    pool.giveBack(name);

    expect(await pool.take()).toBe(name);
    await expect(leftOpen.query("select 1")).rejects.toThrow();
    expect(await query(name, "select count(*)::int as n from parents")).toEqual([{ n: 0 }]);
    await leftOpen.end().catch(() => {});
    await pool.close();
  });

  // Dropping a database makes PostgreSQL checkpoint at once: 0.4 s alone, 11 s while the other workers' tests
  // fill its buffers (CI's PostgreSQL step), which a slower machine would take past the default 30 s.
  it("does not reuse a database whose schema a test changed", { timeout: 120_000 }, async () => {
    const pool = new PostgresPool(base, {
      postgresName: template,
      postgresPrefix: prefix,
      postgresReset: reset,
    });
    const changed = await pool.take();
    await query(changed, "alter table parents add column note text");
    pool.giveBack(changed);
    const next = await pool.take();
    expect(next).not.toBe(changed);
    expect(
      await query(
        next,
        "select count(*)::int as n from information_schema.columns where column_name = 'note'",
      ),
    ).toEqual([{ n: 0 }]);
    await pool.close();
    expect(
      await query("postgres", `select count(*)::int as n from pg_database where datname = '${changed}'`),
    ).toEqual([{ n: 0 }]);
  });

  it("copies the template for every test when the template holds rows emptying would lose", async () => {
    expect(await describeTemplate(databaseUrlNamed(base, seeded))).toBeUndefined();
    const pool = new PostgresPool(base, { postgresName: seeded, postgresPrefix: prefix });
    const first = await pool.take();
    pool.giveBack(first);
    const second = await pool.take();
    expect(second).not.toBe(first);
    expect(await query(second, "select name from parents")).toEqual([{ name: "from a migration" }]);
    await pool.close();
  });
});
