import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { definitionSchema } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runR } from "../../../test/rscript.ts";
import { rScript } from "./r-export.ts";
import { exportLayout, type ResponseSlice } from "./rows.ts";
import { savLayout } from "./sav-variables.ts";
import { csvSink } from "./sinks.ts";
import { numlist, stataDoFile, stataString } from "./stata-export.ts";
import { type StatsVariable, statsRow, statsVariables } from "./stats-data.ts";

// Titles and labels that would break a naive script: quotes, backslashes, macro and comment characters,
// a line break; answers that look like formulas, with commas, quotes and line breaks.
const awkwardTitle = '他说"好"\\反斜杠 $HOME `x\' /* 注释 */ // 行尾\n第二行';
const definition = definitionSchema.parse({
  schemaVersion: 1,
  kind: "survey",
  title: "满意度调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: awkwardTitle,
          config: {
            options: [
              { id: "m", label: '"男"' },
              { id: "f", label: "女\\n" },
            ],
          },
        },
        {
          id: "q2",
          type: "multiple",
          title: "<p>您的爱好</p>",
          config: {
            options: [
              { id: "read", label: "读书" },
              { id: "sport", label: "运动" },
            ],
          },
        },
        { id: "q3", type: "number", title: "年龄", config: {} },
        { id: "q4", type: "text", title: "其他意见", config: {} },
        {
          id: "q5",
          type: "likert",
          title: "总体满意度",
          config: { points: 5, minLabel: "非常不满意", maxLabel: '非常"满意"' },
        },
      ],
    },
  ],
});

function response(id: number, answers: Record<string, unknown>, skipped: string[] = []): ResponseSlice {
  return {
    id,
    revisionId: 1,
    answers: JSON.stringify(answers),
    labels: "",
    score: null,
    status: "valid",
    ip: "127.0.0.1",
    source: "wechat",
    durationSeconds: 95,
    submittedAt: "2026-03-05T02:30:15.000Z",
    deviceId: "d",
    skipped: new Set(skipped),
  };
}

const responses = [
  response(7, {
    q1: { optionId: "f" },
    q2: { optionIds: ["read"] },
    q3: 28,
    q4: '=1+1, "引号"\n换行',
    q5: 5,
  }),
  // 未作答: q1; 未显示: q2 and q3.
  response(9, { q4: "+86 138 0000 0000" }, ["q2", "q3"]),
  response(12, { q1: { optionId: "m" }, q2: { optionIds: [] }, q3: -5, q5: 2 }),
];

/** Writes data.csv as the export does, and the script; answers the variables. */
async function writeFiles(dir: string): Promise<StatsVariable[]> {
  const sav = savLayout(exportLayout(definition, null));
  const variables = statsVariables(sav.variables);
  const sink = csvSink(
    path.join(dir, "data.csv"),
    variables.map((v) => v.name),
    { bom: false },
  );
  responses.forEach((r, i) => {
    sink.add(statsRow(variables, sav.values(r, i + 1, undefined)));
  });
  await sink.close();
  fs.writeFileSync(path.join(dir, "read_data.R"), rScript("满意度调查\n第二行", variables));
  return variables;
}

/** What R holds after the script: class, label, levels and values of every column. */
const rCheck = `
source("read_data.R")
flat <- function(x) gsub("\\n", "\\\\n", x, fixed = TRUE)
for (name in names(data)) {
  x <- data[[name]]
  emit(name, "class", class(x)[1])
  emit(name, "label", flat(attr(x, "label")))
  if (is.factor(x)) emit(name, "levels", flat(paste(levels(x), collapse = "|")))
  points <- attr(x, "labels")
  if (!is.null(points)) emit(name, "labels", paste(points, names(points), sep = "=", collapse = "|"))
  emit(name, "values", flat(paste(ifelse(is.na(x), "<NA>", as.character(x)), collapse = "|")))
}
emit("submitted", "tzone", attr(data$submitted, "tzone"))
`;

