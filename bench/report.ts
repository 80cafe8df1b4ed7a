// `npm run bench -- report`: the 分析报告 of a 50-question questionnaire over 100,000 responses (issue #35) — 30
// single choices, 10 star ratings, 6 numbers, 2 multiple choices and 2 open questions — written in bulk as the
// analysis bench writes its responses. Each file through the export job's own function (writeExportFile, kinds
// docx and pdf: statistics from the counters, the open questions' words segmented from their 100,000 answers,
// 44 charts rendered on the server); the baseline in the same run is the xlsx export of the same responses.
// Peak memory is the process's maximum resident set. Last line: one JSON object with docx_ms, pdf_ms,
// peak_rss_mb.
import fs from "node:fs";
import path from "node:path";
import type { ExportKind } from "@wjgj/core";
import { writeExportFile } from "../packages/server/src/commands/exports/write-file.ts";
import { responseCount } from "../packages/server/src/db/tables/questionnaires.ts";
import { localStorage as localFiles } from "../packages/server/src/storage/local.ts";
import { type BulkSpec, openBulkBench } from "./_bulk-responses.ts";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const log = (text: string) => process.stderr.write(`${text}\n`);

const options = (labels: string[]) => labels.map((label, j) => ({ id: `o${j}`, label }));
const questions: Record<string, unknown>[] = [];
for (let i = 0; i < 30; i += 1)
  questions.push({
    id: `s${i}`,
    type: "single",
    title: `第${i + 1}个单选：您对${["食堂", "班车", "培训", "薪酬", "办公环境"][i % 5]}的看法`,
    config: { options: options(["非常满意", "满意", "一般", "不满意", "非常不满意"]) },
  });
for (let i = 0; i < 10; i += 1)
  questions.push({ id: `r${i}`, type: "star", title: `第${i + 1}项评分`, config: { max: 5 } });
for (let i = 0; i < 6; i += 1)
  questions.push({ id: `n${i}`, type: "number", title: `数值题${i + 1}`, config: {} });
for (let i = 0; i < 2; i += 1)
  questions.push({
    id: `m${i}`,
    type: "multiple",
    title: `多选题${i + 1}`,
    config: { options: options(["选项甲", "选项乙", "选项丙", "选项丁"]) },
  });
questions.push({ id: "t0", type: "textarea", title: "您对公司有什么建议？", config: {} });
questions.push({ id: "t1", type: "textarea", title: "您最满意的地方是什么？", config: {} });
const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "年度员工调查",
  pages: [{ id: "p1", questions }],
};

const PHRASES = [
  "食堂的饭菜价格有点贵",
  "希望增加培训机会",
  "加班太多身体吃不消",
  "办公环境需要改善",
  "领导很关心员工",
  "报销流程太复杂",
  "同事之间相处融洽",
  "系统经常卡顿",
  "班车路线太少",
  "年终奖金希望提高",
];

function answersOf(next: () => number): Record<string, unknown> {
  const pick = (n: number) => Math.floor(next() * n);
  const answers: Record<string, unknown> = {};
  for (let i = 0; i < 30; i += 1) answers[`s${i}`] = { optionId: `o${pick(5)}` };
  for (let i = 0; i < 10; i += 1) answers[`r${i}`] = 1 + pick(5);
  for (let i = 0; i < 6; i += 1) answers[`n${i}`] = pick(1000);
  for (let i = 0; i < 2; i += 1)
    answers[`m${i}`] = { optionIds: [`o${pick(4)}`, `o${pick(4)}`].filter((v, k, a) => a.indexOf(v) === k) };
  for (let i = 0; i < 2; i += 1)
    answers[`t${i}`] =
      `${PHRASES[pick(PHRASES.length)]}，${PHRASES[pick(PHRASES.length)]}。${PHRASES[pick(PHRASES.length)]}`;
  return answers;
}

const spec: BulkSpec = {
  name: "report",
  layout: 1,
  responses: RESPONSES,
  phone: "13900000004",
  title: "年度员工调查",
  definition,
  answersOf,
};

const { dataDir, handle } = await openBulkBench(spec);
try {
  const { id } = await handle.db
    .selectFrom("questionnaires")
    .select("id")
    .where(responseCount, "=", RESPONSES)
    .executeTakeFirstOrThrow();
  const storage = localFiles(dataDir);
  const once = async (kind: ExportKind) => {
    const file = path.join(dataDir, `bench.${kind}`);
    const started = performance.now();
    const { rows } = await writeExportFile(handle.db, {
      questionnaireId: id,
      kind,
      filter: null,
      filePath: file,
      storage,
      dialect: handle.dialect,
      now: new Date(),
    });
    const elapsed = performance.now() - started;
    if (rows !== RESPONSES) throw new Error(`${kind}: ${rows} responses`);
    log(`  ${kind}: ${Math.round(elapsed)} ms, ${Math.round(fs.statSync(file).size / 1024)} KB`);
    return elapsed;
  };
  const xlsx = await once("xlsx");
  const docx = await once("docx");
  const pdf = await once("pdf");
  const peak = process.resourceUsage().maxRSS / 1024;
  await handle.destroy();
  process.stdout.write(
    `${JSON.stringify({
      bench: "report",
      responses: RESPONSES,
      questions: questions.length,
      docx_ms: Math.round(docx),
      pdf_ms: Math.round(pdf),
      xlsx_baseline_ms: Math.round(xlsx),
      docx_over_xlsx: Math.round((docx / xlsx) * 100) / 100,
      pdf_over_xlsx: Math.round((pdf / xlsx) * 100) / 100,
      peak_rss_mb: Math.round(peak),
    })}\n`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
