import fs from "node:fs";
import path from "node:path";
import type { AnalysisResult, AnalysisVariablesResult } from "@wjgj/core/api/analysis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download, runExport } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { readSavWithPspp } from "../../../test/pspp.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";

/**
 * 计算值 as variables: kept with each response at submit, exported to SPSS (and so R and Stata) as calc1…, and
 * offered by 统计分析 like any numeric variable.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string; revisionId: number };

const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "家庭支出调查",
  pages: [
    {
      id: "p1",
      questions: [
        { id: "food", type: "number", title: "每月伙食支出", config: {} },
        { id: "rent", type: "number", title: "每月房租", config: {} },
      ],
    },
  ],
  computed: [{ id: "total", name: "每月支出合计", expression: "$food + $rent" }],
};

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishedQuestionnaire(t, owner, definition as never);
  for (const [food, rent] of [
    [1500, 3000],
    [2000, 2500],
    [1200, 4000],
  ])
    await submitAnswers(t, q, { food, rent });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("计算值 as variables", () => {
  it("are kept with each response at submit", async () => {
    const rows = await t.db
      .selectFrom("responses")
      .select("computed")
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => JSON.parse(row.computed ?? "{}"))).toEqual([
      { total: 4500 },
      { total: 4500 },
      { total: 5200 },
    ]);
  });

  it("are a variable of the .sav, labelled with their name", async () => {
    const job = await runExport(t, owner, q.id, "sav");
    expect(job.status).toBe("done");
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, "computed-"));
    const file = path.join(dir, "computed.sav");
    fs.writeFileSync(file, (await download(t, owner.token, q.id, job.id)).rawPayload);
    const tables = readSavWithPspp(file);
    expect(
      tables.get("Variables")?.some((line) => line.startsWith("calc1,") && line.includes("每月支出合计")),
    ).toBe(true);
    const list = tables.get("Data List") ?? [];
    const at = list[0]?.split(",").indexOf("calc1") ?? -1;
    expect(list.slice(1).map((line) => Number(line.split(",")[at]))).toEqual([4500, 4500, 5200]);
  });

  it("are offered by 统计分析 and analysed like any number", async () => {
    const variables = await call<AnalysisVariablesResult>(t.app, "GET", "statistics/getAnalysisVariables", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(variables.body.data.variables.find((v) => v.name === "calc1")).toMatchObject({
      label: "每月支出合计",
      measure: "scale",
    });
    const res = await call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
      token: owner.token,
      json: { id: q.id, request: { method: "descriptives", variables: ["calc1"] } },
    });
    const outcome = res.body.data.outcome;
    if (outcome.method !== "descriptives") throw new Error(outcome.method);
    const d = outcome.items[0]?.descriptives;
    if (!d?.ok) throw new Error("no descriptives");
    expect([d.n, d.mean, d.min, d.max]).toEqual([3, 4733.333333333333, 4500, 5200]);
  });
});
