/**
 * The data of the R and Stata exports: the SPSS export's variables (sav-variables.ts) as a CSV, so names,
 * codes and missing codes are the .sav's and syntax or results carry over between the three programs.
 *
 * Rules, and why:
 * - data.csv is UTF-8 without a BOM (R and Stata would read the BOM into the first column's name), one row
 *   per response, the variable names as header; numbers as the .sav holds them, text as the spreadsheet
 *   shows it, missing codes (-1 未作答, -2 未显示, or the large ones) kept: the scripts decode them.
 * - The submit time is text "YYYY-MM-DD HH:mm:ss" in China time (the .sav's seconds since 1582 mean
 *   nothing to R or Stata); each script turns it into its own date-time type.
 * - Text starting with = + - @ gets a leading ' as in every CSV the site writes (cells.ts), since a CSV
 *   gets opened in Excel too; the scripts take it off again.
 */
import { type SavValue, type SavVariable, SPSS_EPOCH_OFFSET_SECONDS } from "./sav.ts";

/** A file of the archive beside data.csv (ASCII names: unzip tools disagree on the encoding of others). */
export interface ScriptFile {
  name: string;
  data: Buffer;
}

export interface StatsVariable {
  name: string;
  label: string;
  type: "number" | "string" | "datetime";
  /** Labels of the codes that are answers (options, 选中/未选中, 有效/无效), in the .sav's order. */
  codes: (readonly [number, string])[];
  /**
   * The codes caption some points of a scale (量表's ends, NPS, 星级, 矩阵量表 rows) rather than name every
   * category: the value is a number to average, labelled where the designer captioned it.
   */
  scale: boolean;
  /** The user-missing codes with their labels: 未作答 first, then 未显示 (sav-variables.ts). */
  missing: (readonly [number, string])[];
}

export function statsVariables(variables: readonly SavVariable[]): StatsVariable[] {
  return variables.map((v) => {
    const missing = v.missing ?? [];
    const labels = v.valueLabels ?? [];
    return {
      name: v.name,
      label: v.label,
      type: v.width > 0 ? "string" : v.format === "datetime" ? "datetime" : "number",
      codes: labels.filter(([code]) => !missing.includes(code)),
      scale: v.measure !== "nominal",
      missing: missing.map((code): [number, string] => [code, labels.find(([c]) => c === code)?.[1] ?? ""]),
    };
  });
}

/** One response's CSV cells from its .sav values. */
export function statsRow(variables: readonly StatsVariable[], values: readonly SavValue[]): SavValue[] {
  return variables.map((v, i) => {
    const value = values[i] ?? null;
    if (typeof value !== "number") return value;
    if (!Number.isFinite(value)) return null;
    if (v.type !== "datetime") return value;
    // spssDateTime already shifted the instant to China time.
    return new Date((value - SPSS_EPOCH_OFFSET_SECONDS) * 1000).toISOString().slice(0, 19).replace("T", " ");
  });
}

/** Characters that would end a comment line or break a string literal in a generated script. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` on one line, without control characters or lone surrogates. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, " ").replace(LONE_SURROGATE, "\ufffd");
}

/** Groups variable names by their list of missing codes, in the variables' order. */
export function byMissingCodes(variables: readonly StatsVariable[]): { codes: number[]; names: string[] }[] {
  const groups = new Map<string, { codes: number[]; names: string[] }>();
  for (const v of variables) {
    if (v.type !== "number" || v.missing.length === 0) continue;
    const codes = v.missing.map(([code]) => code);
    const key = codes.join(",");
    const group = groups.get(key) ?? { codes, names: [] };
    group.names.push(v.name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Names joined by spaces, broken into lines of at most `width` characters. */
export function wrapNames(names: readonly string[], width = 100): string[] {
  const lines: string[] = [];
  let line = "";
  for (const name of names) {
    if (line !== "" && line.length + 1 + name.length > width) {
      lines.push(line);
      line = "";
    }
    line = line === "" ? name : `${line} ${name}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The part of both README files that explains the variables (CRLF line ends added by the caller). */
export const variableNotes = [
  "变量说明",
  "  seq、response_id、submitted、duration、source：序号、答卷编号、提交时间、所用时间（秒）、来源",
  "  status、score：答卷状态（导出含无效答卷时）、总分（考试问卷）",
  "  Q1、Q2 …      第 1、2 … 题",
  "  Q3_1、Q3_2 …  矩阵题的第 1、2 … 行（或多项填空等题目的第 1、2 … 项）",
  "  Q4_A、Q4_B …  多选题的每个选项：1 选中，0 未选中",
  "  变量名、代码与「导出 SPSS（.sav）」相同，变量标签为题目文字。",
  "",
  "缺失代码（data.csv 中保留原代码，读取脚本会把它们设为缺失）",
  "  -1 未作答；-2 未显示（被显示逻辑隐藏或被跳题跳过）",
  "  可能填负数的数值题用 -999999999 未作答、-999999998 未显示",
  "",
  "注意",
  "  data.csv 中以 = + - @ 开头的文字前加了一个单引号 '，以免用 Excel 打开时被当作公式；读取脚本会去掉它。",
  "  data.csv 为 UTF-8 编码（无 BOM）。",
];

/** A text file for Windows Notepad and every other editor: UTF-8 with a BOM, CRLF line ends. */
export function textFile(lines: readonly string[]): Buffer {
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
