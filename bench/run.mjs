// `npm run bench -- <name>` runs bench/<name>.ts; without a name it lists the benchmarks.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  process.stderr.write(`用法：npm run bench -- <名称>\n可用的基准测试：${available.join(", ")}\n`);
  process.exit(name ? 1 : 0);
}
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(here, `${name}.ts`), ...process.argv.slice(3)],
  {
    stdio: "inherit",
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  },
);
process.exit(result.status ?? 1);
