import type { ExamReport } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, submitAnswers } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser, sampleDefinition } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

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
