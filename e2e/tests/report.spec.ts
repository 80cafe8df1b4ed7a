import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { DEMO_TITLE, demoSurveyId } from "../support/demo.ts";

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
  await expect(row).toContainText("分析报告（PDF）");
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
  await page.screenshot({ path: "/tmp/report-pages-1280.png" });
});
