import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * R (Debian's r-base-core) is the reference reader of the R export: its script is run on the exported
 * data. Installed on demand where that is possible (root on Debian, as in CI), like PSPP (pspp.ts);
 * elsewhere the test fails saying how to install it, never skips.
 */
export function ensureR(): void {
  if (spawnSync("Rscript", ["--version"]).status === 0) return;
  if (process.getuid?.() === 0 && fs.existsSync("/etc/debian_version")) {
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "r-base-core"], { stdio: "ignore" })
        .status;
    if (install() !== 0) {
      execFileSync("apt-get", ["update"], { stdio: "ignore" });
      install();
    }
    if (spawnSync("Rscript", ["--version"]).status === 0) return;
  }
  throw new Error(
    "这个测试需要 R 运行导出的脚本：请安装 R（Debian/Ubuntu: apt-get install -y --no-install-recommends r-base-core）",
  );
}

/**
 * Runs `script` (R code) with Rscript in `dir`, in the given locale, and answers the lines it wrote to
 * out.tsv as tab-separated fields (written as UTF-8 bytes whatever the locale).
 */
export function runR(dir: string, script: string, locale = "C.UTF-8"): string[][] {
  ensureR();
  const file = `${dir}/check.R`;
  const prelude = [
    'out <- file("out.tsv", "wb")',
    'emit <- function(...) writeLines(enc2utf8(paste(..., sep = "\\t")), out, useBytes = TRUE)',
  ].join("\n");
  fs.writeFileSync(file, `${prelude}\n${script}\nclose(out)\n`);
  fs.rmSync(`${dir}/out.tsv`, { force: true });
  execFileSync("Rscript", ["check.R"], {
    cwd: dir,
    env: { ...process.env, LANG: locale, LC_ALL: locale },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return fs
    .readFileSync(`${dir}/out.tsv`, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\t"));
}
