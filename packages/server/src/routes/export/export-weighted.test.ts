import fs from "node:fs";
import path from "node:path";
import type { AnalysisResult } from "@wjgj/core/api/analysis";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisAnswers, analysisDefinition, analysisMargins } from "../../../test/analysis-fixtures.ts";
import {
  shoppingSurvey as definition,
  download,
  publishNew,
  runExport,
  submitAnswers,
} from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { readSavWithPspp, runPsppSyntax } from "../../../test/pspp.ts";
import { publishedQuestionnaire, submitAnswers as submitAnswers2 } from "../../../test/results-fixtures.ts";

/**
 * SPSS, R and Stata files with 统计分析's 加权 (filter.weighted): a `weight` variable holding each response's raking
 * weight, which the .sav declares its weight variable, so PSPP weighs the frequencies by it without being told.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishNew(t, owner, definition);
  // Six bought, two did not: raked to 50/50, 买过 weighs 8×0.5/6 = 2/3 and 没买过 8×0.5/2 = 2.
  // Of the six buyers, four bought online (在哪里买的 is shown to buyers only).
  for (let i = 0; i < 8; i++)
    await submitAnswers(t, q.publicId, {
      bought: { optionId: i < 6 ? "yes" : "no" },
      ...(i < 6 ? { where: { optionIds: [i < 4 ? "online" : "store"] } } : {}),
      age: 20 + i,
    });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function createExport(kind: string, filter: Record<string, unknown>) {
  return call(t.app, "POST", "export/createExport", {
    token: owner.token,
    json: { questionnaireId: q.id, kind, filter },
  });
}

/** 买过 and 没买过 raked to 50 % each (saving again rakes again: the same weights). */
async function saveWeighting() {
  const saved = await call(t.app, "POST", "statistics/saveWeighting", {
    token: owner.token,
    json: {
      id: q.id,
      margins: [
        {
          variable: "Q1",
          targets: [
            { value: 1, percent: 50 },
            { value: 2, percent: 50 },
          ],
        },
      ],
    },
  });
  expect(saved.body.code).toBe(200);
}

describe("exports with 加权", () => {
  it("refuses without a saved weighting, and for a spreadsheet", async () => {
    const none = await createExport("sav", { weighted: true });
    expect(none.body.msg).toBe("尚未设置加权，请先设定各变量的目标比例");
    await saveWeighting();
    const sheet = await createExport("xlsx", { weighted: true });
    expect(sheet.body.msg).toBe("只有SPSS、R和Stata文件可以附带加权权重");
  });

  it("the .sav carries the weights and is weighted by them: PSPP's frequencies are the targets", async () => {
    await saveWeighting();
    const job = await runExport(t, owner, q.id, "sav", { weighted: true });
    expect(job.status).toBe("done");
    const res = await download(t, owner.token, q.id, job.id);
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, "weighted-"));
    const file = path.join(dir, "weighted.sav");
    fs.writeFileSync(file, res.rawPayload);
    const items = runPsppSyntax(
      dir,
      "SYSFILE INFO FILE='weighted.sav'.\nGET FILE='weighted.sav'.\nLIST /VARIABLES=weight.\nFREQUENCIES /VARIABLES=Q1.\n",
    );
    const tableOf = (title: string) => {
      const found = items.find((item) => item.kind === "table" && item.title === title);
      if (found?.kind !== "table") throw new Error(`PSPP printed no table ${title}`);
      return found.rows;
    };
    expect(tableOf("File Information").find(([key]) => key === "Weight")).toEqual(["Weight", "加权权重"]);
    expect(tableOf("Data List").map(([w]) => w)).toEqual([
      "weight",
      ...Array(6).fill(".6667"),
      "2.0000",
      "2.0000",
    ]);
    // FREQUENCIES weighs by it without a WEIGHT command: 4 and 4 of 8, the targets.
    const frequencies = tableOf("最近买过我们的产品吗");
    const frequency = (label: string) => Number(frequencies.find((row) => row[1] === label)?.[2]);
    expect([frequency("买过"), frequency("没买过")]).toEqual([4, 4]);

    // The page's weighted shares are PSPP's weighted frequencies of the same file: 网店 chosen by 4 × 2/3.
    const items2 = runPsppSyntax(dir, "GET FILE='weighted.sav'.\nFREQUENCIES /VARIABLES=Q2_A.\n");
    const online = items2.find((item) => item.kind === "table" && item.title === "在哪里买的: 网店");
    if (online?.kind !== "table") throw new Error("PSPP printed no table 在哪里买的: 网店");
    const weightedCount = (label: string) => Number(online.rows.find((row) => row[1] === label)?.[2]);
    const page = await call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
      token: owner.token,
      json: { id: q.id, weighted: true, request: { method: "descriptives", variables: ["Q2_A"] } },
    });
    expect(page.body.data.weighted).toBe(true);
    const outcome = page.body.data.outcome;
    if (outcome.method !== "descriptives") throw new Error(outcome.method);
    const shares = outcome.items[0]?.proportions ?? [];
    for (const share of shares)
      expect(Math.abs(share.count - weightedCount(share.label)), share.label).toBeLessThan(0.00005);
    expect(shares.map((share) => Number(share.count.toFixed(4)))).toEqual([1.3333, 2.6667]);

    // Without the option: no weight variable.
    const plain = await runExport(t, owner, q.id, "sav");
    const plainFile = path.join(dir, "plain.sav");
    fs.writeFileSync(plainFile, (await download(t, owner.token, q.id, plain.id)).rawPayload);
    expect(readSavWithPspp(plainFile).has("weight")).toBe(false);
  });

  it("R and Stata files have the weight column in data.csv", async () => {
    await saveWeighting();
    for (const kind of ["r", "stata"] as const) {
      const job = await runExport(t, owner, q.id, kind, { weighted: true });
      expect(job.status).toBe("done");
      const zip = await JSZip.loadAsync((await download(t, owner.token, q.id, job.id)).rawPayload);
      const csv = (await zip.file("data.csv")?.async("string")) ?? "";
      const [header, ...rows] = csv.trim().split(/\r?\n/);
      const at = header?.split(",").indexOf("weight") ?? -1;
      expect(at).toBeGreaterThan(0);
      expect(rows.map((row) => Number(row.split(",")[at]).toFixed(4))).toEqual([
        ...Array(6).fill("0.6667"),
        "2.0000",
        "2.0000",
      ]);
    }
  });
});

