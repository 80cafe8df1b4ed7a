import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { DEMO_TITLE, demoSurveyId } from "../support/demo.ts";
import { reviewShot } from "../support/shots.ts";

// 分析报告 (issue #35): the demo survey's report made from the export tab as a PDF, downloaded, its first pages
// rendered by poppler (pdftoppm, which .ci/run installs) and looked at side by side at desktop width.

test.use({ viewport: { width: 1280, height: 900 } });

test("a PDF analysis report of the demo survey, downloaded and its first pages rendered", async ({
  page,
  request,
}) => {
  const id = await demoSurveyId(request);
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=export`);
  const card = page.getByTestId("report-card");
  const created = page.waitForResponse((r) => r.url().includes("/export/createExport") && r.ok());
  await card.getByRole("button", { name: "生成 PDF 报告" }).click();
  const job = (await (await created).json()) as { data: { id: number } };
  const exportTab = page.getByTestId("export-tab");
  const row = exportTab.locator(`.ant-table-tbody tr[data-row-key="${job.data.id}"]`);
  await expect(row).toContainText("PDF 分析报告（.pdf）");
  const download = row.getByRole("button", { name: "下载" });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText("已完成");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe(`${DEMO_TITLE}_分析报告.pdf`);
  const pdf = test.info().outputPath("report.pdf");
  await file.saveAs(pdf);
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
  for (const words of [DEMO_TITLE, "数据分析报告", "数据概况", "分题统计", "您对公司还有哪些建议？"])
    expect(text).toContain(words);

  const prefix = test.info().outputPath("page");
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "3", pdf, prefix]);
  const pages = fs
    .readdirSync(path.dirname(prefix))
    .filter((name) => name.startsWith("page") && name.endsWith(".png"))
    .sort()
    .map((name) => fs.readFileSync(path.join(path.dirname(prefix), name)).toString("base64"));
  expect(pages).toHaveLength(3);
  // The first pages side by side, as a reader sees them.
  await page.setContent(
    `<body style="margin:0;display:flex;gap:8px;background:#888">${pages
      .map(
        (png) => `<img alt="报告页" style="width:420px;background:#fff" src="data:image/png;base64,${png}">`,
      )
      .join("")}</body>`,
  );
  const images = page.getByRole("img", { name: "报告页" });
  await expect(images).toHaveCount(3);
  for (const image of await images.all())
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await reviewShot(page, { path: "/tmp/report-pages-1280.png" });
});

// 数据报告 shared by link: a 交叉分析 pinned to the report, the link switched on with a password in the export tab,
// opened by someone without an account on a phone (a wrong password refused, the right one shows the report with
// its 词云 and the pinned table, nothing scrolls sideways, axe finds nothing serious), then switched off: the link
// answers that it is closed; the pin is removed again.
test("a cross-tab pinned, a shared 数据报告 link with a password opened on a phone, then switched off", async ({
  page,
  request,
  browser,
}) => {
  const id = await demoSurveyId(request);
  // 固定到报告 from 交叉分析: 部门 × 整体满意度 goes into the report's third part.
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${id}&tab=cross`);
  for (const [select, option] of [
    ["行题目", "您所在的部门"],
    ["列题目", "您对公司的整体满意度"],
  ] as const) {
    await page.getByLabel(select).click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).click();
    await page.keyboard.press("Escape");
    await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  }
  await expect(page.getByTestId("cross-tab").locator(".ant-table").first()).toBeVisible();
  const pinned = page.waitForResponse((r) => r.url().includes("/statistics/pinToReport") && r.ok());
  await page.getByRole("button", { name: "固定到报告" }).click();
  const pin = (await (await pinned).json()) as { data: { id: number; title: string } };
  expect(pin.data.title).toBe("交叉分析：您所在的部门 × 您对公司的整体满意度");

  await page.getByRole("tab", { name: "导出" }).click();
  await expect(page.getByTestId("report-pins")).toContainText(pin.data.title);
  const panel = page.getByTestId("report-share");
  const toggle = panel.getByRole("switch", { name: "分享数据报告" });
  const saved = () => page.waitForResponse((r) => r.url().includes("/statistics/saveReportShare") && r.ok());
  if ((await toggle.getAttribute("aria-checked")) !== "true") {
    const on = saved();
    await toggle.click();
    await on;
  }
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await panel.getByRole("textbox", { name: "报告密码" }).fill("8888");
  const withPassword = saved();
  await panel.getByRole("button", { name: "保存并按当前内容更新" }).click();
  await withPassword;
  await expect(panel).toContainText("查看者需输入密码 8888");
  const link = await panel.getByRole("textbox", { name: "数据报告链接" }).inputValue();
  expect(link).toMatch(/\/report\/[A-Za-z0-9_-]{16}$/);

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await visitor.newPage();
    await phone.goto(link);
    await expect(phone.getByRole("heading", { name: "此数据报告需要密码" })).toBeVisible();
    await phone.getByLabel("报告密码").fill("1234");
    await phone.getByRole("button", { name: "查看报告" }).click();
    await expect(phone.getByText("报告密码错误，请重新输入")).toBeVisible();
    await phone.getByLabel("报告密码").fill("8888");
    await phone.getByRole("button", { name: "查看报告" }).click();
    const report = phone.getByTestId("data-report");
    await expect(report.getByRole("heading", { level: 1 })).toHaveText(DEMO_TITLE);
    const advice = report.getByRole("heading", { name: /您对公司还有哪些建议？/ });
    await expect(advice).toBeVisible();
    // The type is named as the designer's palette names it (core's survey/types/names.ts).
    await expect(advice).toContainText("【多行文本】");
    await expect(report.locator('[data-kind="wordCloud"] canvas').first()).toBeAttached();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const pinnedPart = report.getByTestId("report-pinned");
    await expect(pinnedPart.getByRole("heading", { name: pin.data.title })).toBeVisible();
    await expect(pinnedPart.locator("table").first()).toContainText("小计");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(phone, "数据报告（手机）");

    const off = saved();
    await toggle.click();
    await off;
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await phone.reload();
    await expect(phone.getByText("数据报告不存在或分享已关闭")).toBeVisible();

    // The pin leaves the report again (asked first).
    const pins = page.getByTestId("report-pins");
    await pins.getByRole("button", { name: `移除“${pin.data.title}”` }).click();
    const removed = page.waitForResponse((r) => r.url().includes("/statistics/unpinFromReport") && r.ok());
    await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "移除" }).click();
    await removed;
    await expect(pins).not.toContainText(pin.data.title);
  } finally {
    await visitor.close();
  }
});
