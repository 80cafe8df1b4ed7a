import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { isPacked } from "../../commands/results/fact-packs.ts";
import { factsOfStored, insertFactRows, revisionDefinitions } from "../../commands/results/record.ts";
import { packBareFactRows } from "./0255-fact-packs.ts";
import { packSqliteBareFactRows } from "./0260-sqlite-fact-packs.ts";

/**
 * Migrations 0255 (PostgreSQL) and 0260 (SQLite), issue #37: a response's bare choice, cell, answered, quota
 * and skip keys are one packed row; the view `response_facts_all` must give back exactly the facts the
 * response has, on both databases.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const sorted = <T extends { key: string }>(facts: T[]) =>
  [...facts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

async function viewOf(responseId: number) {
  const rows = await t.db
    .selectFrom("response_facts_all")
    .select(["questionId", "key", "num", "text"])
    .where("responseId", "=", responseId)
    .execute();
  return sorted(
    rows.map((row) => ({
      questionId: row.questionId,
      key: row.key,
      ...(row.num === null ? {} : { num: Number(row.num) }),
      ...(row.text === null ? {} : { text: row.text }),
    })),
  );
}

async function stored(responseId: number) {
  const row = await t.db
    .selectFrom("responses")
    .selectAll()
    .where("id", "=", responseId)
    .executeTakeFirstOrThrow();
  const definition = (await revisionDefinitions(t.db, [row.revisionId])).get(row.revisionId);
  if (!definition) throw new Error("revision expected");
  return { row, facts: factsOfStored(definition, row, {}) };
}

describe("packed fact keys (migrations 0255 and 0260)", () => {
  let questionnaireId = 0;
  let responseId = 0;
  let ownerToken = "";

  beforeAll(async () => {
    const owner = await buildUser(t);
    ownerToken = owner.token;
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    questionnaireId = q.id;
    responseId = await submitAnswers(t, q, {
      qs: { optionId: "o", otherText: "榴莲" },
      qm: { optionIds: ["a", "b"] },
      qrk: ["c", "a", "b"],
      qx1: { r1: "c2" },
      qn: 3,
      qt: "你好",
    });
  });

  /** Responses the answer list's SQL filter finds. */
  const listed = (condition: unknown) =>
    call<{ total: number }>(t.app, "POST", "answer/getAnswerList", {
      token: ownerToken,
      json: { id: questionnaireId, pageSize: 10, filter: JSON.stringify({ condition }) },
    }).then((reply) => reply.body.data.total);

  // Filtered statistics read the bitset index (built from the view), the answer list filters by SQL.
  const count = async (condition: unknown) => {
    const statistics = await call<{ total: number }>(t.app, "POST", "statistics/getQuestionStatistics", {
      token: ownerToken,
      json: { id: questionnaireId, filter: { condition } },
    });
    expect(await listed(condition)).toBe(statistics.body.data.total);
    return statistics.body.data.total;
  };

  it("stores a submit's bare keys in one pack, the rest as rows; the view reads back every fact", async () => {
    const { facts } = await stored(responseId);
    expect(await viewOf(responseId)).toEqual(sorted(facts));
    const rows = await t.db
      .selectFrom("response_facts")
      .select(["key", "num", "text"])
      .where("responseId", "=", responseId)
      .execute();
    expect(
      rows.filter((row) => row.num === null && row.text === null && /^(option|answered):/.test(row.key)),
    ).toEqual([]);
    const pack = await t.db
      .selectFrom("response_fact_keys")
      .select("keys")
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", "=", responseId)
      .executeTakeFirstOrThrow();
    const pairs = JSON.parse(pack.keys) as [string, string][];
    expect(pairs.map(([, key]) => key).sort()).toEqual(
      facts
        .filter(isPacked)
        .map((fact) => fact.key)
        .sort(),
    );
    expect(pairs.map(([, key]) => key)).toEqual(
      expect.arrayContaining(["option:qs:o", "option:qm:a", "answered:qm", "cell:qx1:r1:c2"]),
    );
    expect(rows.length + pairs.length).toBe(facts.length);
  });

  it("finds packed keys and answered questions by filter as it finds fact rows", async () => {
    expect(await count({ kind: "selected", questionId: "qm", optionIds: ["b"], match: "any" })).toBe(1);
    expect(await count({ kind: "selected", questionId: "qm", optionIds: ["c"], match: "any" })).toBe(0);
    expect(await count({ kind: "answered", questionId: "qx1" })).toBe(1);
    expect(await count({ kind: "answered", questionId: "qx2" })).toBe(0);
    expect(await count({ kind: "answered", questionId: "qt" })).toBe(1);
  });

  it("moves the bare fact rows an older database holds into packs, the same facts read back", async () => {
    const before = await viewOf(responseId);
    const { facts } = await stored(responseId);
    // As before 0255/0260: every fact a row, no pack.
    await t.db.deleteFrom("response_facts").where("responseId", "=", responseId).execute();
    await t.db.deleteFrom("response_fact_keys").where("responseId", "=", responseId).execute();
    await insertFactRows(t.db, questionnaireId, responseId, facts);
    expect(await viewOf(responseId)).toEqual(before);

    const pack = t.ctx.dialect === "postgres" ? packBareFactRows : packSqliteBareFactRows;
    await pack(t.db as unknown as Kysely<unknown>);
    expect(await viewOf(responseId)).toEqual(before);
    const rows = await t.db
      .selectFrom("response_facts")
      .select("key")
      .where("responseId", "=", responseId)
      .execute();
    expect(rows.map((row) => row.key).sort()).toEqual(
      facts
        .filter((fact) => !isPacked(fact))
        .map((fact) => fact.key)
        .sort(),
    );
    const packs = await t.db
      .selectFrom("response_fact_keys")
      .select("responseId")
      .where("questionnaireId", "=", questionnaireId)
      .execute();
    expect(packs).toEqual([{ responseId }]);
    // The migrations write their packs with json_build_array (a space after each comma) or json_group_array:
    // filters find them too.
    expect(await listed({ kind: "selected", questionId: "qm", optionIds: ["b"], match: "any" })).toBe(1);
    expect(await listed({ kind: "selected", questionId: "qm", optionIds: ["c"], match: "any" })).toBe(0);
    expect(await listed({ kind: "answered", questionId: "qx1" })).toBe(1);
  });
});
