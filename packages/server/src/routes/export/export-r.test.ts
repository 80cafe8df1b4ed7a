import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { ChoiceStatistics, NumericStatistics, QuestionStatisticsResult } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  shoppingSurvey as definition,
  download,
  parseCsv,
  publishNew,
  runExport,
  submitAnswers,
  zipEntries,
} from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { ensureR, runR } from "../../../test/rscript.ts";

/** Six responses: 买过 ×4 (网店 3, 门店 2), 没买过 ×2 (在哪里买的 hidden: 未显示); one age left empty. */
const answers: Record<string, unknown>[] = [
  { bought: { optionId: "yes" }, where: { optionIds: ["online", "store"] }, age: 30, advice: "很好用" },
  { bought: { optionId: "yes" }, where: { optionIds: ["online"] }, age: 41 },
  { bought: { optionId: "yes" }, where: { optionIds: ["store"] }, advice: '=1+1，"推荐"' },
  { bought: { optionId: "yes" }, where: { optionIds: ["online"] }, age: 25 },
  { bought: { optionId: "no" }, age: 19 },
  { bought: { optionId: "no" }, age: 52, advice: "第一行\n第二行" },
];

let t: TestContext;
let owner: BuiltUser;
let dir: string;

beforeAll(async () => {
  ensureR();
  t = await createTestContext();
  owner = await buildUser(t);
  dir = fs.mkdtempSync(path.join(t.config.dataDir, "r-export-"));
}, 600_000);

afterAll(async () => {
  await t.close();
});

/** What R computes on the export: frequencies, NA counts, levels, labels and a mean. */
const rCheck = `
source("read_data.R")
for (name in c("Q1", "Q2_A", "Q2_B")) {
  counts <- table(data[[name]])
  for (level in names(counts)) emit(name, "table", level, counts[[level]])
  emit(name, "NA", sum(is.na(data[[name]])))
  emit(name, "class", class(data[[name]]))
  emit(name, "label", attr(data[[name]], "label"))
}
emit("Q3", "NA", sum(is.na(data$Q3)))
emit("Q3", "mean", format(mean(data$Q3, na.rm = TRUE), digits = 15))
emit("Q3", "label", attr(data$Q3, "label"))
emit("Q4", "values", paste(ifelse(is.na(data$Q4), "<NA>", gsub("\\n", " ", data$Q4)), collapse = "|"))
emit("rows", nrow(data))
`;

describe("export/createExport kind r", () => {
  it("packs data.csv, read_data.R and README.txt; R's frequencies equal the statistics page's", async () => {
    const q = await publishNew(t, owner, definition);
    for (const [i, a] of answers.entries())
      await submitAnswers(t, q.publicId, a, { durationSeconds: 10 + i });
    const job = await runExport(t, owner, q.id, "r");
    expect(job).toMatchObject({ status: "done", rows: 6, fileName: "购物体验调查_R数据.zip" });

    const res = await download(t, owner.token, q.id, job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const entries = zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(["data.csv", "read_data.R", "README.txt"]);
    for (const entry of entries) fs.writeFileSync(path.join(dir, entry.name), entry.data);

    const csv = parseCsv(fs.readFileSync(path.join(dir, "data.csv"), "utf8"));
    expect(csv[0]).toEqual([
      "seq",
      "response_id",
      "submitted",
      "duration",
      "source",
      "Q1",
      "Q2_A",
      "Q2_B",
      "Q3",
      "Q4",
    ]);
    // The CSV keeps the .sav's codes: 没买过 is 2, its hidden multi-select -2 (未显示), an empty age -999999999.
    expect(csv[3]?.slice(5)).toEqual(["1", "0", "1", "-999999999", '\'=1+1，"推荐"']);
    expect(csv[5]?.slice(5)).toEqual(["2", "-2", "-2", "19", ""]);
    const readme = entries.find((e) => e.name === "README.txt")?.data.toString("utf8") ?? "";
    expect(readme.startsWith("\uFEFF问卷管家 · R 数据：购物体验调查\r\n")).toBe(true);
    expect(readme).toContain('source("read_data.R", encoding = "UTF-8")');

    // As README.txt says: Rscript in the folder runs it.
    const ran = execFileSync("Rscript", ["read_data.R"], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    expect(ran).toBe("");

    const stats = await call<QuestionStatisticsResult>(t.app, "POST", "statistics/getQuestionStatistics", {
      token: owner.token,
      json: { id: q.id },
    });
    expect(stats.body.code).toBe(200);
    const byId = new Map(stats.body.data.questions.map((s) => [s.questionId, s]));
    const bought = byId.get("bought") as ChoiceStatistics;
    const where = byId.get("where") as ChoiceStatistics;
    const age = byId.get("age") as NumericStatistics;
    const count = (s: ChoiceStatistics, label: string) =>
      String(s.options.find((o) => o.label === label)?.count);
    const notChosen = (label: string) => String(where.answered - Number(count(where, label)));
    // The product's counts, as the statistics page shows them (and as the answers above were made).
    expect([count(bought, "买过"), count(bought, "没买过")]).toEqual(["4", "2"]);
    expect([count(where, "网店"), count(where, "门店"), String(where.skipped)]).toEqual(["3", "2", "2"]);

    const hidden = String(where.skipped);
    expect(runR(dir, rCheck)).toEqual([
      ["Q1", "table", "买过", count(bought, "买过")],
      ["Q1", "table", "没买过", count(bought, "没买过")],
      ["Q1", "NA", "0"],
      ["Q1", "class", "factor"],
      ["Q1", "label", "最近买过我们的产品吗"],
      // A multi-select member: 选中 is the option's count; the responses it was hidden from are NA.
      ["Q2_A", "table", "未选中", notChosen("网店")],
      ["Q2_A", "table", "选中", count(where, "网店")],
      ["Q2_A", "NA", hidden],
      ["Q2_A", "class", "factor"],
      ["Q2_A", "label", "在哪里买的: 网店"],
      ["Q2_B", "table", "未选中", notChosen("门店")],
      ["Q2_B", "table", "选中", count(where, "门店")],
      ["Q2_B", "NA", hidden],
      ["Q2_B", "class", "factor"],
      ["Q2_B", "label", "在哪里买的: 门店"],
      // The age left empty (-999999999 in the CSV) is NA, so R's mean is the page's.
      ["Q3", "NA", String(6 - age.answered)],
      ["Q3", "mean", String(age.mean)],
      ["Q3", "label", "您的年龄"],
      ["Q4", "values", '很好用|<NA>|=1+1，"推荐"|<NA>|<NA>|第一行 第二行'],
      ["rows", "6"],
    ]);
  }, 600_000);
});
