import type { CrossAnalysisResult, CrossTable } from "@wjgj/core";
import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { resolveSession } from "../../commands/account/sessions.ts";
import { getCrossAnalysis } from "../../commands/results/cross-analysis.ts";

let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
  questionnaireId = q.id;
  await submitAnswers(t, q, {
    qs: { optionId: "a" },
    qx1: { r1: "c2" },
    qx2: { r1: ["c1", "c2"] },
    qx3: { r1: 4 },
    qrg: { codes: ["110000"] },
  });
  await submitAnswers(t, q, {
    qs: { optionId: "a" },
    qx1: { r1: "c2", r2: "c1" },
    qx3: { r1: 5 },
    qrg: { codes: ["310000"] },
  });
  await submitAnswers(t, q, {
    qs: { optionId: "b" },
    qx1: { r1: "c3" },
    qx2: { r1: ["c2"] },
    qx3: { r1: 4 },
    qrg: { codes: ["110000"] },
  });
});
afterAll(async () => {
  await t.close();
});

/** Non-zero cells as `row|column` → count. */
function cells(table: CrossTable | undefined, result: CrossAnalysisResult) {
  const columns = result.column.options.map((o) => o.optionId);
  const found: Record<string, number> = {};
  for (const row of table?.rows ?? [])
    row.cells.forEach((cell, index) => {
      if (cell.count > 0) found[`${row.optionId}|${columns[index]}`] = cell.count;
    });
  return found;
}

async function cross(rowQuestionIds: string[], columnQuestionId: string) {
  const res = await call<CrossAnalysisResult>(t.app, "POST", "statistics/getCrossAnalysis", {
    token: owner.token,
    json: { id: questionnaireId, rowQuestionIds, columnQuestionId },
  });
  expect(res.body.code).toBe(200);
  return res.body.data;
}

describe("交叉分析 axes", () => {
  it("take matrix rows and 省市区 as rows, on the bitsets and on SQL alike", async () => {
    const input = { rowQuestionIds: ["qx1.r1", "qx2.r1", "qx3.r1", "qrg"], columnQuestionId: "qs" };
    const result = await cross(input.rowQuestionIds, input.columnQuestionId);
    const [single, multiple, scale, region] = result.tables;
    expect(single?.title).toBe("矩阵单选 · 选项R1");
    expect(single?.questionId).toBe("qx1.r1");
    expect(cells(single, result)).toEqual({ "c2|a": 2, "c3|b": 1 });
    expect(cells(multiple, result)).toEqual({ "c1|a": 1, "c2|a": 1, "c2|b": 1 });
    expect(multiple?.total).toBe(2);
    expect(cells(scale, result)).toEqual({ "4|a": 1, "5|a": 1, "4|b": 1 });
    expect(scale?.rows.map((row) => row.optionId)).toEqual(["1", "2", "3", "4", "5"]);
    // Only the provinces someone chose, by name.
    expect(region?.rows.map((row) => row.label)).toEqual(["北京市", "上海市"]);
    expect(cells(region, result)).toEqual({ "110000|a": 1, "110000|b": 1, "310000|a": 1 });

    const viewer = await resolveSession(t.db, t.clock, owner.token);
    if (!viewer) throw new Error("no session");
    const bySql = await getCrossAnalysis(t.ctx, viewer, { id: questionnaireId, ...input, filter: {} }, "sql");
    expect(bySql).toEqual(result);
  });

  it("take a matrix row or 省市区 as the column", async () => {
    const byRegion = await cross(["qs"], "qrg");
    expect(byRegion.column.options.map((o) => o.label)).toEqual(["北京市", "上海市"]);
    expect(cells(byRegion.tables[0], byRegion)).toEqual({ "a|110000": 1, "a|310000": 1, "b|110000": 1 });
    const byRow = await cross(["qs"], "qx1.r1");
    expect(byRow.column.title).toBe("矩阵单选 · 选项R1");
    expect(cells(byRow.tables[0], byRow)).toEqual({ "a|c2": 2, "b|c3": 1 });
  });

  it("refuses a row the matrix does not have and text questions, in Chinese", async () => {
    for (const [rows, column] of [
      [["qx1.r9"], "qs"],
      [["qt"], "qs"],
      [["qs"], "qt.r1"],
    ] as const) {
      const res = await call(t.app, "POST", "statistics/getCrossAnalysis", {
        token: owner.token,
        json: { id: questionnaireId, rowQuestionIds: rows, columnQuestionId: column },
      });
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
