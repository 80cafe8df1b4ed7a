import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { demoSurveyId } from "../support/demo.ts";
import { reviewShot } from "../support/shots.ts";

// 文本分析 (issue #35): the demo survey's open question 您对公司还有哪些建议？ as a creator reads it — the 词云, the
// frequency table, the answers containing a word, and a stop word of the creator's own — at desktop and phone
// widths, with nothing scrolling sideways.

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The words of the table's first page, in order. */
async function tableWords(page: Page): Promise<string[]> {
  const rows = page.getByTestId("word-table").locator("tbody tr.ant-table-row");
  await expect(rows.first()).toBeVisible();
  return rows.locator("td:nth-child(2)").allInnerTexts();
}

/**
 * Opens 文本分析 of the demo survey's open question from its card and returns its panel. CI once saw the panel
 * never come after the click (2026-12-06; not seen again in 20 runs here, under load too): the click is made again
 * while the panel is not there, as a person would. A page that failed shows the app's error screen
 * (RouteError), which ends the wait at once and names what failed.
 */
async function openTextAnalysis(page: Page) {
  const panel = page.getByTestId("text-analysis");
  const failed = page.getByTestId("route-error");
  const opener = page.getByTestId("stats-advice").getByRole("button", { name: "词云分析" });
  await expect(async () => {
    if (!(await panel.isVisible())) await opener.click({ timeout: 5_000 });
    await expect(panel.or(failed)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(failed, "the page failed").toHaveCount(0);
  return panel;
}

// Both widths change the demo survey's dictionary: one after the other.
test.describe.configure({ mode: "serial" });

for (const width of [1280, 390] as const) {
  test.describe(`文本分析 at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("the 词云 and frequencies of an open question, a word's answers, and a stop word", async ({
      page,
      request,
    }) => {
      const id = await demoSurveyId(request);
      await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=stats`);
      const counted = page.waitForResponse(
        (r) => r.url().includes("/statistics/getWordFrequencies") && r.ok(),
      );
      const panel = await openTextAnalysis(page);
      await counted;
      await expect(panel.getByTestId("text-analysis-summary")).toContainText(/共分析 \d+ 份答卷/);
      // The cloud is drawn once its words are laid out and the chart has rendered them.
      const cloud = panel.getByTestId("word-cloud");
      await expect(cloud).not.toHaveAttribute("data-words", "0");
      await expect(cloud.locator(".wj-chart")).toHaveAttribute("data-state", "ready");
      await expectNoSidewaysScroll(page);
      await reviewShot(page, { path: `/tmp/text-analysis-cloud-${width}.png` });

      await panel.getByText("词频表", { exact: true }).click();
      const words = await tableWords(page);
      expect(words.length).toBeGreaterThan(3);
      for (const stop of ["的", "了", "我们", "，"]) expect(words).not.toContain(stop);
      const [first = ""] = words;
      const listed = page.waitForResponse((r) => r.url().includes("/statistics/getTextAnswers") && r.ok());
      await page.getByTestId("word-table").getByRole("cell", { name: first, exact: true }).click();
      await listed;
      const answers = panel.getByTestId("word-answers");
      await expect(answers).toContainText(`包含“${first}”的答案`);
      await expect(answers.locator("mark").first()).toHaveText(first);
      await expectNoSidewaysScroll(page);
      await reviewShot(page, { path: `/tmp/text-analysis-table-${width}.png`, fullPage: true });

      // The top word as a stop word of the questionnaire's own: gone from the table; then taken back.
      await panel.getByRole("button", { name: "自定义词典" }).click();
      const dialog = page.getByRole("dialog", { name: "自定义词典" });
      await dialog.getByLabel("停用词").fill(first);
      let recounted = page.waitForResponse(
        (r) => r.url().includes("/statistics/getWordFrequencies") && r.ok(),
      );
      await dialog.getByRole("button", { name: "保存并重新统计" }).click();
      await recounted;
      await expect(dialog).toBeHidden();
      await expect.poll(() => tableWords(page)).not.toContain(first);

      await panel.getByRole("button", { name: "自定义词典" }).click();
      await expect(dialog.getByLabel("停用词")).toHaveValue(first);
      await dialog.getByLabel("停用词").fill("");
      recounted = page.waitForResponse((r) => r.url().includes("/statistics/getWordFrequencies") && r.ok());
      await dialog.getByRole("button", { name: "保存并重新统计" }).click();
      await recounted;
      await expect.poll(() => tableWords(page)).toContain(first);
    });
  });
}

