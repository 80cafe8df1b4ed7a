import { sql, type Transaction } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, publishNew, satisfactionSurvey } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addToCounters } from "../../commands/answering/counters.ts";
import { openDb } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { responseCountColumn } from "../../db/tables/questionnaires.ts";

/**
 * Issue 22 on PostgreSQL (SQLite has one writer by design): a questionnaire without limits takes no
 * questionnaire-wide lock, and its hot counters are sharded per connection, so a submit's transaction left
 * open (here: holding every counter row a submit to it writes, and a response) does not stop the next one.
 */
let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  // One pooled connection: the app's shard is known, so the held transaction can be put on another one.
  t = await createTestContext({ PG_POOL_MAX: "1" });
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const definition = satisfactionSurvey("满意度");

const pidOf = async (db: TestContext["db"]) =>
  Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid);

/**
 * A transaction on a connection whose shard is not `appShard`: connections on the app's shard are kept
 * reserved while another is tried, so the pool opens a fresh one (a new backend, a new pid).
 */
async function onOtherShard(
  db: TestContext["db"],
  appShard: number,
  run: (trx: Transaction<Database>) => Promise<void>,
  tries = 8,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    const shard = (await pidOf(conn as TestContext["db"])) % 64;
    if (shard === appShard) {
      if (tries === 0) throw new Error("no connection off the app's shard");
      return onOtherShard(db, appShard, run, tries - 1);
    }
    await conn.transaction().execute(run);
  });
}

async function pgCase() {
  const q = await publishNew(t, owner, { definition });
  const open = await openAnswering(t, q.publicId);
  const submit = (key: string) =>
    call(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answers: { rate: { optionId: "yes" } },
        idempotencyKey: `unlocked-${key}`,
        deviceId: `device-${key}`,
        answerToken: open.answerToken,
      },
    });
  expect((await submit("first")).body.code).toBe(200);
  const counters = await t.db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", q.id)
    .execute();
  expect(counters.map((c) => c.key)).toContain("total");

  // Another instance's connection, on a shard other than the app's one connection.
  const appShard = (await pidOf(t.db)) % 64;
  const other = openDb({ ...t.config, pgPool: { ...t.config.pgPool, max: 10 } });
  let release = () => {};
  let held: Promise<unknown> = Promise.resolve();
  try {
    const holding = new Promise<void>((resolve, reject) => {
      held = onOtherShard(other.db, appShard, async (trx) => {
        // What a submit writes, left uncommitted: a response and +1 on every counter of the questionnaire.
        await trx
          .insertInto("responses")
          .values({
            questionnaireId: q.id,
            revisionId: open.revisionId,
            answers: "{}",
            labels: "{}",
            score: null,
            maxScore: null,
            passed: null,
            endState: "submitted",
            status: "valid",
            ip: "10.0.0.9",
            userAgent: "held",
            deviceId: "held",
            userId: null,
            source: "link",
            durationSeconds: 0,
            idempotencyKey: "held",
            submittedAt: new Date().toISOString(),
          })
          .execute();
        await addToCounters(
          trx,
          q.id,
          counters.map((c) => [c.key, 1] as const),
        );
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
      }).catch(reject);
    });
    await holding;

    const second = await submit("second");
    expect(second.body.code).toBe(200);
    // The held transaction is still open: only the two committed submits count.
    const row = await t.db
      .selectFrom("questionnaires")
      .select(responseCountColumn)
      .where("id", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(row.responseCount).toBe(2);
  } finally {
    release();
    await held;
    await other.destroy();
  }
  const after = await t.db
    .selectFrom("questionnaires")
    .select(responseCountColumn)
    .where("id", "=", q.id)
    .executeTakeFirstOrThrow();
  expect(after.responseCount).toBe(3);
}

/** SQLite has one writer by design: every counter lives on shard 0, and the view sums it as before. */
async function sqliteCase() {
  const q = await publishNew(t, owner, { definition });
  const open = await openAnswering(t, q.publicId);
  for (const key of ["a", "b"]) {
    const sent = await call(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answers: { rate: { optionId: "yes" } },
        idempotencyKey: `sqlite-${key}`,
        deviceId: `device-${key}`,
        answerToken: open.answerToken,
      },
    });
    expect(sent.body.code).toBe(200);
  }
  const shards = await t.db
    .selectFrom("response_counter_shards")
    .select(["shard"])
    .distinct()
    .where("questionnaireId", "=", q.id)
    .execute();
  expect(shards.map((row) => Number(row.shard))).toEqual([0]);
  const row = await t.db
    .selectFrom("questionnaires")
    .select(responseCountColumn)
    .where("id", "=", q.id)
    .executeTakeFirstOrThrow();
  expect(row.responseCount).toBe(2);
}

describe("submits to a questionnaire without limits", () => {
  it("complete while another submit's transaction to it stays open (PostgreSQL); SQLite keeps one shard", async () => {
    if (t.ctx.dialect === "postgres") await pgCase();
    else await sqliteCase();
  });
});
