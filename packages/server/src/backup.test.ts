import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSqlite, restoreSqlite } from "./backup.ts";
import { insertUser } from "./commands/account/users.ts";
import { type DbHandle, openDb } from "./db/index.ts";
import { migrateToLatest } from "./db/migrations/index.ts";

// SQLite's own drill, whichever database the rest of the suite runs on (PostgreSQL uses pg_dump).
let scratch: string;
let live: DbHandle;
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-backup-"));
  live = openDb({ dataDir: path.join(scratch, "live") });
  await migrateToLatest(live.db, live.dialect);
});
afterAll(async () => {
  await live.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("SQLite backup and restore drill", () => {
  it("backs up the live database and restores it into a new DATA_DIR with every row", async () => {
    const now = new Date("2026-06-01T02:00:00Z");
    await insertUser(live.db, now, { phone: "13700000001" });
    const file = path.join(scratch, "nightly.sqlite");
    // Taken while the database is open in WAL mode, as the running server holds it.
    const { bytes } = await backupSqlite(path.join(scratch, "live"), file);
    expect(bytes).toBeGreaterThan(0);
    await insertUser(live.db, now, { phone: "13700000002" });

    const restoredDir = path.join(scratch, "restored");
    fs.mkdirSync(restoredDir);
    // A WAL left by the database being replaced must not be replayed over the restored one.
    fs.writeFileSync(path.join(restoredDir, "wjgj.sqlite"), "old database");
    fs.writeFileSync(path.join(restoredDir, "wjgj.sqlite-wal"), "stale");
    restoreSqlite(restoredDir, file);
    expect(fs.readFileSync(path.join(restoredDir, "wjgj.sqlite.before-restore"), "utf8")).toBe(
      "old database",
    );
    const restored = openDb({ dataDir: restoredDir });
    try {
      const users = await restored.db.selectFrom("users").select("phone").execute();
      expect(users.map((u) => u.phone)).toEqual(["13700000001"]);
    } finally {
      await restored.destroy();
    }
  });

  it("refuses a damaged backup and leaves the current database alone", async () => {
    const bad = path.join(scratch, "bad.sqlite");
    fs.writeFileSync(bad, "SQLite format 3\0 but nothing more");
    const dir = path.join(scratch, "keep");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "wjgj.sqlite"), "current");
    expect(() => restoreSqlite(dir, bad)).toThrow();
    expect(fs.readFileSync(path.join(dir, "wjgj.sqlite"), "utf8")).toBe("current");
  });
});
