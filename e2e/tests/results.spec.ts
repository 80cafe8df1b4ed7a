import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import {
  fireAlarmQuestion,
  genderQuestion,
  publishQuestionnaire,
  submitAnswers,
  unique,
} from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

const survey = (title: string) => ({
  schemaVersion: 1,
  kind: "survey",
  title,
  pages: [
    {
      id: "p1",
      questions: [
        genderQuestion,
        {
          id: "travel",
          type: "multiple",
          title: "常用的出行方式",
          required: true,
          config: {
            options: [
              { id: "metro", label: "地铁" },
              { id: "bus", label: "公交" },
              { id: "bike", label: "骑行" },
            ],
          },
        },
        { id: "stars", type: "star", title: "整体满意度", config: { max: 5 } },
        { id: "advice", type: "text", title: "您的建议", config: { format: "none" } },
      ],
    },
  ],
});

/** The responses of the journey, submitted in this order; the expected export cells beside each. */
const responses = [
  { gender: "m", travel: ["metro", "bus"], stars: 5, advice: "多开夜班车", source: "link", seconds: 95 },
  { gender: "f", travel: ["bike"], stars: 3, advice: "增加共享单车", source: "wechat", seconds: 130 },
  { gender: "m", travel: ["metro"], stars: 4, advice: "", source: "link", seconds: 60 },
  { gender: "f", travel: ["metro", "bike"], stars: 2, advice: "地铁太挤", source: "qrcode", seconds: 200 },
];
const labels: Record<string, string> = { m: "男", f: "女", metro: "地铁", bus: "公交", bike: "骑行" };
const sourceNames: Record<string, string> = { link: "链接", wechat: "微信", qrcode: "二维码" };

async function answer(request: APIRequestContext, publicId: string): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, r] of responses.entries()) {
    const answers: Record<string, unknown> = {
      gender: { optionId: r.gender },
      travel: { optionIds: r.travel },
      stars: r.stars,
      ...(r.advice ? { advice: r.advice } : {}),
    };
    ids.push(
      await submitAnswers(request, publicId, answers, { seconds: r.seconds, source: r.source, key: `s${i}` }),
    );
  }
  return ids;
}

/**
 * A full-page screenshot for review, once the charts' entry animation has settled: with E2E_SHOTS=1 only, as in
 * website-pages.spec.ts (nobody looks at CI's; the nine of them with their waits were a third of this file's time).
 */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== "1") return;
  await page.waitForTimeout(1200);
  await reviewShot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
}

/** Picks an option of an antd select, then closes its list so the next select's list is the only one open. */
async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).click();
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

