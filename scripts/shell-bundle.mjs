// What every page of the SPA (the public site, the console, the admin console) loads before its own lazy chunk:
// the module scripts and modulepreloads of index.html plus every chunk they import statically, gzipped as the
// answer page's check does (answer-bundle.mjs). `npm run check:shell-budget` (CI, after the build) fails when
// the total passes SHELL_BUDGET_KB, or when zod is among those chunks.
import fs from "node:fs";
import path from "node:path";
import { builtPageChunks, gzipKb, sumKb } from "./answer-bundle.mjs";

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

if (import.meta.url === `file://${process.argv[1]}`) {
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
  if (total > SHELL_BUDGET_KB || withZod.length > 0) process.exit(1);
}
