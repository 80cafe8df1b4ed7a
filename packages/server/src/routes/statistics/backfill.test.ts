import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { RESULTS_VERSION_KEY } from "../../commands/results/fact-bitset-cache.ts";
import { backfillResults } from "../../db/migrations/0006-results.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

// Facts as rows, packed or not (migration 0255): backfill writes rows, as the migrations did before packs.
const snapshot = async (questionnaireId: number) => ({
  facts: await t.db
    .selectFrom("response_facts_all")
    .select(["responseId", "questionId", "key", "num", "text"])
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("responseId")
    .orderBy("key")
    .execute(),
  counters: await t.db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", questionnaireId)
    .where("count", "<>", 0)
    .orderBy("key")
    .execute(),
});

describe("migration 0006 backfill", () => {
  it("rebuilds the same facts and counters the submit path and status changes kept", async () => {
    const owner = await buildUser(t);
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    const first = await submitAnswers(t, q, {
      qs: { optionId: "o", otherText: "榴莲" },
      qm: { optionIds: ["a", "b"] },
      qn: 3,
    });
    await submitAnswers(t, q, { qs: { optionId: "a" }, qrk: ["c", "a", "b"], qx1: { r1: "c2" }, qt: "你好" });
    t.clock.advance(86_400);
    await submitAnswers(t, q, { qst: 4, qdr: { start: "2024-06-01", end: "2024-06-03" } });
    await call(t.app, "POST", "answer/markInvalid", {
      token: owner.token,
      json: { id: q.id, responseIds: [first] },
    });
    const kept = await snapshot(q.id);
    expect(kept.facts.length).toBeGreaterThan(10);

    await t.db.deleteFrom("response_facts").where("questionnaireId", "=", q.id).execute();
    await t.db.deleteFrom("response_fact_keys").where("questionnaireId", "=", q.id).execute();
    // The results version is not rebuilt (it only grows); backfill leaves it as it finds it.
    await t.db
      .deleteFrom("response_counter_shards")
      .where("questionnaireId", "=", q.id)
      .where("key", "<>", RESULTS_VERSION_KEY)
      .execute();
    await backfillResults(t.db);
    expect(await snapshot(q.id)).toEqual(kept);
  });
});
