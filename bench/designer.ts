// The designer with 500 questions in Debian Chromium: load-to-interactive, and p95 input-to-paint latency
// while typing in a question title, against typing into a plain <input> on a blank page in the same
// browser and run. Starts its own server on a temp data dir. Last line: one JSON object.
// WEB_DIST=<dir>: serve that web build (e.g. a variant built with WEB_OUT_DIR) instead of building packages/web/dist.
// BENCH_TRACE=<file.json>: after the measured bursts, types one more burst under a Chrome trace (categories:
// BENCH_TRACE_CATEGORIES), writes the trace there and prints where the main thread's time per key went (script,
// style, layout, paint…). The traced keys are not in the latencies.
// The functions passed to page.evaluate run in the browser, hence the DOM types.
/// <reference lib="dom" />
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { QuestionInput, SurveyDefinitionInput } from "@wjgj/core";
import { chromium, type Page } from "playwright-core";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
const BURSTS = 4;
const KEYS_PER_BURST = 20;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = 8300 + Math.floor(Math.random() * 600);
const base = `http://127.0.0.1:${port}`;

/** A realistic mix: choices, text, matrices and ratings, some with show logic on the previous question. */
function buildDefinition(count: number): SurveyDefinitionInput {
  const questions: QuestionInput[] = [];
  for (let i = 1; i <= count; i += 1) {
    const id = `q${i}`;
    const options = ["非常满意", "满意", "一般", "不满意"].map((label, o) => ({ id: `o${o + 1}`, label }));
    const showIf = i % 10 === 0 ? { kind: "answered" as const, questionId: `q${i - 1}` } : undefined;
    switch (i % 5) {
      case 0:
        questions.push({
          id,
          type: "single",
          title: `第${i}题 您对本项服务的满意度`,
          config: { options },
          showIf,
        });
        break;
      case 1:
        questions.push({ id, type: "multiple", title: `第${i}题 您关注哪些方面`, config: { options } });
        break;
      case 2:
        questions.push({ id, type: "text", title: `第${i}题 请填写您的意见`, config: { format: "none" } });
        break;
      case 3:
        questions.push({
          id,
          type: "matrixSingle",
          title: `第${i}题 请评价以下方面`,
          config: {
            rows: [
              { id: "r1", label: "环境" },
              { id: "r2", label: "服务" },
              { id: "r3", label: "价格" },
            ],
            columns: options,
          },
        });
        break;
      default:
        questions.push({ id, type: "star", title: `第${i}题 总体评分`, config: { max: 5 } });
    }
  }
  return { schemaVersion: 1, kind: "survey", title: "500 题基准问卷", pages: [{ id: "p1", questions }] };
}

