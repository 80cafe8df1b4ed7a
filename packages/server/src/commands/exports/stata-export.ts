/**
 * The Stata export's do-file and README (the data: stats-data.ts), as LimeSurvey exports for Stata:
 * `import delimited` of data.csv, then labels. Stata 14 and later read do-files and strings as UTF-8.
 *
 * Rules, and why:
 * - Column types are given (stringcols/numericcols), never guessed from the data: a text question whose
 *   answers all look like numbers stays text, an empty numeric column stays numeric.
 * - Missing codes become extended missing values, 未作答 .a and 未显示 .b, labelled in the variable's value
 *   label: analyses leave them out as SPSS does with user-missing codes, and the two kinds stay apart.
 * - Every label is a compound-quoted string (`"…"' may hold "), with $ and ` escaped so no macro expands,
 *   comment markers broken up and line breaks removed: a question title cannot end or change a command.
 *   Variable and data labels are cut at Stata's 80 characters.
 */
import {
  byMissingCodes,
  oneLine,
  type ScriptFile,
  type StatsVariable,
  textFile,
  variableNotes,
  wrapNames,
} from "./stats-data.ts";

const LABEL_MAX = 80;
const VALUE_LABEL_MAX = 32_000;
/** Extended missing values for the missing codes, in their order (未作答, 未显示). */
const EXTENDED = [".a", ".b", ".c"];

export function stataString(text: string, max = VALUE_LABEL_MAX): string {
  const cut = [...oneLine(text)].slice(0, max).join("");
  const safe = cut
    .replace(/[`$]/g, "\\$&")
    .replace(/\/\*/g, "／*")
    .replace(/\*\//g, "*／")
    .replace(/(^|\s)\/\//g, "$1／/")
    .replace(/"'/g, '"’');
  return `\`"${safe}"'`;
}

/** Column numbers as a Stata numlist, runs written as ranges: "1/4 6 9/12". */
export function numlist(columns: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < columns.length; ) {
    let j = i;
    while (j + 1 < columns.length && (columns[j + 1] as number) === (columns[j] as number) + 1) j += 1;
    parts.push(j > i ? `${columns[i]}/${columns[j]}` : String(columns[i]));
    i = j + 1;
  }
  return parts.join(" ");
}

/** A command whose varlist may be long, continued with /// over lines of about 100 characters. */
function continued(head: string, names: readonly string[], tail: string): string[] {
  const lines = wrapNames(names, 90);
  if (lines.length === 1) return [`${head} ${lines[0]}${tail}`];
  return [`${head} ///`, ...lines.map((line, i) => `    ${line}${i < lines.length - 1 ? " ///" : tail}`)];
}

export function stataDoFile(title: string, variables: readonly StatsVariable[]): string {
  const columns = (test: (v: StatsVariable) => boolean) =>
    variables.flatMap((v, i) => (test(v) ? [i + 1] : []));
  const strings = columns((v) => v.type !== "number");
  const numbers = columns((v) => v.type === "number");
  const types = [
    ...(strings.length > 0 ? [`stringcols(${numlist(strings)})`] : []),
    ...(numbers.length > 0 ? [`numericcols(${numlist(numbers)})`] : []),
  ];
  const lines = [
    "* 问卷管家 Stata 读取脚本（UTF-8，Stata 14 及以上）",
    "* 数据在同一文件夹的 data.csv 中；变量名、代码与 SPSS（.sav）导出相同。",
    "* 用法：在 Stata 中先 cd 到解压后的文件夹，再运行 do read_data.do",
    "",
    "version 14",
    'import delimited using "data.csv", clear encoding("utf-8") delimiters(",") varnames(1) ///',
    `    case(preserve) bindquote(strict) asdouble ${types.join(" ")}`,
    `label data ${stataString(title, LABEL_MAX)}`,
  ];
  const texts = variables.filter((v) => v.type === "string").map((v) => v.name);
  if (texts.length > 0) {
    lines.push(
      "",
      "* data.csv 中以 = + - @ 开头的文字前加了 '（以免 Excel 把它当作公式），这里去掉",
      ...continued("foreach v of varlist", texts, " {"),
      "    quietly replace `v' = substr(`v', 2, .) if regexm(`v', \"^'[-=+@]\")",
      "}",
    );
  }
  for (const v of variables.filter((v) => v.type === "datetime"))
    lines.push(
      "",
      "* 提交时间（北京时间）：文字 → Stata 日期时间（%tc）",
      `generate double ${v.name}_tc = clock(${v.name}, "YMDhms")`,
      `format ${v.name}_tc %tc`,
      `order ${v.name}_tc, after(${v.name})`,
      `drop ${v.name}`,
      `rename ${v.name}_tc ${v.name}`,
    );
  const groups = byMissingCodes(variables);
  if (groups.length > 0) {
    lines.push("", "* 缺失代码 → 扩展缺失值：.a 未作答，.b 未显示");
    for (const { codes, names } of groups) {
      const mv = codes.map((code, i) => `${code}=${EXTENDED[i]}`).join(" \\ ");
      lines.push(...continued("mvdecode", names, `, mv(${mv})`));
    }
  }
  lines.push("", "* 变量标签（题目文字）");
  for (const v of variables) lines.push(`label variable ${v.name} ${stataString(v.label, LABEL_MAX)}`);
  const labelled = variables.filter((v) => v.type === "number" && v.codes.length + v.missing.length > 0);
  if (labelled.length > 0) {
    lines.push("", "* 值标签");
    for (const v of labelled) {
      const pairs = [
        ...v.codes.map(([code, label]) => `${code} ${stataString(label)}`),
        ...v.missing.map(([, label], i) => `${EXTENDED[i]} ${stataString(label)}`),
      ];
      lines.push(`label define ${v.name} ${pairs.join(" ")}, replace`, `label values ${v.name} ${v.name}`);
    }
  }
  lines.push("", "* 如需保存为 Stata 数据文件（.dta），去掉下一行开头的星号：", '* save "data.dta", replace');
  return `${lines.join("\n")}\n`;
}

export function stataReadme(title: string): string[] {
  return [
    `问卷管家 · Stata 数据：${oneLine(title)}`,
    "",
    "文件",
    "  data.csv      答卷数据（每行一份答卷，第一行为变量名）",
    "  read_data.do  读取脚本：导入数据，加上中文变量标签和值标签，把缺失代码转为扩展缺失值（.a 未作答，.b 未显示）",
    "  README.txt    本说明",
    "",
    "使用方法（Stata 14 及以上）",
    "  1. 把压缩包解压到一个文件夹。",
    "  2. 在 Stata 的命令窗口中运行（路径换成解压后的文件夹）：",
    '       cd "D:/数据/问卷"',
    "       do read_data.do",
    "  3. 数据已在内存中，例如：",
    "       tabulate Q1             （第 1 题各选项的人数）",
    "       tabulate Q1, missing    （连同未作答、未显示一起统计）",
    '       save "data.dta", replace（保存为 Stata 数据文件）',
    "",
    ...variableNotes,
  ];
}

export function stataFiles(title: string, variables: StatsVariable[]): ScriptFile[] {
  return [
    { name: "read_data.do", data: Buffer.from(stataDoFile(title, variables), "utf8") },
    { name: "README.txt", data: textFile(stataReadme(title)) },
  ];
}
