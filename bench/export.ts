// `npm run bench -- export`: 100,000 responses to a 50-question questionnaire (single, multiple, text,
// matrix and number questions) inserted straight into a temp SQLite database, then exported to xlsx by
// the function the export job runs — against exceljs's streaming writer alone writing the same rows,
// already materialised in memory, in the same run. Ours renders the rows' sheet XML itself (the bytes
// exceljs would write) into exceljs's workbook; the baseline is exceljs's own row writing. Each side runs
// in its own process, which reports its time, CPU time and peak RSS (maxRSS); the best round of each side
// is compared. The questionnaire has no piped or joined option labels, so (as for most questionnaires)
// the export need not read the stored labels.
// Last line: one JSON object.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportFileTexts } from "@wjgj/core";
import SQLite from "better-sqlite3";
import ExcelJS from "exceljs";
import { neutraliseCell } from "../packages/server/src/commands/exports/cells.ts";
import {
  exportLayout,
  RevisionQuestions,
  responseBatches,
  responseRow,
} from "../packages/server/src/commands/exports/rows.ts";
import { progressRecorder } from "../packages/server/src/commands/exports/runner.ts";
import { latestDefinition, writeExportFile } from "../packages/server/src/commands/exports/write-file.ts";
import { openDb } from "../packages/server/src/db/index.ts";
import { migrateToLatest } from "../packages/server/src/db/migrations/index.ts";
import { localStorage as localFiles } from "../packages/server/src/storage/local.ts";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const here = fileURLToPath(import.meta.url);

const LABELS = ["非常满意", "满意", "一般", "不满意", "非常不满意"];
const options = (n: number) => LABELS.slice(0, n).map((label, i) => ({ id: `o${i}`, label }));
const rows = ["服务态度", "响应速度", "专业程度"].map((label, i) => ({ id: `r${i}`, label }));

/** 50 questions: 15 single, 10 multiple, 10 text, 5 matrix (3 rows), 10 number → 66 columns with metadata. */
function definition() {
  const questions = Array.from({ length: 50 }, (_, i) => {
    const id = `q${i}`;
    const title = `第${i + 1}题`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        return { id, type: "single", title: `${title} 您对该项服务的评价`, config: { options: options(4) } };
      case 3:
      case 4:
        return { id, type: "multiple", title: `${title} 您使用过哪些渠道`, config: { options: options(5) } };
      case 5:
      case 6:
        return { id, type: "text", title: `${title} 请填写您的意见`, config: {} };
      case 7:
        return { id, type: "matrixSingle", title: `${title} 请评价`, config: { rows, columns: options(5) } };
      default:
        return { id, type: "number", title: `${title} 您的年龄`, config: {} };
    }
  });
  return { schemaVersion: 1, kind: "survey", title: "导出基准问卷", pages: [{ id: "p1", questions }] };
}

/** A deterministic answer sheet and the labels its respondent saw. */
function answerSheet(n: number) {
  const answers: Record<string, unknown> = {};
  const labels: Record<string, Record<string, string>> = {};
  for (let i = 0; i < 50; i += 1) {
    const pick = (n * 31 + i * 7) % 4;
    const id = `q${i}`;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        answers[id] = { optionId: `o${pick}` };
        labels[id] = { [`o${pick}`]: LABELS[pick] as string };
        break;
      case 3:
      case 4:
        answers[id] = { optionIds: [`o${pick}`, "o4"] };
        labels[id] = { [`o${pick}`]: LABELS[pick] as string, o4: LABELS[4] as string };
        break;
      case 5:
      case 6:
        answers[id] = `第${n}位受访者：整体不错，希望继续改进服务质量。`;
        break;
      case 7:
        answers[id] = { r0: `o${pick}`, r1: "o1", r2: `o${(pick + 2) % 5}` };
        labels[id] = { r0: "服务态度", r1: "响应速度", r2: "专业程度" };
        break;
      default:
        answers[id] = 18 + ((n + i) % 60);
    }
  }
  return { answers: JSON.stringify(answers), labels: JSON.stringify(labels) };
}

