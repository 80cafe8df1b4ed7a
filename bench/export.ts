// `npm run bench -- export`: 100,000 responses to a 50-question questionnaire (single, multiple, text,
// matrix and number questions) inserted straight into a temp SQLite database, then exported to xlsx by
// the function the export job runs — against exceljs's streaming writer alone writing the same rows,
// already materialised in memory, in the same run. Ours renders the rows' sheet XML itself (the bytes
// exceljs would write) into exceljs's workbook; the baseline is exceljs's own row writing. Each side runs
// in its own process, which reports its time, CPU time and peak RSS (maxRSS); the best round of each side
// is compared. The questionnaire has no piped or joined option labels, so (as for most questionnaires)
// the export need not read the stored labels.
// Then (issue #36) the same questionnaire with five personal questions, once stored plain and once sealed
// (AES-GCM under its data key), exported the same way: `encrypted_ratio` is sealed over plain, same run.
// Last line: one JSON object.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportFileTexts } from "@wjgj/core";
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
import { openKeyring } from "../packages/server/src/commands/privacy/keyring.ts";
import { sealAnswers } from "../packages/server/src/commands/privacy/sealing.ts";
import type { Config } from "../packages/server/src/config.ts";
import { openDb } from "../packages/server/src/db/index.ts";
import { migrateToLatest } from "../packages/server/src/db/migrations/index.ts";
import { localStorage as localFiles } from "../packages/server/src/storage/local.ts";
import { personalQuestionIdsOfExport, seedExportData } from "./_export-data.ts";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const here = fileURLToPath(import.meta.url);

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

/** The bench's master key: the sealed questionnaire's answers open with it in the child processes. */
const BENCH_MASTER_KEY = "be".repeat(32);
const keyConfig = (dataDir: string) =>
  ({
    dataDir,
    masterKey: BENCH_MASTER_KEY,
    masterKeyPrevious: undefined,
    personalDataEncryption: true,
  }) as Config;

/** Ours: exactly what the job runs, reading from the database as it writes. */
async function runOurs(dataDir: string, questionnaireId: number): Promise<SideResult> {
  const handle = openDb({ dataDir });
  // As buildApp does at start: sealed personal answers open with the keyring.
  await openKeyring(keyConfig(dataDir), handle.db);
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
  const questionnaireId = await seedExportData(dataDir, RESPONSES);
  console.log(
    `seeded ${RESPONSES} responses × 50 questions in ${Math.round(performance.now() - seeding)} ms`,
  );
  // Issue #36: the same questionnaire with five personal questions, stored plain and stored sealed.
  const plainPersonalId = await seedExportData(dataDir, RESPONSES, { personal: { publicId: "BenchExpPl" } });
  const keys = openDb({ dataDir });
  const keyring = await openKeyring(keyConfig(dataDir), keys.db);
  const sealedPersonalId = await seedExportData(dataDir, RESPONSES, {
    personal: {
      publicId: "BenchExpSe",
      sealer: async (id) => {
        const sealing = await keyring.forWriting(id);
        return (answers) =>
          JSON.stringify(sealAnswers(sealing, new Set(personalQuestionIdsOfExport), answers).answers);
      },
    },
  });
  await keys.destroy();

  // Alternating rounds, best of each: both sides see the same machine load.
  const ours: SideResult[] = [];
  const baseline: SideResult[] = [];
  const plainPersonal: SideResult[] = [];
  const sealedPersonal: SideResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baseline.push(child("baseline", dataDir, questionnaireId));
    ours.push(child("ours", dataDir, questionnaireId));
    plainPersonal.push(child("ours", dataDir, plainPersonalId));
    sealedPersonal.push(child("ours", dataDir, sealedPersonalId));
    const [b, o] = [baseline.at(-1), ours.at(-1)] as [SideResult, SideResult];
    const [p, s] = [plainPersonal.at(-1), sealedPersonal.at(-1)] as [SideResult, SideResult];
    console.log(
      `round ${round + 1}: ours ${Math.round(o.ms)} ms (cpu ${Math.round(o.cpu_ms)} ms, peak ${Math.round(o.peak_rss_mb)} MB), ` +
        `baseline ${Math.round(b.ms)} ms (cpu ${Math.round(b.cpu_ms)} ms, peak ${Math.round(b.peak_rss_mb)} MB); ` +
        `5 personal columns: sealed ${Math.round(s.ms)} ms, plain ${Math.round(p.ms)} ms`,
    );
  }
  const best = (list: SideResult[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
  const o = best(ours);
  const b = best(baseline);
  const p = best(plainPersonal);
  const s = best(sealedPersonal);
  if (o.rows !== RESPONSES || b.rows !== RESPONSES || p.rows !== RESPONSES || s.rows !== RESPONSES)
    throw new Error(`rows: ours ${o.rows}, baseline ${b.rows}, personal ${p.rows}/${s.rows}`);
  const peak = Math.max(...ours.map((r) => r.peak_rss_mb));
  const round2 = (n: number) => Math.round(n * 100) / 100;
  console.log(
    JSON.stringify({
      bench: "export",
      ours_ms: Math.round(o.ms),
      baseline_ms: Math.round(b.ms),
      ratio: round2(o.ms / b.ms),
      peak_rss_mb: Math.round(peak),
      encrypted_ms: Math.round(s.ms),
      unencrypted_ms: Math.round(p.ms),
      encrypted_ratio: round2(s.ms / p.ms),
    }),
  );
} finally {
  // BENCH_KEEP=1 leaves the seeded database for profiling one side by hand.
  if (process.env.BENCH_KEEP === "1") console.log(`kept ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