describe("R export script", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-r-"));
  let variables: StatsVariable[] = [];
  beforeAll(async () => {
    variables = await writeFiles(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const expected = [
    ["seq", "class", "numeric"],
    ["seq", "label", "序号"],
    ["seq", "values", "1|2|3"],
    ["response_id", "class", "numeric"],
    ["response_id", "label", "答卷编号"],
    ["response_id", "values", "7|9|12"],
    ["submitted", "class", "POSIXct"],
    ["submitted", "label", "提交时间"],
    ["submitted", "values", "2026-03-05 10:30:15|2026-03-05 10:30:15|2026-03-05 10:30:15"],
    ["duration", "class", "numeric"],
    ["duration", "label", "所用时间（秒）"],
    ["duration", "values", "95|95|95"],
    ["source", "class", "character"],
    ["source", "label", "来源"],
    ["source", "values", "微信|微信|微信"],
    ["Q1", "class", "factor"],
    // The line break of the title became a space: a label is one line in every program.
    ["Q1", "label", '他说"好"\\反斜杠 $HOME `x\' /* 注释 */ // 行尾 第二行'],
    ["Q1", "levels", '"男"|女\\n'],
    ["Q1", "values", '女\\n|<NA>|"男"'],
    ["Q2_A", "class", "factor"],
    ["Q2_A", "label", "您的爱好: 读书"],
    ["Q2_A", "levels", "未选中|选中"],
    ["Q2_A", "values", "选中|<NA>|未选中"],
    ["Q2_B", "class", "factor"],
    ["Q2_B", "label", "您的爱好: 运动"],
    ["Q2_B", "levels", "未选中|选中"],
    ["Q2_B", "values", "未选中|<NA>|未选中"],
    ["Q3", "class", "numeric"],
    ["Q3", "label", "年龄"],
    // -5 is an answer; only the large codes of a number that may be negative are missing.
    ["Q3", "values", "28|<NA>|-5"],
    ["Q4", "class", "character"],
    ["Q4", "label", "其他意见"],
    // The ' put before formula-like text in the CSV is gone; commas, quotes and line breaks are kept.
    ["Q4", "values", '=1+1, "引号"\\n换行|+86 138 0000 0000|<NA>'],
    // A scale stays numeric (its mean is the page's 平均分), the captioned ends as value labels.
    ["Q5", "class", "numeric"],
    ["Q5", "label", "总体满意度"],
    ["Q5", "labels", '1=非常不满意|5=非常"满意"'],
    ["Q5", "values", "5|<NA>|2"],
    ["submitted", "tzone", "Asia/Shanghai"],
  ];

  it("writes the CSV with the .sav's names and codes, formula-like text neutralised", () => {
    const csv = fs.readFileSync(path.join(dir, "data.csv"), "utf8");
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    expect(csv.split("\r\n").slice(0, 3)).toEqual([
      "seq,response_id,submitted,duration,source,Q1,Q2_A,Q2_B,Q3,Q4,Q5",
      `1,7,2026-03-05 10:30:15,95,微信,2,1,0,28,"'=1+1, ""引号""\n换行",5`,
      "2,9,2026-03-05 10:30:15,95,微信,-1,-2,-2,-999999998,'+86 138 0000 0000,-1",
    ]);
    expect(variables.map((v) => v.type)).toEqual([
      "number",
      "number",
      "datetime",
      "number",
      "string",
      "number",
      "number",
      "number",
      "number",
      "string",
      "number",
    ]);
  });

  it("reads into R with factors, Chinese labels and NA for missing codes (UTF-8 locale)", () => {
    expect(runR(dir, rCheck, "C.UTF-8")).toEqual(expected);
  }, 120_000);

  it("reads the same in the C locale, where re-encoding to the native charset would lose the Chinese", () => {
    expect(runR(dir, rCheck, "C")).toEqual(expected);
  }, 120_000);
});

describe("Stata strings", () => {
  it("compound-quotes labels, escapes macros, breaks comment markers and cuts at the limit", () => {
    expect(stataString(awkwardTitle, 80)).toBe(
      '`"他说"好"\\反斜杠 \\$HOME \\`x\' ／* 注释 *／ ／/ 行尾 第二行"\'',
    );
    expect(stataString("a\"'b")).toBe('`"a"’b"\'');
    expect(stataString("http://example.com")).toBe('`"http://example.com"\'');
    expect(stataString("长".repeat(100), 80)).toBe(`\`"${"长".repeat(80)}"'`);
  });

  it("writes column lists as ranges", () => {
    expect(numlist([1, 2, 3, 5, 7, 8])).toBe("1/3 5 7/8");
    expect(numlist([4])).toBe("4");
  });

  it("declares every column's type and labels every variable", () => {
    const variables = statsVariables(savLayout(exportLayout(definition, null)).variables);
    const doFile = stataDoFile("满意度调查", variables);
    expect(doFile).toContain("stringcols(3 5 10) numericcols(1/2 4 6/9 11)");
    for (const v of variables) expect(doFile).toContain(`label variable ${v.name} \``);
    // A scale's captioned ends are value labels as a choice's options are; the other points show as numbers.
    expect(doFile).toContain(
      'label define Q5 1 `"非常不满意"\' 5 `"非常"满意""\' .a `"未作答"\' .b `"未显示"\', replace',
    );
    expect(doFile).toContain("label values Q5 Q5");
  });
});
