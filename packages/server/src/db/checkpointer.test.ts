import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BACKSTOP_PAGES, startCheckpointer } from "./checkpointer.ts";
import { openDb } from "./index.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-checkpoint-"));
  dirs.push(dir);
  return dir;
}

/** A WAL database as the server opens one (db/index.ts), with a table to fill. */
function walDatabase(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.exec("create table filler (body blob not null)");
  return sqlite;
}

/** Commits `pages` pages' worth of rows in one transaction: past SQLite's default checkpoint of 1,000 pages. */
function fill(sqlite: SQLite.Database, pages: number) {
  const insert = sqlite.prepare("insert into filler (body) values (randomblob(3500))");
  sqlite.transaction(() => {
    for (let i = 0; i < pages; i++) insert.run();
  })();
}

const autocheckpoint = (sqlite: SQLite.Database) => sqlite.pragma("wal_autocheckpoint", { simple: true });

describe.skipIf(Boolean(process.env.DATABASE_URL))("WAL checkpoints on a worker thread", () => {
  it("takes the checkpoint out of the COMMIT: the pages stay in the WAL until the worker copies them", async () => {
    const dir = tempDir();
    const file = path.join(dir, "db.sqlite");
    const controlFile = path.join(dir, "control.sqlite");
    const control = walDatabase(controlFile);
    // SQLite's default: the COMMIT that passes 1,000 pages copies them into the database file itself.
    const controlBefore = fs.statSync(controlFile).size;
    fill(control, 1200);
    expect(fs.statSync(controlFile).size).toBeGreaterThan(controlBefore + 1000 * 4096);
    control.close();

    const sqlite = walDatabase(file);
    // An hour apart: this test's own checkpoint below is the only one the worker runs.
    const checkpointer = startCheckpointer(sqlite, file, { intervalMs: 3_600_000 });
    await checkpointer.ready;
    expect(autocheckpoint(sqlite)).toBe(BACKSTOP_PAGES);
    const before = fs.statSync(file).size;
    fill(sqlite, 1200);
    // The COMMIT left the pages in the WAL: the database file did not grow.
    expect(fs.statSync(file).size).toBe(before);
    expect(checkpointer.copied()).toBe(0);
    await checkpointer.stop();
    // Stopped, the server's connection checkpoints at SQLite's default again.
    expect(autocheckpoint(sqlite)).toBe(1000);
    sqlite.close();
  });

  it("copies the WAL into the database file while the server's connection goes on, and stops with it", async () => {
    const dataDir = tempDir();
    const errors: string[] = [];
    const handle = openDb({ dataDir, checkpointThread: { onError: (message) => errors.push(message) } });
    await handle.checkpointer?.ready;
    const file = path.join(dataDir, "wjgj.sqlite");
    await sql`create table filler (body blob not null)`.execute(handle.db);
    const before = fs.statSync(file).size;
    await sql`insert into filler (body) select randomblob(3500) from (with recursive n (i) as
      (select 1 union all select i + 1 from n where i < 300) select i from n)`.execute(handle.db);
    await vi.waitFor(() => expect(handle.checkpointer?.copied()).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 20,
    });
    expect(fs.statSync(file).size).toBeGreaterThan(before + 300 * 3500);
    await handle.destroy();
    // The last connection closed after the worker's: the WAL is checkpointed and gone.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare("select count(*) as n from filler").get()).toEqual({ n: 300 });
    reopened.close();
    expect(errors).toEqual([]);
  });

  it("keeps a process whose only wait is its close alive until the worker has ended", async () => {
    // As the server's SIGTERM close and the bench's end run: nothing but the worker is left on the event loop.
    const dataDir = tempDir();
    const script = path.join(dataDir, "close.mts");
    const dbModule = path.join(path.dirname(fileURLToPath(import.meta.url)), "index.ts");
    fs.writeFileSync(
      script,
      `import { openDb } from ${JSON.stringify(dbModule)};
const handle = openDb({ dataDir: ${JSON.stringify(dataDir)}, checkpointThread: { onError: () => {} } });
await handle.checkpointer?.ready;
await handle.destroy();
process.stdout.write("closed");\n`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script]);
    expect(stdout).toBe("closed");
    expect(fs.existsSync(path.join(dataDir, "wjgj.sqlite-wal"))).toBe(false);
  });

  it("leaves the checkpoints to the server's connection when the worker cannot open the database", async () => {
    const dir = tempDir();
    const sqlite = walDatabase(path.join(dir, "db.sqlite"));
    const errors: string[] = [];
    const checkpointer = startCheckpointer(sqlite, path.join(dir, "missing.sqlite"), {
      onError: (message) => errors.push(message),
    });
    await expect(checkpointer.ready).rejects.toThrow();
    expect(errors.length).toBe(1);
    expect(autocheckpoint(sqlite)).toBe(1000);
    await checkpointer.stop();
    sqlite.close();
  });
});
