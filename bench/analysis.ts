// `npm run bench -- analysis`: 统计分析 at 1,000,000 responses (issue #34). A questionnaire of 年龄段 and 学历 (five
// options each), 月消费 (a number) and a ten-row five-point matrix scale, its responses written in bulk as the
// stats bench writes them. Through the real route (statistics/getAnalysis), warm: a cross-tab with χ², Cramér's
// V and column tests, a one-way ANOVA of 月消费 by 年龄段 (with Tukey), Cronbach's α of the ten rows, and the
// cross-tab and the ANOVA again on the WeChat answers only (a filter selects ~60 % of the responses); each
// against the same result computed from the raw response rows in the same run (every row read and decoded with
// the SPSS export's mapping, then the same statistics — what each request did before the decoded columns were
// kept), and checked equal to it. Then the .sav export of 100,000 × 50 against the xlsx export of the same data,
// each through the export job's own function, best of two alternating rounds.
// Last line: one JSON object.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { definitionSchema, type ResultsFilter } from "@wjgj/core";
import type { AnalysisRequest } from "@wjgj/core/api/analysis";
import { buildApp } from "../packages/server/src/app.ts";
import { writeExportFile } from "../packages/server/src/commands/exports/write-file.ts";
import { readColumns } from "../packages/server/src/commands/results/analysis/data.ts";
import { planAnalysis } from "../packages/server/src/commands/results/analysis/plan.ts";
import { analysisCatalogue } from "../packages/server/src/commands/results/analysis/variables.ts";
import { resultsIndex } from "../packages/server/src/commands/results/fact-bitset-cache.ts";
import { openDb } from "../packages/server/src/db/index.ts";
import { migrateToLatest } from "../packages/server/src/db/migrations/index.ts";
import { responseCount } from "../packages/server/src/db/tables/questionnaires.ts";
import { localStorage as localFiles } from "../packages/server/src/storage/local.ts";
import { type BulkSpec, median, openBulkBench } from "./_bulk-responses.ts";
import { seedExportData } from "./_export-data.ts";
import { benchSession } from "./_setup.ts";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1_000_000);
const EXPORT_RESPONSES = Number(process.env.BENCH_EXPORT_RESPONSES ?? 100_000);
const log = (text: string) => process.stderr.write(`${text}\n`);

const five = (labels: string[]) => labels.map((label, j) => ({ id: `o${j}`, label }));
const ITEMS = 10;

const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "消费者满意度调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "age",
          type: "single",
          title: "您的年龄段",
          config: { options: five(["18岁以下", "18-25岁", "26-35岁", "36-45岁", "46岁以上"]) },
        },
        {
          id: "edu",
          type: "single",
          title: "您的学历",
          config: { options: five(["初中及以下", "高中", "大专", "本科", "研究生"]) },
        },
        { id: "spend", type: "number", title: "月消费金额", config: {} },
        {
          id: "sat",
          type: "matrixScale",
          title: "满意度",
          config: {
            rows: Array.from({ length: ITEMS }, (_, i) => ({ id: `r${i}`, label: `方面${i + 1}` })),
            scale: { start: 1, points: 5 },
          },
        },
      ],
    },
  ],
};

/** Answers with some structure: education and spending follow age, the scale's rows share a level. */
function answersOf(next: () => number): Record<string, unknown> {
  const age = Math.floor(next() * 5);
  const edu = Math.min(4, Math.max(0, age - 1 + Math.floor(next() * 3)));
  const level = 1 + Math.floor(next() * 5);
  const answers: Record<string, unknown> = { age: { optionId: `o${age}` }, edu: { optionId: `o${edu}` } };
  if (next() < 0.95) answers.spend = 500 + age * 300 + Math.floor(next() * 1000);
  const sat: Record<string, number> = {};
  for (let i = 0; i < ITEMS; i += 1)
    sat[`r${i}`] = Math.min(5, Math.max(1, level + Math.floor(next() * 3) - 1));
  answers.sat = sat;
  return answers;
}

const PHONE = "13900000002";
const spec: BulkSpec = {
  name: "analysis",
  layout: 1,
  responses: RESPONSES,
  phone: PHONE,
  title: "消费者满意度调查",
  definition,
  answersOf,
};

const crosstab: AnalysisRequest = { method: "crosstab", row: "Q1", column: "Q2" };
const anova: AnalysisRequest = { method: "anova", test: ["Q3"], group: "Q1", postHoc: "tukey" };
/** Each round: its name, the request, and the results filter (the WeChat answers are ~60 %). */
const rounds: [string, AnalysisRequest, ResultsFilter][] = [
  ["crosstab", crosstab, {}],
  ["anova", anova, {}],
  [
    "alpha",
    { method: "reliability", variables: Array.from({ length: ITEMS }, (_, i) => `Q4_${i + 1}`), reverse: [] },
    {},
  ],
  ["crosstab_filtered", crosstab, { source: "wechat" }],
  ["anova_filtered", anova, { source: "wechat" }],
];

