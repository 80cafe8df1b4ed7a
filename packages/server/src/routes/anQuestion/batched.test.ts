import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew, satisfactionSurvey, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { batchTimes } from "../../commands/answering/submit-batch.ts";

/**
 * Issue 22: on PostgreSQL, unlocked submits to one questionnaire that arrive together are stored by one
 * statement per batch (submit-batch.ts), their counters summed per key first. On SQLite the same bursts go
 * through the group commit; what a respondent and the results see must be the same on both.
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

async function published(title: string) {
  const q = await publishNew(t, owner, { kind: "survey", definition: satisfactionSurvey(title, "why") });
  const open = await openAnswering(t, q.publicId);
  return { q, revisionId: open.revisionId };
}

async function countersOf(questionnaireId: number) {
  const rows = await t.db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", questionnaireId)
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

describe("a burst of submits to one questionnaire", () => {
  it("stores every one with its own response, and counters that add up, in fewer statements on PostgreSQL", async () => {
    const { q, revisionId } = await published("满意度·同时提交");
    const before = { ...batchTimes };
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        submitWithToken(t, q.publicId, revisionId, {
          rate: { optionId: i % 4 === 0 ? "no" : "yes" },
          why: `意见${i}`,
        }),
      ),
    );
    for (const reply of replies) expect(reply.body.code, reply.body.msg).toBe(200);
    const ids = replies.map((reply) => reply.body.data?.responseId);
    expect(new Set(ids).size).toBe(40);

    const stored = await t.db
      .selectFrom("responses")
      .select(["id", "answers"])
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => Number(a) - Number(b)),
    );
    // Each reply's id holds that submit's own answer (no mix-up of positions within a batch).
    const byId = new Map(stored.map((row) => [row.id, JSON.parse(row.answers) as { why: string }]));
    replies.forEach((reply, i) => {
      expect(byId.get(Number(reply.body.data?.responseId))?.why).toBe(`意见${i}`);
    });
    const facts = await t.db
      .selectFrom("response_facts_all")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("questionnaireId", "=", q.id)
      .where("key", "=", "option:rate:no")
      .executeTakeFirst();
    expect(Number(facts?.count)).toBe(10);

    const counters = await countersOf(q.id);
    expect(counters.get("total")).toBe(40);
    expect(counters.get("option:rate:yes")).toBe(30);
    expect(counters.get("option:rate:no")).toBe(10);
    expect(counters.get("answered:why")).toBe(40);

    if (t.ctx.dialect === "postgres") {
      expect(batchTimes.count - before.count).toBe(40);
      expect(batchTimes.batches - before.batches).toBeLessThan(40);
    }
  });

  it("stores a key sent twice at once one time, and answers both with that response", async () => {
    const { q, revisionId } = await published("满意度·重复提交");
    const key = `twice-${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        submitWithToken(
          t,
          q.publicId,
          revisionId,
          { rate: { optionId: "yes" } },
          // Three submits of one key among three others.
          i % 2 === 0 ? { idempotencyKey: key, deviceId: "device-twice" } : {},
        ),
      ),
    );
    for (const reply of replies) expect(reply.body.code, reply.body.msg).toBe(200);
    const repeated = replies.filter((_, i) => i % 2 === 0).map((reply) => reply.body.data?.responseId);
    expect(new Set(repeated).size).toBe(1);
    const counters = await countersOf(q.id);
    expect(counters.get("total")).toBe(4);
    const stored = await t.db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(stored).toHaveLength(4);
  });

  it("answers a key stored earlier with its response when it comes back among new submits, and counts each once", async () => {
    const { q, revisionId } = await published("满意度·重发已存答卷");
    const key = `again-${Date.now()}`;
    const first = await submitWithToken(
      t,
      q.publicId,
      revisionId,
      { rate: { optionId: "no" } },
      { idempotencyKey: key, deviceId: "device-again" },
    );
    expect(first.body.code, first.body.msg).toBe(200);
    // On PostgreSQL the repeat fails its batch's statement (its counters come summed, so the statement stores
    // all or nothing); every submit of that batch is then stored alone.
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submitWithToken(
          t,
          q.publicId,
          revisionId,
          { rate: { optionId: i === 3 ? "no" : "yes" } },
          i === 3 ? { idempotencyKey: key, deviceId: "device-again" } : {},
        ),
      ),
    );
    for (const reply of replies) expect(reply.body.code, reply.body.msg).toBe(200);
    expect(replies[3]?.body.data?.responseId).toBe(first.body.data?.responseId);
    expect(new Set(replies.map((reply) => reply.body.data?.responseId)).size).toBe(8);
    const counters = await countersOf(q.id);
    expect(counters.get("total")).toBe(8);
    expect(counters.get("option:rate:no")).toBe(1);
    expect(counters.get("option:rate:yes")).toBe(7);
  });

  it("keeps to the owner's level cap when the burst is larger than what is left", async () => {
    const { q, revisionId } = await published("满意度·会员上限");
    for (let i = 0; i < 3; i++)
      expect(
        (await submitWithToken(t, q.publicId, revisionId, { rate: { optionId: "yes" } })).body.code,
      ).toBe(200);
    await t.db
      .insertInto("vip_sets")
      .values({
        level: 0,
        name: "个人版",
        badge: "",
        priceMonthFen: 0,
        priceYearFen: 0,
        limits: JSON.stringify({ responsesPerQuestionnaire: 10 }),
        description: "",
        sort: 0,
        status: "published",
      })
      .execute();
    try {
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          submitWithToken(t, q.publicId, revisionId, { rate: { optionId: "yes" } }),
        ),
      );
      const accepted = replies.filter((reply) => reply.body.code === 200);
      for (const reply of replies.filter((r) => r.body.code !== 200))
        expect(reply.body).toMatchObject({ code: 409, msg: "问卷已暂停收集" });
      expect(accepted).toHaveLength(7);
      const counters = await countersOf(q.id);
      expect(counters.get("total")).toBe(10);
    } finally {
      await t.db.deleteFrom("vip_sets").where("level", "=", 0).execute();
    }
  });
});
