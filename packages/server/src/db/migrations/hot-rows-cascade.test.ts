import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, publishNew, satisfactionSurvey, submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

/**
 * Migration 0030 drops PostgreSQL's per-row key checks on facts and counter shards (issue 22): deleting a
 * questionnaire or a response for good must still take their facts and counters with them, on both
 * databases, and leave other questionnaires' rows alone.
 */
let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const definition = satisfactionSurvey("满意度", "why");

async function answered(times: number) {
  const q = await publishNew(t, owner, { definition });
  const open = await openAnswering<{ revisionId: number }>(t, q.publicId);
  for (let i = 0; i < times; i++) {
    const res = await submitWithToken(t, q.publicId, open.revisionId, {
      rate: { optionId: "yes" },
      why: "好",
    });
    expect(res.body.code).toBe(200);
  }
  return q;
}

async function rowsOf(questionnaireId: number) {
  const count = async (
    table: "responses" | "response_facts" | "response_fact_keys" | "response_counter_shards",
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("questionnaireId", "=", questionnaireId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    responses: await count("responses"),
    facts: await count("response_facts"),
    // PostgreSQL packs bare keys (migration 0255); SQLite has no packs.
    packs: t.ctx.dialect === "postgres" ? await count("response_fact_keys") : 0,
    counters: await count("response_counter_shards"),
  };
}

describe("facts and counters without per-row key checks", () => {
  it("go with their questionnaire when it is deleted for good, and only its own", async () => {
    const gone = await answered(3);
    const kept = await answered(2);
    const before = await rowsOf(kept.id);
    expect((await rowsOf(gone.id)).facts).toBeGreaterThan(0);
    expect((await rowsOf(gone.id)).packs).toBe(t.ctx.dialect === "postgres" ? 3 : 0);
    expect((await rowsOf(gone.id)).counters).toBeGreaterThan(0);

    const params = { id: gone.id };
    expect(
      (await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params })).body.code,
    ).toBe(200);
    const destroyed = await call(t.app, "POST", "questionary/thoroughDelQuestionary", {
      token: owner.token,
      params,
    });
    expect(destroyed.body.code).toBe(200);

    expect(await rowsOf(gone.id)).toEqual({ responses: 0, facts: 0, packs: 0, counters: 0 });
    expect(await rowsOf(kept.id)).toEqual(before);
    expect(before).toMatchObject({ responses: 2 });
  });

  it("go with their response when it is deleted for good", async () => {
    const q = await answered(2);
    const [first, second] = await t.db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    if (!first || !second) throw new Error("two responses expected");
    // Rows and packed keys alike (migration 0255): the view reads both.
    const factsOf = async (responseId: number) =>
      (
        await t.db
          .selectFrom("response_facts_all")
          .select("key")
          .where("responseId", "=", responseId)
          .execute()
      ).length;
    const secondFacts = await factsOf(second.id);
    expect(await factsOf(first.id)).toBeGreaterThan(0);
    const packOf = async (responseId: number) =>
      t.ctx.dialect === "postgres"
        ? (
            await t.db
              .selectFrom("response_fact_keys")
              .select("keys")
              .where("responseId", "=", responseId)
              .execute()
          ).length
        : 0;
    expect(await packOf(first.id)).toBe(t.ctx.dialect === "postgres" ? 1 : 0);

    await t.db.deleteFrom("responses").where("id", "=", first.id).execute();

    expect(await factsOf(first.id)).toBe(0);
    expect(await packOf(first.id)).toBe(0);
    expect(await factsOf(second.id)).toBe(secondFacts);
  });
});
