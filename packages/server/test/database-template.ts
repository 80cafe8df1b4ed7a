import pg from "pg";

/** What test/global-setup.ts made for the run: a migrated SQLite file, or a PostgreSQL template database. */
export interface DatabaseTemplate {
  sqliteFile?: string;
  postgresName?: string;
  /** Every test database of the run is named with it, so the run's teardown can drop what is left. */
  postgresPrefix?: string;
  /**
   * How a finished test's PostgreSQL database is taken back to the template's state for the next test
   * (postgres-pool.ts); absent when the template holds rows of its own, which emptying would lose.
   */
  postgresReset?: PostgresReset;
}

export interface PostgresReset {
  /** Empties every table but the migrator's and restarts every sequence, in one transaction. */
  sql: string;
  /** The schema's fingerprint (SCHEMA_FINGERPRINT): a database whose schema a test changed is not reused. */
  fingerprint: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** `base` (a PostgreSQL URL) pointing at the database `name` instead. */
export function databaseUrlNamed(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const MIGRATOR_TABLES = "tablename not in ('kysely_migration', 'kysely_migration_lock')";

/**
 * One text for the public schema's tables, columns, defaults, indexes, constraints, triggers and functions and the
 * migrations run: equal for two databases only when a test left the schema as the template had it.
 */
export const SCHEMA_FINGERPRINT = `
select md5(string_agg(item, '|' order by item)) as fingerprint from (
  select c.relname || ':' || c.relkind::text || ':' || coalesce(pg_get_indexdef(i.indexrelid), '') || ':' || coalesce((
    select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' ||
      coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
  from pg_class c left join pg_index i on i.indexrelid = c.oid
  where c.relnamespace = 'public'::regnamespace
  union all select 'constraint:' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace = 'public'::regnamespace
  union all select 'trigger:' || tgname || ':' || tgrelid::regclass::text from pg_trigger where not tgisinternal
  union all select 'function:' || proname || ':' || md5(prosrc) from pg_proc
    where pronamespace = 'public'::regnamespace
  union all select 'migrations:' || count(*) from kysely_migration
) items`;

/**
 * What resetting a test database to the template takes (global-setup.ts reads it off the migrated template), or
 * nothing when a table of the template holds rows: a migration that seeds data would otherwise see it emptied.
 */
export async function describeTemplate(databaseUrl: string): Promise<PostgresReset | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select format('%I', tablename) as name from pg_tables where schemaname = 'public' and ${MIGRATOR_TABLES}`,
    );
    const names = tables.rows.map((row) => row.name);
    if (names.length > 0) {
      const filled = await client.query<{ filled: boolean }>(
        `select ${names.map((name) => `exists (select 1 from ${name})`).join(" or ")} as filled`,
      );
      if (filled.rows[0]?.filled) return undefined;
    }
    const sequences = await client.query<{ call: string }>(
      `select format('setval(%L, %s, false)', format('%I.%I', schemaname, sequencename), start_value) as call
       from pg_sequences where schemaname = 'public'`,
    );
    const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
    // As the database's owner, with the foreign keys' and the tables' own triggers off while it empties them.
    const sql = [
      "begin",
      "set local session_replication_role = replica",
      ...names.map((name) => `delete from ${name}`),
      ...(sequences.rows.length > 0 ? [`select ${sequences.rows.map((row) => row.call).join(", ")}`] : []),
      "commit",
    ].join(";\n");
    return { sql, fingerprint: rows[0]?.fingerprint ?? "" };
  } finally {
    await client.end();
  }
}
