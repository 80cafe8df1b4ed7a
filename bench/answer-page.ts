/**
 * `npm run bench -- answer-page`: the gzipped JavaScript the respondent page /r/{id} needs before it is
 * interactive, against a survey-react-ui page for the same 20 questions built in the same run, and the
 * Lighthouse mobile performance score of our real page.
 *
 * Ours: the web app (browser bundles and the server renderer) is built in this run into a temporary
 * directory, so a concurrent server or e2e run keeps its own dist/. "Before interactive" is what answer.html
 * loads as module scripts and modulepreloads, plus every chunk those import statically. The logic engine is
 * a dynamic import that starts while React hydrates the server-rendered page; it is reported separately, as
 * is the total.
 *
 * Peer: a page rendering the same 20 questions with survey-react-ui 3 (SurveyJS), bundled by the same Vite
 * with the React plugin, measured the same way.
 *
 * Lighthouse: the real server (its own process, temporary DATA_DIR) serves that build; a creator publishes
 * the 20-question survey through the API, and Lighthouse 12 loads /r/{id} in Debian Chromium with its mobile
 * defaults. LIGHTHOUSE_RUNS runs (default 3); the median score is reported, with its metrics and whatever
 * audits fell short. Target: ≥ 0.95.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ANSWER_BUDGET_KB,
  closure,
  dynamicImports,
  GZIP_LEVEL,
  gzipKb,
  pageScripts,
  sumKb as sum,
} from "../scripts/answer-bundle.mjs";
import { peerSurveyJson, startServer } from "./_answer-page-server.ts";
import { launchChromium, type PerformanceRun, runLighthouse } from "./_lighthouse.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, "../packages/web");

interface Vite {
  build(config: Record<string, unknown>): Promise<unknown>;
  createBuilder(config: Record<string, unknown>): Promise<{ buildApp(): Promise<void> }>;
}

async function loadVite(): Promise<Vite> {
  // Vite is the web package's dependency; imported by name so the bench does not declare it again.
  const name = "vite";
  return (await import(name)) as Vite;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The whole web app as `npm run build -w @wjgj/web` makes it (browser bundles, then the renderer). */
async function buildOurs(vite: Vite, outDir: string): Promise<void> {
  // vite.config.ts sends every environment's output (the SPA, the respondent page, both renderers) there.
  process.env.WEB_OUT_DIR = outDir;
  const builder = await vite.createBuilder({ root: webRoot, logLevel: "warn" });
  await builder.buildApp();
  if (!fs.existsSync(path.join(outDir, "server", "answer-ssr.js")))
    throw new Error("no server renderer built");
}

function measureOurs(outDir: string) {
  const critical = closure(pageScripts(outDir, "answer.html"));
  const engineEntry = [...critical]
    .flatMap((file) =>
      dynamicImports(fs.readFileSync(file, "utf8")).map((s) => path.resolve(path.dirname(file), s)),
    )
    .find((file) => /\/engine-[^/]+\.js$/.test(file));
  const engine = engineEntry ? [...closure([engineEntry])].filter((f) => !critical.has(f)) : [];
  for (const file of critical) console.log(`  关键 ${path.basename(file)}  ${gzipKb(file).toFixed(1)} kB`);
  for (const file of engine) console.log(`  引擎 ${path.basename(file)}  ${gzipKb(file).toFixed(1)} kB`);
  return { critical: sum(critical), engine: sum(engine) };
}

/** The same 20 questions rendered by survey-react-ui, bundled by the same Vite for production. */
async function measurePeer(vite: Vite): Promise<number> {
  const root = fs.mkdtempSync(path.join(webRoot, ".bench-peer-"));
  try {
    fs.writeFileSync(
      path.join(root, "index.html"),
      '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SurveyJS</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(root, "main.js"),
      `import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { Model } from "survey-core";
import { Survey } from "survey-react-ui";
import "survey-core/survey-core.min.css";
const model = new Model(${JSON.stringify(peerSurveyJson())});
createRoot(document.getElementById("root")).render(createElement(Survey, { model }));
`,
    );
    const outDir = path.join(root, "dist");
    await vite.build({ root, configFile: false, logLevel: "warn", build: { outDir, emptyOutDir: true } });
    const scripts = closure(pageScripts(outDir, "index.html"));
    const code = [...scripts].map((file) => fs.readFileSync(file, "utf8")).join("\n");
    // Guard against measuring an empty shell: the bundle must hold SurveyJS's model and its React renderer.
    if (!code.includes("radiogroup") || !code.includes("sv-rating"))
      throw new Error("SurveyJS was not bundled");
    return sum(scripts);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function lighthouseOurs(webDist: string) {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const server = await startServer(webDist);
  const chromium = await launchChromium();
  try {
    const url = await server.publishSurvey();
    const page = await fetch(url);
    const html = await page.text();
    if (!page.ok || !html.includes("第20题")) throw new Error(`${url} did not render the survey`);
    const results: PerformanceRun[] = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await runLighthouse(chromium, url);
      console.log(`  Lighthouse 第${i + 1}次：${run.score}  ${JSON.stringify(run.metrics)}`);
      results.push(run);
    }
    const sorted = [...results].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor(sorted.length / 2)] as PerformanceRun;
    if (median.findings.length > 0) console.log(`  未达标的审计项：${median.findings.join("，")}`);
    return median;
  } finally {
    await chromium.close();
    await server.stop();
  }
}

const vite = await loadVite();
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-web-"));
try {
  await buildOurs(vite, outDir);
  const ours = measureOurs(outDir);
  const peer = await measurePeer(vite);
  console.log(
    `我们（交互前）: ${ours.critical.toFixed(1)} kB gzip；随后加载的逻辑引擎: ${ours.engine.toFixed(1)} kB；合计 ${(ours.critical + ours.engine).toFixed(1)} kB；SurveyJS: ${peer.toFixed(1)} kB`,
  );
  const lighthouse = await lighthouseOurs(outDir);
  console.log(
    JSON.stringify({
      bench: "answer-page",
      ours_gzip_kb: round(ours.critical),
      budget_kb: ANSWER_BUDGET_KB,
      peer_gzip_kb: round(peer),
      lighthouse: lighthouse.score,
      ours_engine_gzip_kb: round(ours.engine),
      ours_total_gzip_kb: round(ours.critical + ours.engine),
      ratio: round(ours.critical / peer, 3),
      lighthouse_metrics: lighthouse.metrics,
      gzip_level: GZIP_LEVEL,
    }),
  );
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
