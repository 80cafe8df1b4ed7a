import fs from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { demoSurveyId } from "../support/demo.ts";
import { reviewShot } from "../support/shots.ts";

// 统计分析 (issue #34): a researcher's path through the results page's analysis area, on the demo survey the
// server seeds (2026年度员工满意度调查, 180 responses), and on a small survey of the journey's own for weighting,
// the .sav and what the page says to bad input.

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Opens the antd select named `label` inside `scope` and picks the option whose text contains `option`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option })
    .first()
    .click();
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

/** Multi-select pickers stay open after a pick: Escape closes them. */
async function chooseMany(page: Page, scope: Locator, label: string, options: string[]) {
  await scope.getByLabel(label, { exact: true }).click();
  for (const option of options)
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option })
      .first()
      .click();
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

async function pickMethod(page: Page, tab: Locator, method: string) {
  await tab.getByTestId("analysis-method").click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: method })
    .first()
    .click();
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

/** Runs the analysis and waits for the server's answer to be on the page. */
async function run(page: Page, tab: Locator) {
  const answered = page.waitForResponse((r) => r.url().includes("/statistics/getAnalysis") && r.ok());
  await tab.getByTestId("analysis-run").click();
  await answered;
  const result = tab.getByTestId("analysis-result");
  await expect(result).toBeVisible();
  return result;
}

/** Clicks a result's download button and answers the file's name and bytes. */
async function download(page: Page, result: Locator, button: string) {
  const started = page.waitForEvent("download");
  await result.getByRole("button", { name: button }).click();
  const file = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), path, bytes: fs.readFileSync(path) };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390] as const) {
  test.describe(`统计分析 at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("a cross-tab with χ² and a one-way ANOVA on the demo survey, each with its reading", async ({
      page,
      request,
    }) => {
      const id = await demoSurveyId(request);
      await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=analysis`);
      const tab = page.getByTestId("analysis-tab");
      await expect(tab).toBeVisible();

      await pickMethod(page, tab, "交叉卡方");
      await choose(page, tab, "行变量", "您所在的部门");
      await choose(page, tab, "列变量", "您对公司的整体满意度");
      let result = await run(page, tab);
      await expect(result).toContainText("Pearson卡方");
      await expect(result).toContainText(/「您所在的部门」与「您对公司的整体满意度」/);
      // Every department is a row with its counts; nothing reads NaN.
      for (const dept of ["研发中心", "市场部", "销售部", "人力行政", "财务部"])
        await expect(result.getByText(dept).first()).toBeVisible();
      await expect(result).not.toContainText("NaN");
      await expectNoSidewaysScroll(page);
      await reviewShot(page, { path: `/tmp/analysis-crosstab-${width}.png`, fullPage: true });

      // The whole result as Word and as Excel: the reading and the tables, with every department.
      const word = await download(page, result, "下载Word");
      expect(word.name).toMatch(/\.docx$/);
      const documentXml =
        (await (await JSZip.loadAsync(word.bytes)).file("word/document.xml")?.async("string")) ?? "";
      for (const text of ["分析结论", "Pearson卡方", "研发中心", "财务部"])
        expect(documentXml).toContain(text);
      const excel = await download(page, result, "下载Excel");
      expect(excel.name).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(excel.path);
      const cells: string[] = [];
      workbook.getWorksheet("统计分析")?.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.value));
        });
      });
      for (const text of ["分析结论", "研发中心", "财务部"]) expect(cells).toContain(text);

      await pickMethod(page, tab, "单因素方差分析");
      await chooseMany(page, tab, "检验变量", ["您有多大可能向朋友推荐"]);
      await choose(page, tab, "分组变量", "您所在的部门");
      result = await run(page, tab);
      await expect(result).toContainText(/不同「您所在的部门」在「您有多大可能向朋友推荐来公司工作？」上/);
      await expect(result).toContainText("F");
      await expect(result).not.toContainText("NaN");
      await expectNoSidewaysScroll(page);
      await reviewShot(page, { path: `/tmp/analysis-anova-${width}.png`, fullPage: true });

      // 相关分析: the matrix as a table and as a heat map.
      await pickMethod(page, tab, "相关分析");
      // 推荐 stays selected from the ANOVA (the pickers keep their choice across methods): add 整体满意度.
      await chooseMany(page, tab, "分析变量", ["您对公司的整体满意度"]);
      result = await run(page, tab);
      await expect(result).toContainText("Pearson相关分析");
      await expect(result.locator('.wj-chart[data-kind="heatmap"]')).toHaveAttribute("data-state", "ready");
      await expectNoSidewaysScroll(page);
      await reviewShot(page, { path: `/tmp/analysis-correlation-${width}.png`, fullPage: true });

      // 二元Logistic回归: whether 弹性工作 is among the valued benefits, by the overall satisfaction.
      await pickMethod(page, tab, "二元Logistic回归");
      await choose(page, tab, "因变量", "弹性工作");
      await chooseMany(page, tab, "自变量", ["您对公司的整体满意度"]);
      result = await run(page, tab);
      await expect(result).toContainText("Nagelkerke R²");
      await expect(result).toContainText("OR值（Exp(B)）");
      await expect(result.getByTestId("analysis-reading")).toContainText("二元Logistic回归模型");
      await expect(result).not.toContainText("NaN");
      await expectNoSidewaysScroll(page);
      await reviewShot(page, { path: `/tmp/analysis-logistic-${width}.png`, fullPage: true });
    });
  });
}

