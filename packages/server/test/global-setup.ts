import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDb } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrations/index.ts";
import { databaseUrlNamed, describeTemplate } from "./database-template.ts";
import { dropDatabases } from "./postgres-pool.ts";

/**
 * One migrated database per test run, which every test's fresh database starts as a copy of: a file copy on
 * SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL. Running every migration for each of the several hundred
 * test contexts took most of the PostgreSQL unit run (about 0.6 s each); a copy takes a few milliseconds.
 * The template is dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-template-"));
  if (!base) {
    const handle = openDb({ dataDir });
    await migrateToLatest(handle.db, handle.dialect);
    // Closing checkpoints the write-ahead log into the file, so the file alone is the whole database.
    await handle.destroy();
    project.provide("databaseTemplate", { sqliteFile: path.join(dataDir, "wjgj.sqlite") });
    return () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const run = `${Date.now().toString(36)}_${process.pid}`;
  const name = `wjgj_tpl_${run}`;
  const prefix = `wjgj_t_${run}_`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const handle = openDb({ dataDir, databaseUrl: databaseUrlNamed(base, name) });
  await migrateToLatest(handle.db, handle.dialect);
  await handle.destroy();
  // Read before any copy is made: CREATE DATABASE … TEMPLATE wants no one else connected to the template.
  const postgresReset = await describeTemplate(databaseUrlNamed(base, name));
  project.provide("databaseTemplate", {
    postgresName: name,
    postgresPrefix: prefix,
    ...(postgresReset ? { postgresReset } : {}),
  });
  return async () => {
    // The workers keep their databases for their next tests and drop some in the background (postgres-pool.ts):
    // whatever a worker kept, or had not dropped yet when it ended, is dropped here.
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    await dropDatabases(
      base,
      rows.map((row) => row.datname),
    );
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
