import fs from "node:fs";
import path from "node:path";
import { messages } from "@wjgj/core";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docxToPdf, pdfImageCount, pdfText, renderPages } from "../../../test/documents.ts";
import { download, runExport } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";

/**
 * 分析报告 (issue #35) as export jobs of kinds docx and pdf: every question title and chart in the file, the
 * .docx opened and converted by LibreOffice, the PDF rendered by poppler; sections chosen; a report that
 * cannot be made fails in the export list saying why.
 */
let t: TestContext;
let owner: BuiltUser;
let q: { id: number; publicId: string; revisionId: number };
let dir: string;

const titles = [
  "您的部门",
  "您对公司的整体评价",
  "您的工龄",
  "您最看重的福利",
  "您对公司还有什么建议？",
  "您对食堂的满意度",
];
const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "员工满意度调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "dept",
          type: "single",
          title: titles[0],
          config: { options: ["研发部", "市场部", "销售部"].map((label, i) => ({ id: `d${i}`, label })) },
        },
        { id: "rate", type: "star", title: titles[1], config: { max: 5 } },
        { id: "years", type: "number", title: titles[2], config: {} },
        {
          id: "perks",
          type: "multiple",
          title: titles[3],
          config: {
            options: ["五险一金", "带薪年假", "弹性工作"].map((label, i) => ({ id: `p${i}`, label })),
          },
        },
        { id: "advice", type: "textarea", title: titles[4], config: {} },
        {
          id: "canteen",
          type: "likert",
          title: titles[5],
          config: { points: 5, minLabel: "非常不满意", maxLabel: "非常满意" },
        },
      ],
    },
  ],
};
const advice = [
  "希望增加培训机会",
  "食堂饭菜价格太贵",
  "加班太多，希望调休能落实",
  "培训机会太少",
  "办公环境不错",
];
/** Charts: the single and the multiple choice, the stars, the scale, and the word cloud of the advice. */
const CHARTS = 5;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  q = await publishedQuestionnaire(t, owner, definition as never);
  for (let i = 0; i < 15; i += 1)
    await submitAnswers(t, q, {
      dept: { optionId: `d${i % 3}` },
      rate: 1 + (i % 5),
      years: 1 + i,
      perks: { optionIds: [`p${i % 3}`, `p${(i + 1) % 3}`] },
      advice: advice[i % advice.length],
      canteen: 1 + (i % 5),
    });
  dir = fs.mkdtempSync(path.join(t.config.dataDir, "report-"));
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function reportFile(kind: "docx" | "pdf", filter?: Record<string, unknown>) {
  const job = await runExport(t, owner, q.id, kind, filter);
  expect(job.error).toBe("");
  expect(job.status).toBe("done");
  expect(job.fileName).toBe(`员工满意度调查_分析报告.${kind}`);
  const file = path.join(dir, `${kind}-${job.id}.${kind}`);
  fs.writeFileSync(file, (await download(t, owner.token, q.id, job.id)).rawPayload);
  return file;
}

describe("分析报告", () => {
  it("as Word: every question and chart, opened and converted to PDF by LibreOffice", async () => {
    const file = await reportFile("docx");
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    const media = Object.keys(zip.files).filter((name) => /^word\/media\/.+\.png$/.test(name));
    expect(media).toHaveLength(CHARTS);
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    for (const title of ["员工满意度调查", "数据分析报告", "数据概况", ...titles])
      expect(xml).toContain(title);
    // The file does not depend on the database (the PostgreSQL pass checks the statistics above): LibreOffice,
    // some ten seconds of a core, converts it on the SQLite pass, the one `npm test` runs without DATABASE_URL.
    if (process.env.DATABASE_URL) return;
    const pdf = docxToPdf(file);
    const text = pdfText(pdf);
    for (const title of ["员工满意度调查", "数据分析报告", "数据概况", "有效答卷", ...titles])
      expect(text).toContain(title);
    expect(text).toContain("选择最多的是");
    expect(pdfImageCount(pdf)).toBe(CHARTS);
    expect(renderPages(pdf, 2)).toHaveLength(2);
  }, 180_000);

  it("as PDF: every question and chart, rendered by poppler", async () => {
    const file = await reportFile("pdf");
    const text = pdfText(file);
    for (const title of ["员工满意度调查", "数据分析报告", "数据概况", ...titles])
      expect(text).toContain(title);
    expect(text).toContain("出现最多的词是");
    // The scale's rows name its ends as 分题统计 does.
    const flat = text.replace(/\s+/g, "");
    for (const point of ["1（非常不满意）", "5（非常满意）"]) expect(flat).toContain(point);
    expect(pdfImageCount(file)).toBe(CHARTS);
    const pages = renderPages(file, 3);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(fs.statSync(page).size).toBeGreaterThan(1000);
  }, 60_000);

  it("holds only the sections chosen", async () => {
    const file = await reportFile("pdf", { sections: ["overview"] });
    const text = pdfText(file);
    expect(text).toContain("数据概况");
    for (const title of titles) expect(text).not.toContain(title);
    expect(pdfImageCount(file)).toBe(0);
  }, 60_000);

  it("fails in the export list saying why when the filter leaves no responses", async () => {
    const job = await runExport(t, owner, q.id, "pdf", { startDate: "2099-01-01" });
    expect(job.status).toBe("failed");
    expect(job.error).toBe(messages.reportNoFilteredResponses);
  });
});