// 编码 once, at desktop width: the phone layout of the drawer is the first test's.
test.describe("编码 at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("编码: a code from a word, an answer tagged by hand, the code in 统计分析, 交叉分析 and 筛选, and deleted once asked", async ({
    page,
    request,
  }) => {
    const id = await demoSurveyId(request);
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=stats`);
    const panel = await openTextAnalysis(page);
    await panel.getByText("词频表", { exact: true }).click();
    const [word = ""] = await tableWords(page);
    await page.getByTestId("word-table").getByRole("cell", { name: word, exact: true }).click();
    await panel.getByRole("button", { name: "设为类别" }).click();
    const dialog = page.getByTestId("code-dialog");
    await expect(dialog.getByLabel("类别名称")).toHaveValue(word);
    // A name of this run's own: a code left by an earlier run would take the word's name.
    const name = `${word}${Date.now() % 100000}`;
    await dialog.getByLabel("类别名称").fill(name);
    const saved = page.waitForResponse((r) => r.url().includes("/statistics/saveTextCode") && r.ok());
    await page.getByRole("dialog", { name: "新建类别" }).getByRole("button", { name: "保存" }).click();
    await saved;

    await panel.getByText("编码", { exact: true }).click();
    const codes = panel.getByTestId("code-table");
    const row = codes.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible();
    const before = Number((await row.locator(".wj-code-count").innerText()).trim());
    expect(before).toBeGreaterThan(0);
    await row.click();
    // The first answer without the code, put into it by hand: one more answer has it.
    const answers = panel.getByTestId("code-answers");
    const off = answers.getByRole("switch", { checked: false }).first();
    await expect(off).toBeVisible();
    const tagged = page.waitForResponse((r) => r.url().includes("/statistics/tagTextAnswer") && r.ok());
    await off.click();
    await tagged;
    await expect(row.locator(".wj-code-count")).toHaveText(String(before + 1));
    await reviewShot(page, { path: `/tmp/text-analysis-codes-1280.png` });

    // The code is a variable of 统计分析 (its label names the question and the code).
    const variables = (await (
      await request.get("/wjgj/api/statistics/getAnalysisVariables", {
        headers: { token: await page.evaluate(() => localStorage.getItem("token") ?? "") },
        params: { id },
      })
    ).json()) as { data: { variables: { name: string; label: string }[] } };
    expect(variables.data.variables.some((v) => v.label.endsWith(`（编码）: ${name}`))).toBe(true);

    // ... and an axis of 交叉分析: 部门 × the question's codes.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page.getByRole("tab", { name: "交叉分析" }).click();
    for (const [select, option] of [
      ["行题目", "您所在的部门"],
      ["列题目", "您对公司还有哪些建议？ · 编码类别"],
    ] as const) {
      await page.getByLabel(select).click();
      await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).click();
      await page.keyboard.press("Escape");
      await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
    }
    const crossTable = page.getByTestId("cross-tab").locator(".ant-table").first();
    await expect(crossTable.getByRole("columnheader", { name, exact: true })).toBeVisible();
    await expect(crossTable.getByRole("row", { name: /研发中心/ })).toBeVisible();

    // ... and a 筛选: only the responses with the code are counted, the open question's answers among them.
    await page.getByRole("tab", { name: "分题统计" }).click();
    await page.getByRole("button", { name: /筛选$/ }).click();
    const filterDialog = page.getByRole("dialog", { name: "筛选答卷" });
    await expect(filterDialog.getByRole("radiogroup", { name: "类别的匹配方式" })).toBeVisible();
    await expectNoSeriousViolations(page, "筛选（编码）");
    await filterDialog.getByLabel("筛选的类别").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: name }).click();
    await filterDialog.locator(".ant-modal-title").click();
    await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
    const filtered = page.waitForResponse(
      (r) =>
        r.url().includes("/statistics/getQuestionStatistics") &&
        r.request().postData()?.includes("codes") === true &&
        r.ok(),
    );
    await filterDialog.getByRole("button", { name: "应用筛选" }).click();
    await filtered;
    await expect(page.getByTestId("filter-chip")).toContainText("编码：含任一类别 1 项");
    await expect(page.getByTestId("stats-advice")).toContainText(`有效填写 ${before + 1} 人`);
    await reviewShot(page, { path: `/tmp/text-analysis-code-filter-1280.png` });
    await page.getByTestId("filter-chip").locator(".ant-tag-close-icon").click();
    await expect(page.getByTestId("filter-chip")).toHaveCount(0);

    await openTextAnalysis(page);
    await panel.getByText("编码", { exact: true }).click();
    await row.getByRole("button", { name: `删除类别${name}` }).click();
    await expect(page.getByText(`删除类别“${name}”？`)).toBeVisible();
    const deleted = page.waitForResponse((r) => r.url().includes("/statistics/deleteTextCode") && r.ok());
    await page.locator(".ant-popconfirm").getByRole("button", { name: "删除" }).click();
    await deleted;
    await expect(codes.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  });
});

// A new release while the creator has the results open: the old chunk of 文本分析 is gone from the server. The page
// says so in Chinese under the console's header (not React Router's English screen), and 刷新页面 brings it back.
test.describe("a chunk gone after a release", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("词云分析 after a release: 页面需要刷新 under the header, and 刷新页面 loads the current chunks", async ({
    page,
    request,
  }) => {
    const id = await demoSurveyId(request);
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=stats`);
    const chunk = /\/assets\/text-analysis-drawer-[\w-]+\.js$/;
    // The server answers an asset it does not have with 404, as for a chunk of an earlier release.
    await page.route(chunk, (route) =>
      route.continue({ url: route.request().url().replace(chunk, "/assets/gone.js") }),
    );
    await page.getByTestId("stats-advice").getByRole("button", { name: "词云分析" }).click();
    const failed = page.getByTestId("route-error");
    await expect(failed).toContainText("页面需要刷新");
    await expect(failed).toHaveAttribute("data-error-kind", "stale");
    await expect(page.getByRole("menuitem", { name: "项目管理" })).toBeVisible();
    await expectNoSeriousViolations(page, "页面需要刷新", failed);
    await reviewShot(page, { path: "/tmp/route-error-1280.png" });

    await page.unroute(chunk);
    await failed.getByRole("button", { name: "刷新页面" }).click();
    const panel = await openTextAnalysis(page);
    await expect(panel.getByTestId("text-analysis-summary")).toContainText(/共分析 \d+ 份答卷/);
  });
});
