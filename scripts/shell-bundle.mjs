// What every page of the SPA (the public site, the console, the admin console) loads before its own lazy chunk:
// the module scripts and modulepreloads of index.html plus every chunk they import statically, gzipped as the
// answer page's check does (answer-bundle.mjs). `npm run check:shell-budget` (CI, after the build) fails when
// the total passes SHELL_BUDGET_KB, or when zod is among those chunks.
import fs from "node:fs";
import path from "node:path";
import { builtPageChunks, closure, gzipKb, sumKb } from "./answer-bundle.mjs";

/**
 * In gzipped kB. The shell was 423 kB while the catalogue of messages pulled in zod and core's schemas, and
 * 352 kB while the console's and the admin console's layouts were part of it; 279 kB since both went (2026-12-06,
 * packages/web/src/router.tsx). Most of the rest is react-dom, antd's core and the router. The budget leaves
 * room for ordinary growth and catches a change that brings a layout or a whole library back into every page.
 */
export const SHELL_BUDGET_KB = 300;

/** Names only zod's own code carries in a minified build (its class names survive as strings). */
const ZOD_MARKERS = ["$ZodType", "ZodError"];

/** The shell's chunks that hold zod: the pages that validate load it themselves. */
export function zodChunks(files) {
  return [...files].filter((file) => {
    const code = fs.readFileSync(file, "utf8");
    return ZOD_MARKERS.some((marker) => code.includes(marker));
  });
}

/**
 * Every page of the app (index.html's lazy routes) paints without zod, but these, which draw questions with every
 * question type's module (and those carry their config schemas) from the start: the designer and the template
 * editor, and 奖励, whose prize form edits its 参与条件 with the designer's condition builder. Keyed by the
 * chunk's name in the build's manifest.
 *
 * The pages made to paint without zod, and how: 我的问卷 once loaded zod and built every settings schema
 * before its list, for three constants (core's api/questionary-list.ts now holds them) and a share dialog
 * nobody had opened yet (it loads when the browser is idle: pages/dc-list/dialogs.tsx); 我的题库's drawer,
 * with the designer's question editor, loads after its list (pages/question-bank/index.tsx). The shared 数据报告
 * loaded every question type's module and zod (44 kB gzip of its 382) to name the types; the names are core's
 * survey/types/names.ts now. 查分's sign-in paints first and its answer sheet (which needs the types' modules)
 * loads after it; 刷题 only needs core's practice helpers. A template's page, public (/website/free/:id) and in
 * the console (/questionnaireDetails), loads its question preview after its facts and 使用此模板
 * (components/template-details); the server still renders the preview into the public page. 创建问卷's text
 * and file imports load when chosen or when idle. 个人中心 loaded zod for one form rule (API 密钥's name, now
 * core's api/open-api-key-name.ts, loaded with the first check), 结果页 for the review states' names (core's
 * api/reviews.ts; the setting's schema now lives in api/questionary.ts).
 */
export const ZOD_PAGES = ["dc-design", "create-template", "dc-rewards"];

/** index.html's lazy routes by chunk name, each with the chunks it imports statically. */
export function routeClosures(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  return (manifest["index.html"]?.dynamicImports ?? []).map((key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`构建清单中没有 ${key}`);
    return { name: entry.name ?? key, files: closure([path.join(dist, entry.file)]) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../packages/web/dist");
  const withZodFirst = routeClosures(dist)
    .filter((route) => zodChunks(route.files).length > 0)
    .map((route) => route.name);
  const pagesWithZod = withZodFirst.filter((name) => !ZOD_PAGES.includes(name));
  for (const name of pagesWithZod)
    console.error(`  页面 ${name} 在显示之前加载了 zod：它应在需要校验时再加载`);
  // An allowed page that no longer loads it (or was renamed) leaves the list.
  const stale = ZOD_PAGES.filter((name) => !withZodFirst.includes(name));
  for (const name of stale)
    console.error(`  ZOD_PAGES 中的 ${name} 已不在显示前加载 zod（或已改名）：请从名单中删去`);
  const files = builtPageChunks("index.html");
  const total = sumKb(files);
  const withZod = zodChunks(files);
  const verdict = total <= SHELL_BUDGET_KB ? "未超出" : "超出";
  console.log(
    `网站与控制台每页先加载的脚本：${files.size} 个，${total.toFixed(1)} kB（gzip），预算 ${SHELL_BUDGET_KB} kB，${verdict}`,
  );
  for (const file of withZod)
    console.error(
      `  ${path.basename(file)} 含 zod（${gzipKb(file).toFixed(1)} kB）：它只应随需要校验的页面加载`,
    );
  if (total > SHELL_BUDGET_KB || withZod.length > 0 || pagesWithZod.length > 0 || stale.length > 0)
    process.exit(1);
}