test.describe("results", () => {
  test("answers become charts, cross tables, a filtered view, stepped responses and an xlsx export", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const title = unique("出行调查");
    const q = await publishQuestionnaire(request, survey(title));
    const ids = await answer(request, q.publicId);

    // 数据 on the project list opens the results.
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dclist?title=${encodeURIComponent(title)}`);
    const card = page.locator(`[data-testid=questionary-card][data-id="${q.id}"]`);
    await card.getByRole("button", { name: "数据" }).click();
    await expect(page).toHaveURL(new RegExp(`/dc/result\\?id=${q.id}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    // 概览
    const overview = page.getByTestId("overview-tab");
    await expect(page.getByTestId("header-counts")).toContainText("有效答卷 4 份");
    await expect(overview.getByLabel("每日答卷数趋势图")).toHaveAttribute("data-state", "ready");
    await expect(overview.getByLabel("每日答卷数趋势图").locator("canvas")).toHaveCount(1);
    await expect(overview).toContainText("微信");
    await shot(page, "1-overview");

    // 分题统计: counts, and the chart kinds of one question.
    await openTab(page, "分题统计");
    await expect(page.getByTestId("stats-total")).toHaveText("4");
    const gender = page.getByTestId("stats-gender");
    await expect(gender.locator("tr", { hasText: "男" })).toContainText("50%");
    const travel = page.getByTestId("stats-travel");
    await expect(travel.locator("tr", { hasText: "地铁" }).locator("td").nth(1)).toHaveText("3");
    const chart = gender.locator(".wj-chart");
    await expect(chart).toHaveAttribute("data-kind", "column");
    await expect(chart.locator("canvas")).toHaveCount(1);
    await gender.getByText("饼图", { exact: true }).click();
    await expect(chart).toHaveAttribute("data-kind", "pie");
    await expect(chart.locator("canvas")).toHaveCount(1);
    await gender.getByText("条形图", { exact: true }).click();
    await expect(chart).toHaveAttribute("data-kind", "bar");
    await expect(page.getByTestId("stats-stars")).toContainText("3.5");
    await expect(page.getByTestId("stats-advice")).toContainText("增加共享单车");
    await shot(page, "2-statistics");
    // Scrolled down, the tab bar sits right under the header: no strip of the charts shows between the two.
    await page.getByTestId("stats-advice").scrollIntoViewIfNeeded();
    const stuck = async () =>
      page.evaluate(() => {
        const header = document.querySelector(".wj-app-header")?.getBoundingClientRect();
        const bar = document.querySelector(".wj-result__tabs > .ant-tabs-nav")?.getBoundingClientRect();
        return header && bar ? Math.round(bar.top - header.bottom) : null;
      });
    await expect.poll(stuck).toBeLessThanOrEqual(0);

    // 交叉分析: 性别 × 出行方式.
    await openTab(page, "交叉分析");
    await pick(page, page.getByLabel("行题目"), "第1题 您的性别");
    await pick(page, page.getByLabel("列题目"), "第2题 常用的出行方式");
    const cross = page.getByTestId("cross-gender");
    const femaleRow = cross.locator("tbody tr", { hasText: "女" });
    // 女: 地铁 1, 公交 0, 骑行 2, of 2 responses.
    await expect(femaleRow.locator("td").nth(1)).toContainText("1");
    await expect(femaleRow.locator("td").nth(1)).toContainText("行 50%");
    await expect(femaleRow.locator("td").nth(3)).toContainText("2");
    await expect(femaleRow.locator("td").nth(3)).toContainText("行 100%");
    await expect(cross.locator(".wj-chart canvas")).toHaveCount(1);
    await shot(page, "3-cross");

    // 筛选: only men; every statistic and the response list follow, then the chip clears it.
    await openTab(page, "分题统计");
    await page.getByRole("button", { name: "筛选" }).click();
    const dialog = page.getByRole("dialog", { name: "筛选答卷" });
    // Click only once the dialog has finished zooming in; CI once saw a click during it add no condition.
    // A click that still adds none is repeated (a person would click again), never one that did.
    await expect(page.locator(".wj-filter-dialog")).not.toHaveClass(/ant-zoom/);
    const builder = dialog.getByTestId("filter-builder");
    await expect(async () => {
      if ((await builder.locator(".dd-cond-row").count()) === 0)
        await dialog.getByRole("button", { name: "添加条件", exact: true }).click();
      await expect(builder).toContainText("男", { timeout: 2_000 });
    }).toPass();
    await expect(builder.locator(".dd-cond-row")).toHaveCount(1);
    await dialog.getByRole("button", { name: "应用筛选" }).click();
    const chip = page.getByTestId("filter-chip");
    await expect(chip).toContainText("已筛选：答题条件 1 项");
    await expect(page.getByTestId("stats-total")).toHaveText("2");
    await expect(travel.locator("tr", { hasText: "骑行" }).locator("td").nth(1)).toHaveText("0");
    await shot(page, "4-filtered");
    await openTab(page, "答卷详情");
    await expect(page.getByText("共 2 份")).toBeVisible();
    await chip.locator(".ant-tag-close-icon").click();
    await expect(chip).toHaveCount(0);
    await expect(page.getByText("共 4 份")).toBeVisible();

    // 答卷详情: open the newest, step down with ↓ and back with ↑.
    const rows = page.getByTestId("answers-tab").locator("tbody tr.ant-table-row");
    await expect(rows).toHaveCount(4);
    await rows.first().getByRole("button", { name: "查看" }).click();
    const drawer = page.getByTestId("answer-drawer");
    await expect(page.getByText("答卷详情（第 1 / 4 份）")).toBeVisible();
    const first = await drawer.getAttribute("data-response");
    await expect(drawer.locator(".is-chosen").first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByText("答卷详情（第 2 / 4 份）")).toBeVisible();
    await expect(drawer).not.toHaveAttribute("data-response", first ?? "");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByText("答卷详情（第 3 / 4 份）")).toBeVisible();
    await expect(drawer.locator(".wj-answer-view__choices").first()).toContainText("男");
    await expect(drawer.locator(".wj-answer-view__choices").first()).toContainText("女");
    await shot(page, "5-response");
    await expect(page.getByRole("button", { name: "上一份" })).toBeEnabled();
    await page.getByRole("button", { name: "下一份" }).click();
    await expect(page.getByText("答卷详情（第 4 / 4 份）")).toBeVisible();
    await expect(page.getByRole("button", { name: "下一份" })).toBeDisabled();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText("答卷详情（第 3 / 4 份）")).toBeVisible();
    await page.keyboard.press("Escape");

    // 导出: an xlsx job with its progress bar, downloaded and read back.
    await openTab(page, "导出");
    const exportTab = page.getByTestId("export-tab");
    await expect(exportTab.getByText("还没有导出记录")).toBeVisible();
    // The job may finish between two polls: watch for its progress bar from the click on.
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=export-progress] .ant-progress")) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await exportTab.getByRole("button", { name: "导出 Excel" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress))
      .toBe(true);
    const download = exportTab.locator(".ant-table-tbody").getByRole("button", { name: "下载" });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(exportTab).toContainText("已完成");
    await shot(page, "6-export");
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe(`${title}_答卷数据.xlsx`);
    const path = test.info().outputPath("answers.xlsx");
    await file.saveAs(path);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("导出文件没有工作表");
    const width = sheet.getRow(1).cellCount;
    // Every cell of a row as text, empty cells as "" (exceljs leaves trailing empty cells out of `values`).
    const values = (row: number) =>
      Array.from({ length: width }, (_, i) => {
        const value = sheet.getRow(row).getCell(i + 1).value;
        return value === null || value === undefined ? "" : String(value);
      });
    const header = values(1);
    expect(header.slice(0, 6)).toEqual(["序号", "答卷编号", "提交时间", "所用时间", "来源", "IP"]);
    expect(header.slice(6)).toEqual(["1、您的性别", "2、常用的出行方式", "3、整体满意度", "4、您的建议"]);
    expect(sheet.actualRowCount).toBe(1 + responses.length);
    const byId = new Map(
      Array.from({ length: responses.length }, (_, i) => values(i + 2)).map((r) => [Number(r[1]), r]),
    );
    for (const [i, r] of responses.entries()) {
      const row = byId.get(ids[i] ?? 0);
      expect(row, `答卷 ${ids[i]} 不在导出文件中`).toBeDefined();
      expect(row?.[4]).toBe(sourceNames[r.source]);
      expect(row?.slice(6, 10)).toEqual([
        labels[r.gender],
        r.travel.map((id) => labels[id]).join("┋"),
        String(r.stars),
        r.advice,
      ]);
    }
  });

  test("an exam is graded by hand and its totals follow; a vote's counts refresh by themselves", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const exam = await publishQuestionnaire(request, {
      schemaVersion: 1,
      kind: "exam",
      title: unique("消防知识测验"),
      settings: { exam: { passMark: 6 } },
      pages: [
        {
          id: "p1",
          questions: [
            fireAlarmQuestion("fire"),
            {
              id: "essay",
              type: "textarea",
              title: "简述家庭防火措施",
              config: {},
              scoring: { mode: "manual", points: 6 },
            },
          ],
        },
      ],
    });
    await submitAnswers(
      request,
      exam.publicId,
      { fire: { optionId: "a" }, essay: "不在床上吸烟" },
      { key: "e1" },
    );
    await submitAnswers(
      request,
      exam.publicId,
      { fire: { optionId: "b" }, essay: "装灭火器" },
      { key: "e2" },
    );

    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${exam.id}&tab=exam`);
    const report = page.getByTestId("exam-tab");
    await expect(report).toContainText("还有 2 份答卷的主观题待评分");
    await expect(report.locator(".wj-result__stat", { hasText: "参考人数" })).toContainText("2");
    const top = report
      .locator(".ant-card", { hasText: "成绩排名" })
      .locator("tbody tr.ant-table-row")
      .first();
    await expect(top).toContainText("4 / 10");
    await top.getByRole("button", { name: "评分（1题）" }).click();
    const drawer = page.getByTestId("answer-drawer");
    await expect(drawer).toContainText("不在床上吸烟");
    await expect(page.getByTestId("answer-score")).toHaveText("4 / 10");
    await drawer.getByLabel("第2题评分").fill("5");
    await page.getByRole("button", { name: "保存评分" }).click();
    await expect(page.getByText("评分已保存，总分已重新计算")).toBeVisible();
    await expect(page.getByTestId("answer-score")).toHaveText("9 / 10");
    await expect(drawer.locator(".wj-answer-drawer__summary")).toContainText("及格");
    await shot(page, "7-grading");
    await page.keyboard.press("Escape");
    await expect(top).toContainText("9 / 10");
    await expect(report.locator(".wj-result__stat", { hasText: "及格率" })).toContainText("50%");
    await expect(report).toContainText("还有 1 份答卷的主观题待评分");
    await shot(page, "8-exam");

    const vote = await publishQuestionnaire(request, {
      schemaVersion: 1,
      kind: "vote",
      title: unique("最佳社团评选"),
      pages: [
        {
          id: "p1",
          questions: [
            {
              id: "club",
              type: "voteSingle",
              title: "你最喜欢的社团",
              required: true,
              config: {
                options: [
                  { id: "a", label: "书法社" },
                  { id: "b", label: "篮球社" },
                ],
              },
            },
          ],
        },
      ],
    });
    await submitAnswers(request, vote.publicId, { club: { optionId: "a" } }, { key: "v1" });
    await page.goto(`/dc/result?id=${vote.id}&tab=vote`);
    await expect(page.getByTestId("vote-total")).toHaveText("1");
    // A vote cast while the creator watches shows up without a reload, within one 3-second poll.
    await submitAnswers(request, vote.publicId, { club: { optionId: "b" } }, { key: "v2" });
    await submitAnswers(request, vote.publicId, { club: { optionId: "b" } }, { key: "v3" });
    await expect(page.getByTestId("vote-total")).toHaveText("3", { timeout: 4500 });
    await expect(page.getByTestId("vote-club").locator("tbody tr").first()).toContainText("篮球社");
    await expect(page.getByTestId("header-counts")).toContainText("有效答卷 3 份");
    await shot(page, "9-vote");
  });
});
