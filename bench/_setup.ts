// Shared by the benches that run the real server code on a SQLite database of their own: opening and
// migrating it, a logged-in session for a user, and a questionnaire created and published by that user.

import type { FastifyInstance } from "fastify";
import pg from "pg";
import { systemClock } from "../packages/server/src/clock.ts";
import { createSession, resolveSession } from "../packages/server/src/commands/account/sessions.ts";
import { openKeyring } from "../packages/server/src/commands/privacy/keyring.ts";
import { createQuestionnaire } from "../packages/server/src/commands/questionnaires/drafts.ts";
import { publishQuestionnaire } from "../packages/server/src/commands/questionnaires/lifecycle.ts";
import type { loadConfig } from "../packages/server/src/config.ts";
import { openDb } from "../packages/server/src/db/index.ts";
import { migrateToLatest } from "../packages/server/src/db/migrations/index.ts";
import type { UserRow } from "../packages/server/src/db/tables/users.ts";
import { consoleSmsProvider } from "../packages/server/src/sms/console-provider.ts";
import { createStorage } from "../packages/server/src/storage/index.ts";

/**
 * The database of `config`, migrated, and the command context over it (system clock, silent SMS).
 * `checkpointThread`: SQLite's WAL checkpoints on a worker thread, as the server runs them (src/main.ts).
 */
export async function openBenchContext(
  config: ReturnType<typeof loadConfig>,
  options: { checkpointThread?: boolean } = {},
) {
  const handle = openDb({
    ...config,
    ...(options.checkpointThread
      ? {
          checkpointThread: {
            onError: (message: string) => {
              throw new Error(`检查点线程出错：${message}`);
            },
          },
        }
      : {}),
  });
  await handle.checkpointer?.ready;
  await migrateToLatest(handle.db, handle.dialect);
  // As buildApp does at start: submits of personal answers seal them with this keyring.
  await openKeyring(config, handle.db);
  const ctx = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    clock: systemClock,
    sms: consoleSmsProvider({ warn: () => {} }),
    storage: createStorage(config),
  };
  return { handle, ctx };
}

type BenchContext = Awaited<ReturnType<typeof openBenchContext>>["ctx"];

/** A logged-in session of `user` lasting `ttlDays`; answers its token. */
export async function benchSession(ctx: BenchContext, user: UserRow, ttlDays: number): Promise<string> {
  const { token } = await createSession(ctx.db, systemClock, ttlDays, user, {
    ip: "127.0.0.1",
    userAgent: "bench",
    fromType: 1,
  });
  return token;
}

/** A survey of `definition` created and published by the holder of `token`, with its revision. */
export async function publishSurvey(ctx: BenchContext, token: string, title: string, definition: unknown) {
  const viewer = await resolveSession(ctx.db, systemClock, token);
  if (!viewer) throw new Error("no session");
  const questionnaire = await createQuestionnaire(ctx, viewer, { kind: "survey", title, definition });
  await publishQuestionnaire(ctx, viewer, questionnaire.id);
  const revision = await ctx.db
    .selectFrom("questionnaire_revisions")
    .select(["id", "definition"])
    .where("questionnaireId", "=", questionnaire.id)
    .executeTakeFirstOrThrow();
  return { questionnaire, revision };
}

/** Starts `app` on a free loopback port and answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

/** A fresh database on DATABASE_URL's server for this run (dropped at the end), or none on SQLite. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `${prefix}${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
