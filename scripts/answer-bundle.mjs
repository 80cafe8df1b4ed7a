// What the respondent page /r/{id} loads before it is interactive, measured on a built web app: the module
// scripts and modulepreloads of answer.html plus every chunk they import statically, gzipped at level 9. Used by
// `npm run bench -- answer-page` and by `npm run check:answer-budget` (CI, after the build), which fails when the
// total passes ANSWER_BUDGET_KB.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const GZIP_LEVEL = 9;

/**
 * The budget the check enforces, in gzipped kB: issue #37's 80 kB. The page needs 22.9 kB since it runs on Preact
 * (packages/web/vite.config.ts; on React it was 82.9 kB, React and react-dom alone 68.3), which leaves this
 * round's question types their room; the check never lets the page grow past the budget unnoticed.
 */
export const ANSWER_BUDGET_KB = 80;

export function gzipKb(file) {
  return gzipSync(fs.readFileSync(file), { level: GZIP_LEVEL }).length / 1024;
}

/** Relative chunks a built ES module imports statically (`import…from"./x.js"`, `import"./x.js"`). */
export function staticImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

export function dynamicImports(code) {
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1] ?? "");
}

/** Every file reachable from `entries` through static imports. */
export function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, "utf8");
    for (const spec of staticImports(code)) queue.push(path.resolve(path.dirname(file), spec));
  }
  return seen;
}

/** Module scripts and modulepreloads of a built HTML page, as files in `dist`. */
export function pageScripts(dist, htmlFile) {
  const html = fs.readFileSync(path.join(dist, htmlFile), "utf8");
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] ?? "");
  return urls.filter((u) => u.endsWith(".js")).map((u) => path.join(dist, u.replace(/^\//, "")));
}

export const sumKb = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);

/**
 * For the checks run as scripts: every chunk `htmlFile` of packages/web/dist loads before interaction. Without a
 * build it says so in Chinese and ends the process.
 */
export function builtPageChunks(htmlFile) {
  const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../packages/web/dist");
  if (!fs.existsSync(path.join(dist, htmlFile))) {
    console.error(`没有找到 packages/web/dist/${htmlFile}：请先运行 npm run build`);
    process.exit(1);
  }
  return closure(pageScripts(dist, htmlFile));
}

// Run as a script: check packages/web/dist.
if (import.meta.url === `file://${process.argv[1]}`) {
  const files = builtPageChunks("answer.html");
  for (const file of files) console.log(`  ${path.basename(file)}  ${gzipKb(file).toFixed(1)} kB`);
  const total = sumKb(files);
  const verdict = total <= ANSWER_BUDGET_KB ? "未超出" : "超出";
  console.log(`答题页交互前的脚本：${total.toFixed(1)} kB（gzip），预算 ${ANSWER_BUDGET_KB} kB，${verdict}`);
  if (total > ANSWER_BUDGET_KB) process.exit(1);
}
