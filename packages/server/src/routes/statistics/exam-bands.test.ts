import type { ExamReport } from "@wjgj/core";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, submitAnswers } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { examCountersRepairMigration } from "../../db/migrations/0180-exam-counters-repair.ts";

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** The sample exam with its one scored question worth `points`, and `exam` settings merged in. */
function exam(points: number, settings: Record<string, unknown> = {}) {
  const definition = sampleDefinition(`分数段 ${points}`);
  const [page] = definition.pages;
  const [first, ...rest] = page?.questions ?? [];
  return {
    ...definition,
    kind: "exam",
    pages: [{ id: "p1", questions: [{ ...first, scoring: { mode: "single", points } }, ...rest] }],
    settings: { exam: { ...definition.settings.exam, ...settings } },
  };
}

async function bands(definition: ReturnType<typeof exam>) {
  const q = await publishNew(t, owner, definition);
  await submitAnswers(t, q.publicId, { q1: { optionId: "b" }, q2: "冷静" });
  await submitAnswers(t, q.publicId, { q1: { optionId: "a" } });
  const res = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
    token: owner.token,
    json: { id: q.id },
  });
  expect(res.body.code).toBe(200);
  return res.body.data.bands.map((band) => [band.label, band.count]);
}

describe("exam report 分数段", () => {
  it("are round numbers scaled to the full mark", async () => {
    expect(await bands(exam(100))).toEqual([
      ["0-59", 1],
      ["60-69", 0],
      ["70-79", 0],
      ["80-89", 0],
      ["90-100", 1],
    ]);
    expect((await bands(exam(50))).map(([label]) => label)).toEqual([
      "0-29",
      "30-34",
      "35-39",
      "40-44",
      "45-50",
    ]);
  });

  it("follow the creator's bands when the exam settings hold them", async () => {
    expect(await bands(exam(100, { scoreBands: [0, 60, 85] }))).toEqual([
      ["0-59", 1],
      ["60-84", 0],
      ["85-100", 1],
    ]);
  });
});

describe("exam counters", () => {
  it("follow deletes, invalid marks and restores: the report from counters equals a recount", async () => {
    const q = await publishNew(t, owner, exam(10));
    for (const optionId of ["b", "b", "a"]) await submitAnswers(t, q.publicId, { q1: { optionId } });
    const ids = (
      await t.db
        .selectFrom("responses")
        .select("id")
        .where("questionnaireId", "=", q.id)
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
    const questions = async (filter?: unknown) => {
      const res = await call<ExamReport>(t.app, "POST", "statistics/getExamReport", {
        token: owner.token,
        json: { id: q.id, ...(filter ? { filter } : {}) },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data.questions;
    };
    // A condition every response meets: counted from the facts, not the counters.
    const recount = () => questions({ condition: { kind: "all", conditions: [] } });
    for (const [path, responseIds, correct] of [
      ["answer/deleteAnswer", [ids[0]], 1],
      ["answer/markInvalid", [ids[2]], 1],
      ["answer/restoreAnswer", [ids[0]], 2],
      ["answer/markValid", [ids[2]], 2],
    ] as const) {
      const changed = await call(t.app, "POST", path, {
        token: owner.token,
        json: { id: q.id, responseIds },
      });
      expect(changed.body.code, changed.body.msg).toBe(200);
      const counted = await questions();
      expect(counted, path).toEqual(await recount());
      expect(counted[0]?.correct, path).toBe(correct);
    }
    // Counters that drifted before this fix are written again from the facts by migration 0180.
    // (An upsert: on PostgreSQL a submit's connection may already have written this key to shard 7.)
    await t.db
      .insertInto("response_counter_shards")
      .values({ questionnaireId: q.id, key: "exam:q1:wrong", shard: 7, count: 5 })
      .onConflict((oc) =>
        oc
          .columns(["questionnaireId", "key", "shard"])
          .doUpdateSet((eb) => ({ count: eb("response_counter_shards.count", "+", 5) })),
      )
      .execute();
    expect(await questions()).not.toEqual(await recount());
    await examCountersRepairMigration().up(t.db as unknown as Kysely<unknown>);
    expect(await questions()).toEqual(await recount());
  });
});
