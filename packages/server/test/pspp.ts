import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * PSPP (GNU's SPSS clone) is the reference reader of the .sav files the exports write. It is installed on
 * demand where that is possible (root on Debian, as in CI); elsewhere the test fails saying how to install
 * it, never skips: a test without its reader would prove nothing.
 */
export function ensurePspp(): void {
  if (spawnSync("pspp", ["--version"]).status === 0) return;
  if (process.getuid?.() === 0 && fs.existsSync("/etc/debian_version")) {
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "pspp"], { stdio: "ignore" }).status;
    if (install() !== 0) {
      execFileSync("apt-get", ["update"], { stdio: "ignore" });
      install();
    }
    if (spawnSync("pspp", ["--version"]).status === 0) return;
  }
  throw new Error("这个测试需要 PSPP 读取 .sav 文件：请安装 pspp（Debian/Ubuntu: apt-get install -y pspp）");
}

/**
 * Runs `GET FILE … DISPLAY DICTIONARY. LIST.` on a .sav in one PSPP call and answers its CSV output
 * table by table: "Variables", "Value Labels", "Data List" → their lines (header line first).
 */
export function readSavWithPspp(savPath: string): Map<string, string[]> {
  ensurePspp();
  const dir = path.dirname(savPath);
  const syntax = path.join(dir, `${path.basename(savPath)}.sps`);
  fs.writeFileSync(syntax, `GET FILE='${path.basename(savPath)}'.\nDISPLAY DICTIONARY.\nLIST.\n`);
  const output = execFileSync("pspp", ["-O", "format=csv", syntax], { cwd: dir, encoding: "utf8" });
  const tables = new Map<string, string[]>();
  for (const block of output.split(/\n\s*\n/)) {
    const [title, ...lines] = block.trim().split("\n");
    if (title?.startsWith("Table: ")) tables.set(title.slice("Table: ".length), lines);
  }
  return tables;
}
