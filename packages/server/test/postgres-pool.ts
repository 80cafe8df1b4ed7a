import pg from "pg";
import { type DatabaseTemplate, databaseUrlNamed, SCHEMA_FINGERPRINT } from "./database-template.ts";

/**
 * The PostgreSQL databases of a worker's tests. A finished test's database is kept, and the next test gets it back
 * emptied (every table deleted from, every sequence restarted: about 40 ms) instead of a new copy of the template
 * and a drop. A copy wrote the whole database (system catalogs included, 10 MB) to the write-ahead log and a drop
 * forced a checkpoint of the whole server: a quarter of the run's time on PostgreSQL went to making and dropping
 * databases, and much of the rest waited behind the disk they kept busy.
 */
export class PostgresPool {
  private readonly idle: string[] = [];
  /** Set when emptying failed for a reason other than a changed schema (a role that may not): copies from then on. */
  private emptyingFails = false;

  constructor(
    private readonly base: string,
    private readonly template: DatabaseTemplate,
  ) {}

  /** A database in the template's state: a kept one emptied, or a new copy. */
  async take(): Promise<string> {
    const reset = this.template.postgresReset;
    while (reset && !this.emptyingFails && this.idle.length > 0) {
      const name = this.idle.pop() as string;
      const state = await empty(this.base, name, reset.sql, reset.fingerprint);
      if (state === "emptied") return name;
      if (state === "failed") this.emptyingFails = true;
      dropLater(this.base, name);
    }
    const name = `${this.template.postgresPrefix ?? "wjgj_t_"}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: this.base });
    await admin.connect();
    try {
      await admin.query(
        this.template.postgresName
          ? `create database ${name} template ${this.template.postgresName}`
          : `create database ${name}`,
      );
      // Commits need not wait for the server's disk: a test database never outlives a crash of PostgreSQL, and
      // the tests that kill a process kill the app, whose committed rows stay visible either way. The API suite
      // commits thousands of times; on CI's disk each flush was a wait.
      await admin.query(`alter database ${name} set synchronous_commit = off`);
    } finally {
      await admin.end();
    }
    return name;
  }

  /** The test is done with `name` (its app and pool are closed): kept for the next test, or dropped. */
  giveBack(name: string): void {
    if (this.template.postgresReset && !this.emptyingFails) this.idle.push(name);
    else dropLater(this.base, name);
  }

  /** Drops the kept databases and waits for every drop of the worker to finish. */
  async close(): Promise<void> {
    for (const name of this.idle.splice(0)) dropLater(this.base, name);
    await drained();
  }
}

async function empty(
  base: string,
  name: string,
  sql: string,
  fingerprint: string,
): Promise<"emptied" | "changed" | "failed"> {
  const client = new pg.Client({ connectionString: databaseUrlNamed(base, name) });
  try {
    await client.connect();
    // A connection the test left behind (a killed child process's, a pool never closed) would hold locks or write.
    await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
    if (rows[0]?.fingerprint !== fingerprint) return "changed";
    await client.query(sql);
    return "emptied";
  } catch {
    return "failed";
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Databases not kept (a changed schema) are dropped in the background, a few together: PostgreSQL 15 makes every
 * DROP DATABASE wait for an immediate checkpoint (a flush of the whole server's dirty pages), and drops waiting at
 * the same time share one. Whatever is left when the worker ends, kept ones included, the run's teardown drops
 * (global-setup.ts), which knows the run's prefix.
 */
const pendingDrops: string[] = [];
let draining: Promise<void> | undefined;
function dropLater(base: string, name: string): void {
  pendingDrops.push(name);
  draining ??= (async () => {
    while (pendingDrops.length > 0) await dropDatabases(base, pendingDrops.splice(0)).catch(() => {});
    draining = undefined;
  })();
}

async function drained(): Promise<void> {
  while (draining) await draining;
}

/**
 * Drops `names` on the server of `base`, ending any connection to them, eight at a time: together they share
 * PostgreSQL's checkpoints, and its connections are shared with the tests' pools (100 by default). Fails with the
 * first error once every drop has run.
 */
export async function dropDatabases(base: string, names: readonly string[]): Promise<void> {
  const queue = [...names];
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, async () => {
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) await dropDatabase(base, name);
    }),
  );
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

async function dropDatabase(base: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