function seed(dataDir: string): number {
  const db = new SQLite(path.join(dataDir, "wjgj.sqlite"));
  db.pragma("journal_mode = WAL");
  const now = new Date("2026-06-01T02:00:00.000Z").toISOString();
  const user = db
    .prepare("insert into users (phone, nick_name, created_at, updated_at) values (?, ?, ?, ?)")
    .run("13900000010", "基准", now, now);
  const json = JSON.stringify(definition());
  const q = db
    .prepare(
      `insert into questionnaires (public_id, owner_id, kind, title, status, category_id, draft, version,
        published_version, settings, question_count, created_at, updated_at, published_at)
       values ('BenchExp01', ?, 'survey', '导出基准问卷', 'published', '', ?, 1, 1, '{}', 50, ?, ?, ?)`,
    )
    .run(user.lastInsertRowid, json, now, now, now);
  // The response count is the `total` counter (migration 0016).
  db.prepare(
    "insert into response_counter_shards (questionnaire_id, key, shard, count) values (?, 'total', 0, ?)",
  ).run(q.lastInsertRowid, RESPONSES);
  const revision = db
    .prepare(
      "insert into questionnaire_revisions (questionnaire_id, version, definition, created_at) values (?, 1, ?, ?)",
    )
    .run(q.lastInsertRowid, json, now);
  const insert = db.prepare(
    `insert into responses (questionnaire_id, revision_id, answers, labels, end_state, status, ip, user_agent,
      device_id, source, duration_seconds, idempotency_key, submitted_at)
     values (?, ?, ?, ?, 'submitted', 'valid', ?, 'bench', ?, 'link', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let n = 0; n < RESPONSES; n += 1) {
      const { answers, labels } = answerSheet(n);
      const at = new Date(Date.parse(now) + n * 1000).toISOString();
      insert.run(
        q.lastInsertRowid,
        revision.lastInsertRowid,
        answers,
        labels,
        `10.0.${n % 250}.1`,
        `d${n}`,
        60 + (n % 300),
        `k${n}`,
        at,
      );
    }
  })();
  db.close();
  return Number(q.lastInsertRowid);
}

interface SideResult {
  ms: number;
  /** CPU time of the process over the same span (main thread and zlib's threads): steadier than wall time on a busy machine. */
  cpu_ms: number;
  peak_rss_mb: number;
  rows: number;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Ours: exactly what the job runs, reading from the database as it writes. */
async function runOurs(dataDir: string, questionnaireId: number): Promise<SideResult> {
  const handle = openDb({ dataDir });
  // A job row, so progress is recorded exactly as the running job records it.
  const job = await handle.db
    .insertInto("export_jobs")
    .values({
      questionnaireId,
      userId: 1,
      kind: "xlsx",
      filter: null,
      status: "running",
      progress: 0,
      rows: 0,
      fileName: "bench.xlsx",
      fileKey: null,
      fileSize: 0,
      error: "",
      createdAt: new Date().toISOString(),
      finishedAt: null,
      expiresAt: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { rows } = await writeExportFile(handle.db, {
    questionnaireId,
    kind: "xlsx",
    filter: null,
    filePath: path.join(dataDir, "ours.xlsx"),
    storage: localFiles(dataDir),
    onProgress: progressRecorder(handle.db, job.id),
  });
  const ms = performance.now() - started;
  await handle.destroy();
  return { ms, cpu_ms: cpuMs(cpuBefore), rows, peak_rss_mb: process.resourceUsage().maxRSS / 1024 };
}

/** Baseline: the same rows, materialised first (not timed), written by exceljs's streaming writer alone. */
async function runBaseline(dataDir: string, questionnaireId: number): Promise<SideResult> {
  const handle = openDb({ dataDir });
  const layout = exportLayout(await latestDefinition(handle.db, questionnaireId), null);
  const revisions = new RevisionQuestions(handle.db);
  const all: (string | number | null)[][] = [];
  for await (const batch of responseBatches(handle.db, questionnaireId, null)) {
    await revisions.load(batch.map((r) => r.revisionId));
    for (const r of batch)
      all.push(responseRow(layout, r, all.length + 1, revisions.of(r.revisionId)).map(neutraliseCell));
  }
  await handle.destroy();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path.join(dataDir, "baseline.xlsx"),
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(exportFileTexts.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(layout.headers).commit();
  for (const row of all) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  const ms = performance.now() - started;
  return {
    ms,
    cpu_ms: cpuMs(cpuBefore),
    rows: all.length,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  };
}

function child(side: "ours" | "baseline", dataDir: string, questionnaireId: number): SideResult {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", here, "--child", side, dataDir, String(questionnaireId)],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`${side} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}") as SideResult;
}

if (process.argv[2] === "--child") {
  const [, , , side, dataDir, id] = process.argv;
  const run = side === "ours" ? runOurs : runBaseline;
  console.log(JSON.stringify(await run(dataDir as string, Number(id))));
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-export-"));
try {
  const handle = openDb({ dataDir });
  await migrateToLatest(handle.db, handle.dialect);
  await handle.destroy();
  const seeding = performance.now();
  const questionnaireId = seed(dataDir);
  console.log(
    `seeded ${RESPONSES} responses × 50 questions in ${Math.round(performance.now() - seeding)} ms`,
  );

  // Alternating rounds, best of each: both sides see the same machine load.
  const ours: SideResult[] = [];
  const baseline: SideResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baseline.push(child("baseline", dataDir, questionnaireId));
    ours.push(child("ours", dataDir, questionnaireId));
    const [b, o] = [baseline.at(-1), ours.at(-1)] as [SideResult, SideResult];
    console.log(
      `round ${round + 1}: ours ${Math.round(o.ms)} ms (cpu ${Math.round(o.cpu_ms)} ms, peak ${Math.round(o.peak_rss_mb)} MB), ` +
        `baseline ${Math.round(b.ms)} ms (cpu ${Math.round(b.cpu_ms)} ms, peak ${Math.round(b.peak_rss_mb)} MB)`,
    );
  }
  const best = (list: SideResult[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
  const o = best(ours);
  const b = best(baseline);
  if (o.rows !== RESPONSES || b.rows !== RESPONSES)
    throw new Error(`rows: ours ${o.rows}, baseline ${b.rows}`);
  const peak = Math.max(...ours.map((r) => r.peak_rss_mb));
  const round2 = (n: number) => Math.round(n * 100) / 100;
  console.log(
    JSON.stringify({
      bench: "export",
      ours_ms: Math.round(o.ms),
      baseline_ms: Math.round(b.ms),
      ratio: round2(o.ms / b.ms),
      peak_rss_mb: Math.round(peak),
    }),
  );
} finally {
  // BENCH_KEEP=1 leaves the seeded database for profiling one side by hand.
  if (process.env.BENCH_KEEP === "1") console.log(`kept ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
