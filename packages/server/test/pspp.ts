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

/** One item of PSPP's CSV output: a table (title and rows of cells) or a line of text (ECHO). */
export type PsppItem = { kind: "table"; title: string; rows: string[][] } | { kind: "text"; text: string };

/** RFC 4180 records of a CSV text (PSPP quotes cells holding commas, quotes or line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else if (ch !== "\r") cell += ch;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

/**
 * Runs `syntax` (which names its own files, relative to `dir`) in one PSPP call writing CSV, and answers the
 * output items in order. `ECHO 'name'.` lines come back as text items: tests use them to mark sections.
 */
export function runPsppSyntax(dir: string, syntax: string): PsppItem[] {
  ensurePspp();
  const file = path.join(dir, "analysis.sps");
  const out = path.join(dir, "analysis.csv");
  fs.writeFileSync(file, syntax);
  const run = spawnSync("pspp", ["-o", out, file], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0 || /error:/i.test(run.stderr) || /error:/i.test(run.stdout))
    throw new Error(`PSPP 运行失败：${run.stderr}${run.stdout}`);
  const items: PsppItem[] = [];
  let block: string[][] = [];
  const flush = () => {
    const [first, ...rest] = block;
    block = [];
    if (!first) return;
    const head = first.join(",");
    if (head.startsWith("Table: "))
      items.push({ kind: "table", title: head.slice("Table: ".length), rows: rest });
    else items.push({ kind: "text", text: head });
  };
  for (const record of csvRecords(fs.readFileSync(out, "utf8"))) {
    if (record.length === 1 && record[0] === "") flush();
    else block.push(record);
  }
  flush();
  return items;
}
