/**
 * The R export's script and README (the data: stats-data.ts). read_data.R uses base R only, so it runs on
 * any R ≥ 3.5 without packages: read.csv, factor() for coded variables, NA for missing codes and the
 * question as attr(x, "label") (what RStudio's viewer, Hmisc and haven show).
 *
 * Encodings, and why: in a UTF-8 locale (Linux, macOS, Windows from R 4.2) or on Windows, read.csv re-encodes
 * with fileEncoding = "UTF-8"; in Linux's C/POSIX locale that re-encoding fails on Chinese ("invalid input
 * found on input connection"), so there the bytes are only marked as UTF-8 (encoding =), and so are the
 * script's own Chinese strings (utf8()). The script is UTF-8 without a BOM (R's parser rejects one).
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

/** An R string literal: JSON's escapes of " and \ are R's, and no control character is left to escape. */
export function rString(text: string): string {
  return JSON.stringify(oneLine(text));
}

function rNumbers(values: readonly number[]): string {
  return `c(${values.join(", ")})`;
}

/** `c("a", "b", …)` of variable names, broken into lines of about 100 characters when long. */
function rNames(names: readonly string[]): string {
  const items = names.map((name, i) => `"${name}"${i < names.length - 1 ? "," : ""}`);
  const lines = wrapNames(items, 80);
  if (lines.length === 1) return `c(${lines[0]})`;
  return `c(\n${lines.map((line) => `  ${line}`).join("\n")}\n)`;
}

export function rScript(title: string, variables: readonly StatsVariable[]): string {
  const texts = variables.filter((v) => v.type === "string").map((v) => v.name);
  const comma = (i: number) => (i < variables.length - 1 ? "," : "");
  const lines = [
    `# 问卷管家 R 读取脚本（UTF-8）：${oneLine(title)}`,
    "# 数据在同一文件夹的 data.csv 中；变量名、代码与 SPSS（.sav）导出相同。",
    '# 用法：在 R 或 RStudio 中先 setwd("解压后的文件夹")，再 source("read_data.R", encoding = "UTF-8")；',
    "#       或在该文件夹中运行 Rscript read_data.R。读取结果在数据框 data 中。",
    "",
    "# data.csv 与本脚本在同一文件夹（用 Rscript 运行时），否则在当前工作目录",
    "data_file <- local({",
    '  script <- sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))',
    '  beside <- if (length(script) == 1) file.path(dirname(script), "data.csv") else ""',
    '  if (file.exists(beside)) beside else "data.csv"',
    "})",
    "",
    "# Linux 的 C/POSIX 区域设置不能表示中文：此时不转码，只把文字标为 UTF-8",
    'native_utf8 <- isTRUE(l10n_info()[["UTF-8"]]) || .Platform$OS.type == "windows"',
    "utf8 <- function(text) {",
    '  if (!native_utf8) Encoding(text) <- "UTF-8"',
    "  text",
    "}",
    "",
    "column_types <- c(",
    ...variables.map((v, i) => `  ${v.name} = "${v.type === "number" ? "numeric" : "character"}"${comma(i)}`),
    ")",
    "data <- if (native_utf8) {",
    '  read.csv(data_file, fileEncoding = "UTF-8", colClasses = column_types, na.strings = "", check.names = FALSE)',
    "} else {",
    '  read.csv(data_file, encoding = "UTF-8", colClasses = column_types, na.strings = "", check.names = FALSE)',
    "}",
  ];
  if (texts.length > 0) {
    lines.push(
      "",
      "# data.csv 中以 = + - @ 开头的文字前加了 '（以免 Excel 把它当作公式），这里去掉",
      `for (name in ${rNames(texts)}) {`,
      `  data[[name]] <- sub("^'(?=[-=+@\\t\\r])", "", data[[name]], perl = TRUE)`,
      "}",
    );
  }
  for (const v of variables.filter((v) => v.type === "datetime"))
    lines.push(
      "",
      "# 提交时间（北京时间）",
      `data$${v.name} <- as.POSIXct(data$${v.name}, tz = "Asia/Shanghai", format = "%Y-%m-%d %H:%M:%S")`,
    );
  const groups = byMissingCodes(variables);
  if (groups.length > 0) {
    lines.push("", "# 缺失代码 → NA（-1 未作答，-2 未显示；可能为负数的数值题：-999999999 / -999999998）");
    for (const { codes, names } of groups) {
      lines.push(
        `for (name in ${rNames(names)}) {`,
        `  data[[name]][data[[name]] %in% ${rNumbers(codes)}] <- NA`,
        "}",
      );
    }
  }
  const coded = variables.filter((v) => v.type === "number" && v.codes.length > 0);
  // The codes of a variable as R vectors: the numbers, and their labels as string literals.
  const codesOf = (v: StatsVariable) => ({
    values: rNumbers(v.codes.map(([code]) => code)),
    labels: v.codes.map(([, label]) => rString(label)).join(", "),
  });
  const factors = coded.filter((v) => !v.scale);
  if (factors.length > 0) {
    lines.push("", "# 选择题等：代码 → 带中文标签的因子（factor）");
    for (const v of factors) {
      const { values, labels } = codesOf(v);
      lines.push(`data$${v.name} <- factor(data$${v.name}, levels = ${values}, labels = utf8(c(${labels})))`);
    }
  }
  // A factor would drop the points without a caption and the mean with them; haven and labelled read the
  // same "labels" attribute as value labels.
  const points = coded.filter((v) => v.scale);
  if (points.length > 0) {
    lines.push("", '# 量表、NPS 等：仍为数值，端点等的文字在值标签中：attr(data$Q1, "labels")');
    for (const v of points) {
      const { values, labels } = codesOf(v);
      lines.push(`attr(data$${v.name}, "labels") <- setNames(${values}, utf8(c(${labels})))`);
    }
  }
  lines.push(
    "",
    '# 变量标签（题目文字）：attr(data$Q1, "label")',
    "variable_labels <- utf8(c(",
    ...variables.map((v, i) => `  ${v.name} = ${rString(v.label)}${comma(i)}`),
    "))",
    'for (name in names(variable_labels)) attr(data[[name]], "label") <- variable_labels[[name]]',
    "",
    'message(sprintf("已读取 %d 份答卷、%d 个变量到数据框 data。", nrow(data), ncol(data)))',
    "# 如需保存为 R 数据文件（保留因子和标签），去掉下一行开头的 #：",
    '# saveRDS(data, "data.rds")',
  );
  return `${lines.join("\n")}\n`;
}

