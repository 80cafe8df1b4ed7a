import { definitionSchema, type ResultsFilter, type SurveyDefinition } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisAnswers, analysisDefinition } from "../../../../test/analysis-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { gradedExam, publishedQuestionnaire, submitAnswers } from "../../../../test/results-fixtures.ts";
import { FactBitsetCache, resultsIndex } from "../fact-bitset-cache.ts";
import { FactBitsets } from "../fact-bitsets.ts";
import { planOrRefuse } from "../filter.ts";
import { AnalysisColumnCache, analysisColumnCache } from "./column-cache.ts";
import { type AnalysisColumns, analysisColumns, readColumns } from "./data.ts";
import { analysisCatalogue, definitionSignature } from "./variables.ts";

/**
 * The decoded columns kept per questionnaire answer exactly what reading and decoding the rows for the request
 * answers (readColumns, the SPSS export's own mapping): under filters, after new submits, status changes,
 * grading, a changed definition and a replaced results index.
 */
let t: TestContext;
let owner: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Columns as comparable arrays (NaN as null, which toEqual tells apart from a number). */
const plain = (data: AnalysisColumns) => ({
  responses: data.responses,
  columns: Object.fromEntries(
    [...data.columns].map(([name, values]) => [
      name,
      Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
    ]),
  ),
});

async function bothWays(id: number, stored: SurveyDefinition, filter: ResultsFilter = {}) {
  // As the results read it: parsed, with the schema's defaults.
  const definition = definitionSchema.parse(stored) as SurveyDefinition;
  const catalogue = analysisCatalogue(definition);
  const predicate = planOrRefuse(definition, filter);
  const fast = await analysisColumns(t.ctx, id, catalogue, filter, predicate, catalogue.variables);
  const rows = await readColumns(t.db, id, catalogue, filter, predicate, catalogue.variables);
  return { fast: plain(fast), rows: plain(rows) };
}

async function expectSame(id: number, definition: SurveyDefinition, filter: ResultsFilter = {}) {
  const { fast, rows } = await bothWays(id, definition, filter);
  expect(fast).toEqual(rows);
  return fast;
}

const post = (path: string, json: Record<string, unknown>) =>
  call(t.app, "POST", path, { token: owner.token, json });