async function analysisRounds() {
  const { dataDir, handle, ctx, user } = await openBulkBench(spec);
  try {
    // 统计分析 is sold with 交叉分析: the owner holds the top level.
    await handle.db
      .updateTable("users")
      .set({ vipLevel: 3, vipStopTime: "2099-12-31T00:00:00.000Z" })
      .where("id", "=", user.id)
      .execute();
    const token = await benchSession(ctx, user, 7);
    const { id } = await handle.db
      .selectFrom("questionnaires")
      .select("id")
      .where(responseCount, "=", RESPONSES)
      .executeTakeFirstOrThrow();
    const app = await buildApp(ctx);
    const analyse = async (request: AnalysisRequest, filter: ResultsFilter) => {
      const started = performance.now();
      const reply = await app.inject({
        method: "POST",
        url: "/wjgj/api/statistics/getAnalysis",
        headers: { token },
        payload: { id, request, filter },
      });
      const elapsed = performance.now() - started;
      const body = reply.json() as {
        code: number;
        msg: string;
        data: { responses: number; outcome: unknown };
      };
      if (body.code !== 200) throw new Error(`${request.method}: ${body.msg}`);
      return { elapsed, data: body.data };
    };

    log("building the results index (the filter the columns are selected by) …");
    let started = performance.now();
    await resultsIndex(ctx).get(handle.db, handle.dialect, id);
    log(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const definitionRow = await handle.db
      .selectFrom("questionnaire_revisions")
      .select("definition")
      .where("questionnaireId", "=", id)
      .executeTakeFirstOrThrow();
    const catalogue = analysisCatalogue(definitionSchema.parse(JSON.parse(definitionRow.definition)));
    const figures: Record<string, number> = {};
    for (const [name, request, filter] of rounds) {
      const first = await analyse(request, filter);
      const times: number[] = [];
      for (let i = 0; i < 7; i += 1) times.push((await analyse(request, filter)).elapsed);
      const warm = median(times);
      // Baseline: every row read and decoded for this request, then the same statistics.
      started = performance.now();
      const plan = planAnalysis(catalogue, request);
      const data = await readColumns(handle.db, id, catalogue, filter, null, plan.variables);
      const outcome = plan.run(data, null);
      const baseline = performance.now() - started;
      if (
        data.responses !== first.data.responses ||
        JSON.stringify(outcome) !== JSON.stringify(first.data.outcome)
      )
        throw new Error(`${name}: the kept columns and the rows disagree`);
      log(
        `  ${name}: ${warm.toFixed(1)} ms warm (first call, decoding its columns: ${(first.elapsed / 1000).toFixed(1)} s); ` +
          `from the rows: ${(baseline / 1000).toFixed(1)} s; same result`,
      );
      figures[`${name}_ms`] = Math.round(warm * 10) / 10;
      figures[`${name}_baseline_ms`] = Math.round(baseline);
      figures[`${name}_first_ms`] = Math.round(first.elapsed);
    }
    await app.close();
    await handle.destroy();
    return figures;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The .sav and the xlsx export of the same 100,000 × 50, each through the export job's function. */
async function exportRounds() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-analysis-export-"));
  try {
    const handle = openDb({ dataDir });
    await migrateToLatest(handle.db, handle.dialect);
    await handle.destroy();
    const questionnaireId = await seedExportData(dataDir, EXPORT_RESPONSES);
    const once = async (kind: "sav" | "xlsx") => {
      const db = openDb({ dataDir });
      const started = performance.now();
      const { rows } = await writeExportFile(db.db, {
        questionnaireId,
        kind,
        filter: null,
        filePath: path.join(dataDir, `bench.${kind}`),
        storage: localFiles(dataDir),
        onProgress: async () => {},
      });
      const elapsed = performance.now() - started;
      await db.destroy();
      if (rows !== EXPORT_RESPONSES) throw new Error(`${kind}: ${rows} rows`);
      return elapsed;
    };
    const sav: number[] = [];
    const xlsx: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      xlsx.push(await once("xlsx"));
      sav.push(await once("sav"));
      log(
        `  export round ${round + 1}: .sav ${Math.round(sav.at(-1) ?? 0)} ms, xlsx ${Math.round(xlsx.at(-1) ?? 0)} ms`,
      );
    }
    return { sav_ms: Math.round(Math.min(...sav)), xlsx_ms: Math.round(Math.min(...xlsx)) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const analysis = await analysisRounds();
const exports = await exportRounds();
process.stdout.write(
  `${JSON.stringify({
    bench: "analysis",
    responses: RESPONSES,
    ...analysis,
    export_responses: EXPORT_RESPONSES,
    ...exports,
    sav_over_xlsx: Math.round((exports.sav_ms / exports.xlsx_ms) * 100) / 100,
  })}\n`,
);
