/**
 * `npm run bench -- answer-page`: the gzipped JavaScript the respondent page /r/{id} needs before it is
 * interactive, against a survey-react-ui page for the same 20 questions built in the same run.
 *
 * Ours: the web app is built in this run (client only, into a temporary directory, so a concurrent server
 * or e2e run keeps its own dist/). "Before interactive" is what answer.html loads as module scripts and
 * modulepreloads, plus every chunk those import statically. The logic engine is a dynamic import that
 * starts while React hydrates the server-rendered page; it is reported separately, as is the total.
 *
 * Peer: a page rendering the same 20 questions with survey-react-ui (SurveyJS), bundled by the same Vite.
 * It is built only when survey-react-ui and survey-core are installed; otherwise peer_gzip_kb is null.
 * Lighthouse runs only when the `lighthouse` package is installed; otherwise null.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, "../packages/web");
const GZIP_LEVEL = 9;

type ViteBuild = (config: Record<string, unknown>) => Promise<unknown>;

async function viteBuild(): Promise<ViteBuild> {
  const name = "vite";
  const vite = (await import(name)) as { build: ViteBuild };
  return vite.build;
}

function gzipKb(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: GZIP_LEVEL }).length / 1024;
}

/** Relative chunks a built ES module imports statically (`import…from"./x.js"`, `import"./x.js"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1] ?? "");
}

/** Every file reachable from `entries` through static imports. */
function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, "utf8");
    for (const spec of staticImports(code)) queue.push(path.resolve(path.dirname(file), spec));
  }
  return seen;
}

/** Module scripts and modulepreloads of a built HTML page, as files in `dist`. */
function pageScripts(dist: string, htmlFile: string): string[] {
  const html = fs.readFileSync(path.join(dist, htmlFile), "utf8");
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] ?? "");
  return urls.filter((u) => u.endsWith(".js")).map((u) => path.join(dist, u.replace(/^\//, "")));
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
const round = (kb: number) => Math.round(kb * 10) / 10;

async function measureOurs(build: ViteBuild) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-web-"));
  await build({ root: webRoot, logLevel: "warn", build: { outDir, emptyOutDir: true } });
  const critical = closure(pageScripts(outDir, "answer.html"));
  const engineEntry = [...critical]
    .flatMap((file) =>
      dynamicImports(fs.readFileSync(file, "utf8")).map((s) => path.resolve(path.dirname(file), s)),
    )
    .find((file) => /\/engine-[^/]+\.js$/.test(file));
  const engine = engineEntry ? [...closure([engineEntry])].filter((f) => !critical.has(f)) : [];
  for (const file of critical) console.log(`  关键 ${path.basename(file)}  ${gzipKb(file).toFixed(1)} kB`);
  for (const file of engine) console.log(`  引擎 ${path.basename(file)}  ${gzipKb(file).toFixed(1)} kB`);
  const result = { critical: sum(critical), engine: sum(engine) };
  fs.rmSync(outDir, { recursive: true, force: true });
  return result;
}

/** 20 questions of the usual kinds, in SurveyJS's JSON. */
function peerSurveyJson() {
  const choices = ["非常满意", "满意", "一般", "不满意"];
  const elements = Array.from({ length: 20 }, (_, i) => {
    const name = `q${i + 1}`;
    const title = `第${i + 1}题`;
    switch (i % 5) {
      case 0:
        return { type: "radiogroup", name, title, choices, isRequired: true };
      case 1:
        return { type: "checkbox", name, title, choices };
      case 2:
        return { type: "text", name, title };
      case 3:
        return { type: "rating", name, title, rateMax: 5 };
      default:
        return { type: "comment", name, title };
    }
  });
  return { pages: [{ name: "p1", elements }] };
}

function installed(name: string): boolean {
  try {
    return fs.existsSync(path.join(here, "../node_modules", name, "package.json"));
  } catch {
    return false;
  }
}

async function measurePeer(build: ViteBuild): Promise<number | null> {
  if (!installed("survey-react-ui") || !installed("survey-core")) return null;
  const root = fs.mkdtempSync(path.join(webRoot, ".bench-peer-"));
  try {
    fs.writeFileSync(
      path.join(root, "index.html"),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(root, "main.tsx"),
      `import { createRoot } from "react-dom/client";
import { Model } from "survey-core";
import { Survey } from "survey-react-ui";
import "survey-core/survey-core.min.css";
const model = new Model(${JSON.stringify(peerSurveyJson())});
createRoot(document.getElementById("root")!).render(<Survey model={model} />);
`,
    );
    const outDir = path.join(root, "dist");
    await build({ root, configFile: false, logLevel: "warn", build: { outDir, emptyOutDir: true } });
    return sum(closure(pageScripts(outDir, "index.html")));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const build = await viteBuild();
const ours = await measureOurs(build);
const peer = await measurePeer(build);
console.log(
  `我们（交互前）: ${ours.critical.toFixed(1)} kB gzip；随后加载的逻辑引擎: ${ours.engine.toFixed(1)} kB；合计 ${(ours.critical + ours.engine).toFixed(1)} kB`,
);
if (peer === null) console.log("survey-react-ui 未安装：未构建 SurveyJS 对照页面，peer_gzip_kb 为 null。");
if (!installed("lighthouse")) console.log("lighthouse 未安装：lighthouse 为 null。");
console.log(
  JSON.stringify({
    bench: "answer-page",
    ours_gzip_kb: round(ours.critical),
    peer_gzip_kb: peer === null ? null : round(peer),
    lighthouse: null,
    ours_engine_gzip_kb: round(ours.engine),
    ours_total_gzip_kb: round(ours.critical + ours.engine),
    gzip_level: GZIP_LEVEL,
  }),
);