export function rReadme(title: string): string[] {
  return [
    `问卷管家 · R 数据：${oneLine(title)}`,
    "",
    "文件",
    "  data.csv     答卷数据（每行一份答卷，第一行为变量名）",
    "  read_data.R  读取脚本：把选择题转为带中文标签的因子（factor），把缺失代码设为 NA，并加上变量标签；",
    '               量表、NPS 等仍为数值，端点的文字（如 1 非常不满意）放在 attr(x, "labels") 中',
    "  README.txt   本说明",
    "",
    "使用方法（R 3.5 及以上，不需要安装其他包）",
    "  1. 把压缩包解压到一个文件夹。",
    "  2. 在 R 或 RStudio 中运行（路径换成解压后的文件夹，Windows 路径中的 \\ 要写成 /）：",
    '       setwd("D:/数据/问卷")',
    '       source("read_data.R", encoding = "UTF-8")',
    "     也可以在该文件夹中用终端运行：Rscript read_data.R",
    "  3. 数据在数据框 data 中，例如：",
    "       table(data$Q1)            # 第 1 题各选项的人数",
    '       attr(data$Q1, "label")    # 第 1 题的题目',
    '       saveRDS(data, "data.rds") # 保存为 R 数据文件，以后用 readRDS("data.rds") 读取',
    "",
    ...variableNotes,
    '  Windows 上请使用 R 4.2 及以上版本，或按上面的方法加 encoding = "UTF-8" 运行脚本，中文才不会乱码。',
  ];
}

export function rFiles(title: string, variables: StatsVariable[]): ScriptFile[] {
  return [
    { name: "read_data.R", data: Buffer.from(rScript(title, variables), "utf8") },
    { name: "README.txt", data: textFile(rReadme(title)) },
  ];
}