async function call<T>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("token", init.token);
  const response = await fetch(`${base}/wjgj/api/${pathname}`, { ...init, headers });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${pathname}: ${body.code} ${body.msg}`);
  return body.data;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 200; i += 1) {
    try {
      await call("navigation/getFooterInfo");
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  server.kill();
  throw new Error("server did not start");
}

/** In-page probe: keydown timestamp to the first task after the next frame, i.e. after paint. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { __latencies: number[] }).__latencies = samples;
    window.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        // rAF runs just before the frame is painted; the task queued from it runs right after.
        requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - start), 0));
      },
      true,
    );
  });
}

/** Types bursts of characters with pauses between them (long enough for autosave and re-checking to run). */
async function typeBursts(page: Page): Promise<number[]> {
  await installProbe(page);
  for (let burst = 0; burst < BURSTS; burst += 1) {
    // ASCII keys: Playwright inserts other characters without key events, which the probe could not see.
    await page.keyboard.type("survey title typing test ".repeat(2).slice(0, KEYS_PER_BURST), { delay: 60 });
    await page.waitForTimeout(1500);
  }
  return page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: less disturbed than `dur` by other processes on a shared machine. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

/** What the renderer's main thread did per key, by the DevTools timeline's events (thread time, ms). */
const PHASES: Record<string, string> = {
  script: "FunctionCall",
  style: "UpdateLayoutTree",
  layout: "Layout",
  visibility: "IntersectionObserverController::computeIntersections",
  prePaint: "PrePaint",
  paint: "Paint",
  layerize: "Layerize",
  commit: "Commit",
};

/**
 * Main-thread time per key in a trace of one burst: all tasks, and the rendering phases within them (style
 * recalculation with the elements it visited, layout with the objects it visited, content-visibility's visibility
 * checks, paint, layerization). Tasks over 40 ms (a major garbage collection, say) are listed apart.
 */
function summariseTrace(events: TraceEvent[], keys: number): string {
  const threads = new Map<string, number>();
  for (const e of events) threads.set(`${e.pid}:${e.tid}`, (threads.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  // The page's renderer main thread: the busiest of those so named.
  const main = events
    .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((a, b) => (threads.get(`${b.pid}:${b.tid}`) ?? 0) - (threads.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) return "no renderer main thread in the trace";
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const ms = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const perKey = (total: number) => Math.round((total / keys) * 100) / 100;
  const tasks = mine.filter((e) => e.name === "RunTask").map(ms);
  const long = tasks.filter((t) => t > 40);
  const phases = Object.entries(PHASES).map(([label, name]) => {
    const total = mine.filter((e) => e.name === name).reduce((sum, e) => sum + ms(e), 0);
    return `${label} ${perKey(total)}`;
  });
  const mean = (values: number[]) =>
    values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : 0;
  const styles = mine.filter((e) => e.name === "UpdateLayoutTree");
  const layouts = mine.filter((e) => e.name === "Layout");
  return (
    `main thread per key: tasks ${perKey(tasks.filter((t) => t <= 40).reduce((a, b) => a + b, 0))} ms ` +
    `(${phases.join(", ")})${long.length ? `, and long tasks of ${long.map(Math.round).join(", ")} ms` : ""}; ` +
    `${styles.length} style recalcs of ${mean(styles.map((e) => e.args?.elementCount ?? 0))} elements on average, ` +
    `${layouts.length} layouts of ${mean(layouts.map((e) => e.args?.beginData?.dirtyObjects ?? 0))} dirty ` +
    `in ${mean(layouts.map((e) => e.args?.beginData?.totalObjects ?? 0))} objects`
  );
}

function percentile(values: number[], p: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? Number.NaN;
}

// A given build is served as it is: rebuilding dist/ would replace the one other runs (journeys) are using.
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : undefined;
if (!webDist) {
  const build = spawnSync("npm", ["run", "build", "-w", "@wjgj/web"], { cwd: repoRoot, stdio: "ignore" });
  if (build.status !== 0) throw new Error("web build failed");
} else if (!fs.existsSync(path.join(webDist, "index.html"))) {
  throw new Error(`WEB_DIST has no web build: ${webDist}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-designer-"));
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
  ],
});
try {
  const { token } = await call<{ token: string }>("user/login", {
    method: "POST",
    body: new URLSearchParams({ phone: "13900000001", password: "demo1234" }),
  });
  const created = await call<{ id: number }>("questionary/addQuestionary", {
    method: "POST",
    token,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ kind: "survey", title: "500 题基准问卷", definition: buildDefinition(QUESTIONS) }),
  });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
  const baselinePage = await context.newPage();
  await baselinePage.setContent('<input id="field" style="width:400px">');
  await baselinePage.click("#field");
  const baseline = await typeBursts(baselinePage);

  const page = await context.newPage();
  await page.goto(`${base}/website/home`);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  const loads: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto(`${base}/dc/dcDesign?id=${created.id}`);
    await page.waitForFunction(
      (n) => document.querySelectorAll("[data-testid=question-card]").length === n,
      QUESTIONS,
      {
        timeout: 30_000,
      },
    );
    // Interactive: all cards rendered and the next frame painted, measured from navigation start.
    loads.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
          ),
      ),
    );
  }
  const target = page.locator("[data-testid=question-card]").nth(Math.floor(QUESTIONS / 2));
  await target.scrollIntoViewIfNeeded();
  await target.locator(".dd-card__title").click();
  await page.waitForSelector("[aria-label=题目标题]:focus");
  await page.keyboard.press("End");
  const designer = await typeBursts(page);
  const saved = await page.getByTestId("save-indicator").getAttribute("data-state");

  const tracePath = process.env.BENCH_TRACE;
  if (tracePath) {
    await browser.startTracing(page, {
      categories: (
        process.env.BENCH_TRACE_CATEGORIES ??
        "devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing"
      ).split(","),
    });
    await page.waitForTimeout(300);
    await page.keyboard.type("survey title typing test ".slice(0, KEYS_PER_BURST), { delay: 60 });
    // Stopped before the edit is reported (EDIT_REPORT_DELAY_MS, 150 ms after the last key): the keys alone.
    await page.waitForTimeout(100);
    const trace = await browser.stopTracing();
    fs.writeFileSync(tracePath, trace);
    const { traceEvents } = JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] };
    console.log(
      `trace of ${KEYS_PER_BURST} more keys in ${tracePath}: ${summariseTrace(traceEvents, KEYS_PER_BURST)}`,
    );
  }

  const round = (n: number) => Math.round(n * 10) / 10;
  const loadMs = round(loads.slice().sort((a, b) => a - b)[1] ?? Number.NaN);
  const p95Ms = round(percentile(designer, 0.95));
  const baselineP95 = round(percentile(baseline, 0.95));
  console.log(
    `designer: ${QUESTIONS} questions, load ${loadMs} ms (median of 3), typing p50 ${round(percentile(designer, 0.5))} ms, ` +
      `p95 ${p95Ms} ms, max ${round(Math.max(...designer))} ms over ${designer.length} keys; ` +
      `plain <input> p95 ${baselineP95} ms; save state after typing: ${saved}`,
  );
  console.log(
    JSON.stringify({
      bench: "designer",
      questions: QUESTIONS,
      p95_ms: p95Ms,
      load_ms: loadMs,
      baseline_p95_ms: baselineP95,
      ratio: round(p95Ms / baselineP95),
    }),
  );
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