describe("analysis columns kept per questionnaire", () => {
  it("equal the rows under filters, and follow new submits and status changes", async () => {
    const definition = analysisDefinition();
    const q = await publishedQuestionnaire(t, owner, definition);
    const ids: number[] = [];
    for (const a of analysisAnswers(40, 7)) ids.push(await submitAnswers(t, q, a));
    const before = analysisColumnCache(t.db).bytes();
    const all = await expectSame(q.id, definition);
    expect(all.responses).toBe(40);
    // Kept: the next request selects from memory.
    expect(analysisColumnCache(t.db).bytes()).toBeGreaterThan(before);
    await expectSame(q.id, definition, { source: "wechat" });
    const men = await expectSame(q.id, definition, {
      condition: { kind: "selected", questionId: "gender", optionIds: ["m"], match: "any" },
    });
    expect(men.responses).toBeGreaterThan(0);
    expect(men.responses).toBeLessThan(40);

    for (const a of analysisAnswers(7, 99)) ids.push(await submitAnswers(t, q, a));
    expect((await expectSame(q.id, definition)).responses).toBe(47);

    expect((await post("answer/markInvalid", { id: q.id, responseIds: [ids[2], ids[30]] })).body.code).toBe(
      200,
    );
    expect((await post("answer/deleteAnswer", { id: q.id, responseIds: [ids[5]] })).body.code).toBe(200);
    expect((await expectSame(q.id, definition)).responses).toBe(44);
    expect((await post("answer/restoreAnswer", { id: q.id, responseIds: [ids[5]] })).body.code).toBe(200);
    expect((await post("answer/markValid", { id: q.id, responseIds: [ids[30]] })).body.code).toBe(200);
    expect((await expectSame(q.id, definition)).responses).toBe(46);
  });

  it("read the score again after grading, and decode again under a changed definition", async () => {
    const exam = gradedExam();
    const q = await publishedQuestionnaire(t, owner, exam, "exam");
    const first = await submitAnswers(t, q, { q1: { optionId: "a" }, essay: "答" });
    await submitAnswers(t, q, { q1: { optionId: "b" }, essay: "答" });
    expect((await expectSame(q.id, exam)).columns.score).toEqual([4, 0]);
    const graded = await post("answer/gradeAnswer", {
      id: q.id,
      responseId: first,
      grades: [{ questionId: "essay", score: 5 }],
    });
    expect(graded.body.code).toBe(200);
    expect((await expectSame(q.id, exam)).columns.score).toEqual([9, 0]);

    // A question put first renumbers the variables (Q1 is now the new one): nothing decoded before is reused.
    const changed = structuredClone(exam);
    changed.pages[0]?.questions.unshift({
      id: "q0",
      type: "single",
      title: "新题",
      config: { options: [{ id: "x", label: "甲" }] },
    } as (typeof changed.pages)[0]["questions"][0]);
    expect(definitionSignature(changed)).not.toBe(definitionSignature(exam));
    const renumbered = await expectSame(q.id, changed);
    expect(renumbered.columns.Q2).toEqual([1, 2]);
  });

  it("answer two requests at once while grading moves the version between them", async () => {
    const exam = definitionSchema.parse(gradedExam()) as SurveyDefinition;
    const q = await publishedQuestionnaire(t, owner, gradedExam(), "exam");
    const first = await submitAnswers(t, q, { q1: { optionId: "a" }, essay: "答" });
    await submitAnswers(t, q, { q1: { optionId: "b" }, essay: "答" });
    const catalogue = analysisCatalogue(exam);
    const score = catalogue.variables.filter((v) => v.name === "score");
    const signature = definitionSignature(exam);
    const before = await new FactBitsetCache().get(t.db, t.ctx.dialect, q.id);
    const graded = await post("answer/gradeAnswer", {
      id: q.id,
      responseId: first,
      grades: [{ questionId: "essay", score: 5 }],
    });
    expect(graded.body.code).toBe(200);
    const after = await new FactBitsetCache().get(t.db, t.ctx.dialect, q.id);
    expect(after.version).toBeGreaterThan(before.version);
    const cache = new AnalysisColumnCache();
    const [old, fresh] = await Promise.all([
      cache.select(t.db, q.id, catalogue, signature, before, before.validSet(), score),
      cache.select(t.db, q.id, catalogue, signature, after, after.validSet(), score),
    ]);
    expect(Array.from(old.columns.get("score") ?? [])).toEqual([9, 0]);
    expect(Array.from(fresh.columns.get("score") ?? [])).toEqual([9, 0]);
  });

  it("keep their positions for a rebuilt index of the same responses, and start over when positions moved", async () => {
    const q = await publishedQuestionnaire(t, owner, analysisDefinition());
    for (const a of analysisAnswers(12, 3)) await submitAnswers(t, q, a);
    const definition = definitionSchema.parse(analysisDefinition()) as SurveyDefinition;
    const catalogue = analysisCatalogue(definition);
    const signature = definitionSignature(definition);
    const cache = new AnalysisColumnCache();
    const rows = plain(await readColumns(t.db, q.id, catalogue, {}, null, catalogue.variables));
    const select = (index: FactBitsets) =>
      cache.select(t.db, q.id, catalogue, signature, index, index.validSet(), catalogue.variables);

    const index = await new FactBitsetCache().get(t.db, t.ctx.dialect, q.id);
    expect(plain(await select(index))).toEqual(rows);
    const rebuilt = await new FactBitsetCache().get(t.db, t.ctx.dialect, q.id);
    expect(rebuilt).not.toBe(index);
    expect(plain(await select(rebuilt))).toEqual(rows);

    // An index without the first response: every position holds another response than before.
    const stored = await t.db
      .selectFrom("responses")
      .select(["id", "status", "submittedAt", "source"])
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    const shifted = new FactBitsets();
    shifted.appendResponses(
      stored.slice(1).map((r) => ({ ...r, status: r.status as "valid" | "invalid" | "deleted" })),
    );
    shifted.finishAppend(0, new Map());
    const fromShifted = plain(await select(shifted));
    expect(fromShifted.responses).toBe(11);
    for (const [name, values] of Object.entries(rows.columns))
      expect([name, fromShifted.columns[name]]).toEqual([name, values.slice(1)]);
  });

  it("come from the rows while a large index is still being prepared", async () => {
    const definition = analysisDefinition();
    const q = await publishedQuestionnaire(t, owner, definition);
    for (const a of analysisAnswers(5, 11)) await submitAnswers(t, q, a);
    const cache = resultsIndex(t.ctx);
    const limit = cache.inlineLimit;
    cache.inlineLimit = 0;
    try {
      const { fast, rows } = await bothWays(q.id, definition);
      expect(fast).toEqual(rows);
      expect(fast.responses).toBe(5);
    } finally {
      cache.inlineLimit = limit;
      await cache.get(t.db, t.ctx.dialect, q.id);
    }
  });
});
