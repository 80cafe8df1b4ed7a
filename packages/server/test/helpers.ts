import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ApiResult } from "@wjgj/core";
import type { FastifyInstance, InjectOptions } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Clock } from "../src/clock.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import { openDb } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrations/index.ts";
import { PASSWORD_HASH_COST } from "../src/security/hashing.ts";
import { consoleSmsProvider } from "../src/sms/console-provider.ts";
import { createStorage, type Storage } from "../src/storage/index.ts";
import { type DatabaseTemplate, databaseUrlNamed } from "./database-template.ts";
import { PostgresPool } from "./postgres-pool.ts";

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private ms = Date.parse("2026-06-01T02:00:00.000Z");
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** The run's migrated template (test/global-setup.ts), or none when this file runs outside that setup. */
function databaseTemplate(): DatabaseTemplate {
  try {
    return inject("databaseTemplate") ?? {};
  } catch {
    return {};
  }
}

/** The worker's PostgreSQL test databases (DATABASE_URL and the template are the same for every test of a run). */
let pool: PostgresPool | undefined;

/**
 * A fresh PostgreSQL database on the server of DATABASE_URL, or a fresh SQLite file otherwise: a copy of the
 * run's migrated template when there is one (on PostgreSQL, or a finished test's database emptied back to it:
 * postgres-pool.ts), so only a test that wants an empty database pays for migrating.
 */
async function freshDatabase(): Promise<{
  databaseUrl?: string;
  dataDir: string;
  /** Already at the latest migration (the template's state). */
  migrated: boolean;
  drop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-test-"));
  // A results-index snapshot still being written as the app closes can refill a folder being removed.
  const removeDir = async () =>
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  const template = databaseTemplate();
  const base = process.env.DATABASE_URL;
  if (!base) {
    if (template.sqliteFile) fs.copyFileSync(template.sqliteFile, path.join(dataDir, "wjgj.sqlite"));
    return { dataDir, migrated: Boolean(template.sqliteFile), drop: removeDir };
  }
  pool ??= new PostgresPool(base, template);
  const databases = pool;
  const name = await databases.take();
  return {
    databaseUrl: databaseUrlNamed(base, name),
    dataDir,
    migrated: Boolean(template.postgresName),
    async drop() {
      await removeDir();
      databases.giveBack(name);
    },
  };
}

const counters = new WeakMap<TestContext, number>();

/**
 * 1, 2, 3, … for each test context. Test files share their worker's modules (vitest.config.ts), so a module-level
 * counter would go on from wherever the files before left it; what a test derives from this one (an address, a
 * source, a duration) is the same whichever files ran first.
 */
export function nextInContext(t: TestContext): number {
  const next = (counters.get(t) ?? 0) + 1;
  counters.set(t, next);
  return next;
}

export interface TestContext {
  app: FastifyInstance;
  db: ReturnType<typeof openDb>["db"];
  clock: TestClock;
  config: Config;
  storage: Storage;
  /** What commands take, for factories that build data through the same code as the API. */
  ctx: AppContext;
  close(): Promise<void>;
}

export const OTHER_LOGIN_SECRET = "test-other-login-secret";
/** The tests' master key (a generated key file per test would cost a durable write each). */
export const TEST_MASTER_KEY = "5e".repeat(32);

/** A running app on its own database; `env` overrides configuration variables, `logStream` receives the log. */
export async function createTestContext(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void,
  /** Where the app's log lines go (tests that read them); nowhere by default, as LOG_LEVEL is silent. */
  logStream?: { write(line: string): void },
): Promise<TestContext> {
  const database = await freshDatabase();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: "silent",
    OTHER_LOGIN_SECRET,
    MASTER_KEY: TEST_MASTER_KEY,
    WEB_DIST: path.join(database.dataDir, "no-web-build"),
    // A failed job is final at once, so a test awaiting the queue sees it (retries are tested on their own).
    JOB_MAX_ATTEMPTS: "1",
    // Password hashes at the lowest cost: the tests sign up and log in hundreds of accounts (security/hashing.ts).
    PASSWORD_HASH_COST: String(PASSWORD_HASH_COST.min),
    ...env,
  });
  const handle = openDb(config);
  if (!database.migrated) await migrateToLatest(handle.db, handle.dialect);
  const clock = new TestClock();
  const storage = createStorage(config);
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, clock, storage, logStream });
  prepare?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    clock,
    config,
    storage,
    ctx: {
      config,
      db: handle.db,
      dialect: handle.dialect,
      clock,
      sms: consoleSmsProvider({ warn: () => {} }),
      storage,
    },
    async close() {
      await app.close();
      await handle.destroy();
      await database.drop();
    },
  };
}

/**
 * A second app instance on the test's database, as another process behind a load balancer would be: its own
 * pool (or SQLite connection), its own caches and group committer, the same configuration and clock.
 */
export async function secondInstance(
  t: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const handle = openDb(t.config);
  const app = await buildApp({ config: t.config, db: handle.db, dialect: handle.dialect, clock: t.clock });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle.destroy();
    },
  };
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as query string for GET and as form-urlencoded body for POST, like the browser client. */
  params?: Record<string, string | number>;
  json?: unknown;
  ip?: string;
}

export interface CallResult<T> {
  status: number;
  body: ApiResult<T>;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: "GET" | "POST",
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.token = options.token;
  const request: InjectOptions = {
    method,
    url: `/wjgj/api/${path}`,
    headers,
    remoteAddress: options.ip ?? "10.0.0.1",
  };
  const params = Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, String(v)]));
  if (options.json !== undefined) {
    request.payload = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  } else if (method === "GET") {
    request.query = params;
  } else if (Object.keys(params).length > 0) {
    request.payload = new URLSearchParams(params).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const response = await app.inject(request);
  return { status: response.statusCode, body: response.json() as ApiResult<T> };
}
