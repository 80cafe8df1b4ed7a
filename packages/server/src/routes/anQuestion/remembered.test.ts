import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew, satisfactionSurvey, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { pgPoolOf } from "../../db/index.ts";

/**
 * Issue 22: what a submit needs besides the questionnaire — the owner's level (its response cap) and
 * whether the thank-you screen offers rewards — costs a plain submit to a warm questionnaire no round trip
 * of its own on PostgreSQL (the store statement reads and checks them), and is never stale: changes written
 * straight into the database, as another instance would, count from the next submit.
 */
let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** Statements the app sends PostgreSQL while `run` runs (null on SQLite, which has no round trips). */
async function statementsOf(run: () => Promise<unknown>): Promise<number | null> {
  const pool = pgPoolOf(t.db);
  if (!pool) {
    await run();
    return null;
  }
  let count = 0;
  const counting = (client: { query: (...args: never[]) => unknown }) => {
    const query = client.query.bind(client);
    client.query = ((...args: never[]) => {
      count += 1;
      return query(...args);
    }) as typeof client.query;
  };
  const originalConnect = pool.connect.bind(pool);
  const wrapped = new WeakSet<object>();
  pool.connect = (async () => {
    const client = await originalConnect();
    if (!wrapped.has(client)) {
      wrapped.add(client);
      counting(client as unknown as { query: (...args: never[]) => unknown });
    }
    return client;
  }) as typeof pool.connect;
  try {
    await run();
  } finally {
    pool.connect = originalConnect;
  }
  return count;
}

const answer = { rate: { optionId: "yes" } };

async function warmQuestionnaire(title: string) {
  const q = await publishNew(t, owner, { kind: "survey", definition: satisfactionSurvey(title) });
  const open = await openAnswering(t, q.publicId);
  const first = await submitWithToken(t, q.publicId, open.revisionId, answer);
  expect(first.body.code, first.body.msg).toBe(200);
  return { q, submit: () => submitWithToken(t, q.publicId, open.revisionId, answer) };
}

describe("a warm submit", () => {
  it("is one statement on PostgreSQL, and a lowered level cap written by another instance stops the next one", async () => {
    const { submit } = await warmQuestionnaire("满意度·会员上限");
    let reply: Awaited<ReturnType<typeof submit>> | undefined;
    const statements = await statementsOf(async () => {
      reply = await submit();
    });
    expect(reply?.body.code, reply?.body.msg).toBe(200);
    if (statements !== null) expect(statements).toBe(1);

    // The admin lowers the free level's cap to the two responses already stored, on another instance.
    await t.db
      .insertInto("vip_sets")
      .values({
        level: 0,
        name: "个人版",
        badge: "",
        priceMonthFen: 0,
        priceYearFen: 0,
        limits: JSON.stringify({ responsesPerQuestionnaire: 2 }),
        description: "",
        sort: 0,
        status: "published",
      })
      .execute();
    expect((await submit()).body).toMatchObject({ code: 409, msg: "问卷已暂停收集" });
    // And raises it again: collecting resumes at once.
    await t.db
      .updateTable("vip_sets")
      .set({ limits: JSON.stringify({ responsesPerQuestionnaire: 3 }) })
      .where("level", "=", 0)
      .execute();
    expect((await submit()).body.code).toBe(200);
    expect((await submit()).body).toMatchObject({ code: 409, msg: "问卷已暂停收集" });
    await t.db.deleteFrom("vip_sets").where("level", "=", 0).execute();
  });

  it("offers rewards exactly while a draw is on or a red packet is active, as another instance set them", async () => {
    const { q, submit } = await warmQuestionnaire("满意度·奖励");
    expect((await submit()).body.data).toMatchObject({ rewards: false });

    await t.db
      .insertInto("prize_sets")
      .values({ questionnaireId: q.id, settings: JSON.stringify({ enabled: true }), updatedAt: "2026-11-27" })
      .execute();
    let reply: Awaited<ReturnType<typeof submit>> | undefined;
    const statements = await statementsOf(async () => {
      reply = await submit();
    });
    expect(reply?.body.data).toMatchObject({ rewards: true });
    if (statements !== null) expect(statements).toBe(1);

    await t.db
      .updateTable("prize_sets")
      .set({ settings: JSON.stringify({ enabled: false }) })
      .where("questionnaireId", "=", q.id)
      .execute();
    expect((await submit()).body.data).toMatchObject({ rewards: false });
  });
});