describe("a weighted cross-tab against PSPP", () => {
  it("weighted counts as PSPP counts them, and χ² on counts rounded per cell, as PSPP's /COUNT=CELL ROUND", async () => {
    const survey = await publishedQuestionnaire(t, owner, analysisDefinition());
    for (const answers of analysisAnswers(60, 4242)) await submitAnswers2(t, survey, answers);
    const margins = analysisMargins();
    const saved = await call(t.app, "POST", "statistics/saveWeighting", {
      token: owner.token,
      json: { id: survey.id, margins },
    });
    expect(saved.body.code).toBe(200);
    const job = await runExport(t, owner, survey.id, "sav", { weighted: true });
    expect(job.status).toBe("done");
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, "weighted-crosstab-"));
    fs.writeFileSync(path.join(dir, "w.sav"), (await download(t, owner.token, survey.id, job.id)).rawPayload);
    const items = runPsppSyntax(
      dir,
      "GET FILE='w.sav'.\nSET FORMAT=F40.12.\nCROSSTABS /TABLES=Q2 BY Q1 /CELLS=COUNT.\nCROSSTABS /TABLES=Q2 BY Q1 /STATISTICS=CHISQ /COUNT=CELL ROUND.\n",
    );
    const tableOf = (title: string) => {
      const found = items.find((item) => item.kind === "table" && item.title.startsWith(title));
      if (found?.kind !== "table") throw new Error(`PSPP printed no table ${title}`);
      return found.rows;
    };
    const page = await call<AnalysisResult>(t.app, "POST", "statistics/getAnalysis", {
      token: owner.token,
      json: { id: survey.id, weighted: true, request: { method: "crosstab", row: "Q2", column: "Q1" } },
    });
    const outcome = page.body.data.outcome;
    if (outcome.method !== "crosstab" || !outcome.chiSquare?.ok) throw new Error("no χ²");
    // The table: weighted counts as they are (PSPP's default, /COUNT=ASIS), to the 4 decimals PSPP prints.
    const counts = items.filter((item) => item.kind === "table" && item.title === "您的年龄段 × 您的性别")[0];
    if (counts?.kind !== "table") throw new Error("PSPP printed no cross-tab");
    const cells = counts.rows
      .filter((row) => row[2] === "Count" && row[0] !== "Total")
      .map((row) => row.slice(3, 5).map(Number));
    expect(cells.flat().length).toBe(8);
    outcome.table.counts.flat().forEach((count, k) => {
      expect(Math.abs(count - (cells.flat()[k] ?? Number.NaN)), `cell ${k}`).toBeLessThanOrEqual(0.00005);
    });
    // The tests: on each cell's weighted count rounded to a whole case (/COUNT=CELL ROUND).
    const chi = tableOf("Chi-Square Tests").find((row) => row[0] === "Pearson Chi-Square");
    expect(Math.abs(outcome.chiSquare.chiSquare - Number(chi?.[1])), `χ² ${chi?.[1]}`).toBeLessThan(1e-9);
    expect(outcome.chiSquare.df).toBe(Number(chi?.[2]));
    // PSPP prints significance to 3 decimals.
    expect(Math.abs(outcome.chiSquare.p - Number(chi?.[3])), `p ${chi?.[3]}`).toBeLessThanOrEqual(0.0005);
  });
});