const small = (title: string) => ({
  schemaVersion: 1,
  kind: "survey",
  title,
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "gender",
          type: "single",
          title: "您的性别",
          required: true,
          config: {
            options: [
              { id: "m", label: "男" },
              { id: "f", label: "女" },
            ],
          },
        },
        {
          id: "team",
          type: "single",
          title: "所在小组",
          required: true,
          config: {
            options: [
              { id: "a", label: "一组" },
              { id: "b", label: "二组" },
            ],
          },
        },
        { id: "score", type: "star", title: "满意程度", required: true, config: { max: 5 } },
      ],
    },
  ],
});

test.describe("统计分析 with weighting, the .sav and bad input", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("weights to target margins, refuses margins that miss 100 %, says why a test cannot run, exports the .sav", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, small(unique("统计分析加权")));
    // 一组 has a single respondent: a t-test by 小组 cannot run, and the page says so rather than print a number.
    const rows: [string, string, number][] = [
      ["m", "a", 5],
      ["m", "b", 4],
      ["m", "b", 3],
      ["f", "b", 2],
      ["f", "b", 4],
      ["f", "b", 5],
      ["f", "b", 3],
      ["f", "b", 1],
    ];
    for (const [i, [gender, team, score]] of rows.entries())
      await submitAnswers(
        request,
        q.publicId,
        { gender: { optionId: gender }, team: { optionId: team }, score },
        { key: `analysis-${i}` },
      );

    // A text-free survey still has a nominal variable: the server refuses it as a t-test's test variable.
    const variables = (await (
      await request.get("/wjgj/api/statistics/getAnalysisVariables", {
        headers: { token: q.token },
        params: { id: q.id },
      })
    ).json()) as Envelope<{ variables: { name: string; label: string }[] }>;
    const nameOf = (label: string) => variables.data.variables.find((v) => v.label === label)?.name ?? "";
    const refused = (await (
      await request.post("/wjgj/api/statistics/getAnalysis", {
        headers: { token: q.token },
        data: {
          id: q.id,
          request: { method: "independentT", test: [nameOf("您的性别")], group: nameOf("所在小组") },
        },
      })
    ).json()) as Envelope<null>;
    expect(refused.code).not.toBe(200);
    expect(refused.msg).toContain("「您的性别」不是数值变量");

    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=analysis`);
    const tab = page.getByTestId("analysis-tab");
    await expect(tab).toBeVisible();

    // A group with one respondent: the core's reason, in Chinese, where the figures would be.
    await pickMethod(page, tab, "独立样本t检验");
    await chooseMany(page, tab, "检验变量", ["满意程度"]);
    await choose(page, tab, "分组变量", "所在小组");
    let result = await run(page, tab);
    await expect(result).toContainText("每组至少需要2个有效值");
    await expect(result).not.toContainText("NaN");

    // 设置加权: 男 and 女 to 50 % each; 40 + 50 is refused with the total shown.
    await tab.getByTestId("weighting-open").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await choose(page, dialog, "第1个加权变量", "您的性别");
    await dialog.getByLabel("男的目标比例").fill("40");
    await dialog.getByLabel("女的目标比例").fill("50");
    await dialog.getByTestId("weighting-save").click();
    await expect(dialog.getByTestId("weighting-problem")).toContainText("须等于100%");
    await dialog.getByLabel("女的目标比例").fill("60");
    const saved = page.waitForResponse((r) => r.url().includes("/statistics/saveWeighting") && r.ok());
    await dialog.getByTestId("weighting-save").click();
    await saved;
    await expect(dialog.getByTestId("weighting-summary")).toContainText("加权效率");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Weighted descriptives: 男 (3 of 8 answers) now counts for 40 %.
    await pickMethod(page, tab, "描述统计");
    await chooseMany(page, tab, "分析变量", ["您的性别"]);
    await tab.getByTestId("weighting-switch").click();
    result = await run(page, tab);
    await expect(result.getByTestId("analysis-weighted")).toBeVisible();
    await expect(result).toContainText("40.0%");
    await reviewShot(page, { path: "/tmp/analysis-weighted-1280.png", fullPage: true });

    // The .sav, through the export jobs, with the weights (the option is on once a weighting is saved).
    await page.getByRole("tab", { name: "导出", exact: true }).click();
    const exportTab = page.getByTestId("export-tab");
    await expect(exportTab.getByTestId("export-with-weight")).toBeChecked();
    await exportTab.getByRole("button", { name: /SPSS/ }).click();
    const download = exportTab.locator(".ant-table-tbody").getByRole("button", { name: "下载" });
    await expect(download).toBeVisible({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.sav$/);
    const path = await file.path();
    const { readFile } = await import("node:fs/promises");
    const bytes = await readFile(path);
    // An SPSS system file starts with its record type "$FL2".
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("$FL2");
    // Weighted by its last variable, 加权权重: the header's weight index is set.
    expect(bytes.readInt32LE(76)).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from("加权权重"))).toBe(true);
  });
});
