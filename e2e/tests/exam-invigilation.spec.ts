import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { PHONE } from "../support/answer-page.ts";
import { createQuestionnaire, fireAlarmQuestion, unique } from "../support/answering.ts";

/** The 考生名单 the creator imports: two good rows and one without a name (sheet row 4). */
async function candidateFile(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("考生名单");
  sheet.addRow(["姓名", "准考证号", "手机号"]);
  sheet.addRow(["张三丰", "20260001", "13800001111"]);
  sheet.addRow(["李四", "20260002", ""]);
  sheet.addRow(["", "20260003", ""]);
  const file = path.join(dir, "考生名单.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

/** The exam page's heartbeat (core's EXAM_HEARTBEAT_SECONDS): what the server changed reaches the page with the next. */
const HEARTBEAT_MS = 10_000;

/** The candidate's countdown in seconds, read from 「剩余时间 mm:ss」. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer").textContent()) ?? "";
  const match = /剩余时间 (\d+):(\d\d)/.exec(text);
  expect(match, `倒计时：${text}`).not.toBeNull();
  return Number(match?.[1]) * 60 + Number(match?.[2]);
}

const liveRow = (page: Page, name: string): Locator =>
  page.getByTestId("exam-live-table").locator("tr.ant-table-row").filter({ hasText: name });

test("an invigilator watches a proctored exam live: 考生名单, the snapshot in the timeline, 加时 and 结束考试", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = unique("监考考试");
  const q = await createQuestionnaire(request, {
    schemaVersion: 1,
    kind: "exam",
    title,
    pages: [{ id: "p1", questions: [fireAlarmQuestion("q1")] }],
  });

  // 问卷设置: a time limit (takes effect on publish), 考生名单 and 摄像头监考 (apply at once).
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${q.id}`);
  await page.getByRole("tab", { name: "问卷设置" }).click();
  const minutes = page.locator(".dd-field").filter({ hasText: "考试时长（分钟）" }).getByRole("spinbutton");
  await minutes.fill("20");
  await minutes.press("Tab");
  const guard = page.getByTestId("exam-guard-settings");
  await expect(guard.getByRole("switch", { name: "考生水印" })).toBeDisabled();
  await guard.getByRole("switch", { name: "考生名单" }).click();
  await expect(guard.getByRole("switch", { name: "考生水印" })).toBeEnabled();
  await guard.getByRole("switch", { name: "摄像头监考" }).click();
  await expect(guard.getByText("考生须先同意开启摄像头才能开始考试")).toBeVisible();
  await expect(page.getByTestId("settings-save-status")).toHaveAttribute("data-state", "saved", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("save-indicator")).toHaveAttribute("data-state", "saved", {
    timeout: 15_000,
  });
  await page.getByTestId("publish-button").click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();

  // 监考 · 考生名单: import from Excel, with a row error; the list is masked.
  await page.goto(`/dc/result?id=${q.id}&tab=invigilation`);
  const candidates = page.getByTestId("exam-candidates");
  await expect(candidates.getByTestId("candidates-off")).toHaveCount(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-candidates-"));
  await candidates.locator("input[type=file]").setInputFiles(await candidateFile(dir));
  const report = candidates.getByTestId("candidate-import-result");
  await expect(report).toContainText("新增 2 人");
  await expect(report).toContainText("第 4 行");
  const list = candidates.getByTestId("exam-candidate-table");
  await expect(list.locator("tr.ant-table-row")).toHaveCount(2);
  await expect(list).toContainText("张*");
  await expect(list).not.toContainText("张三丰");
  await expect(list).not.toContainText("20260001");
  await expect(list).not.toContainText("13800001111");
  // 查看完整信息 shows one candidate in full (the server logs it).
  await list
    .locator("tr.ant-table-row")
    .filter({ hasText: "****0001" })
    .getByRole("button", { name: "查看完整信息" })
    .click();
  await expect(list).toContainText("张三丰");
  await expect(list).toContainText("13800001111");
  await expect(list).not.toContainText("20260002");
  await expect(page.getByTestId("exam-live")).toContainText("还没有考生开始作答");

  // The candidate, on a phone with a synthetic camera: signs in, consents, starts.
  const phone = await browser.newContext({ ...PHONE, permissions: ["camera"] });
  const candidate = await phone.newPage();
  // The page's clock is Playwright's (at the real pace): where the candidate waits for the next heartbeat, the test
  // runs the page's next 10 s at once instead of waiting them out.
  await candidate.clock.install();
  await candidate.goto(`/r/${q.publicId}`);
  await candidate.getByLabel("准考证号").fill("20260001");
  await candidate.getByLabel("姓名").fill("张三丰");
  await candidate.getByRole("button", { name: "登录考试" }).click();
  await candidate.getByRole("checkbox").check();
  await expect(candidate.getByLabel("摄像头画面预览")).toBeVisible();
  await candidate.getByRole("button", { name: "开始考试" }).click();
  await expect(candidate.getByRole("timer")).toContainText(/剩余时间 (19|20):\d\d/);

  // The invigilator sees them answering within a few seconds (the table polls every 3 s).
  const row = liveRow(page, "张*");
  await expect(row.getByTestId("exam-live-status")).toHaveText("作答中", { timeout: 10_000 });
  await expect(row).toContainText("在线");

  // 时间线: the start and the snapshot, fetched with the session (never a public address).
  await row.getByRole("button", { name: "时间线" }).click();
  const timeline = page.getByTestId("exam-timeline");
  await expect(timeline).toContainText("开始作答");
  const photo = timeline.getByRole("img", { name: "监考抓拍", exact: true });
  await expect(photo).toBeVisible({ timeout: 15_000 });
  expect(await photo.getAttribute("src")).toMatch(/^blob:/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // A picture, not the black of a camera that had no frame yet: Chromium's synthetic camera is bright green.
  const brightness = await photo.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0);
    return sum / (data.length / 4) / 3;
  });
  expect(brightness).toBeGreaterThan(30);
  await page.keyboard.press("Escape");
  await expect(timeline).toBeHidden();

  // 加时 5 分钟: the candidate's countdown follows the server (within a heartbeat) and says so.
  const before = await secondsLeft(candidate);
  await row.getByRole("button", { name: "加时" }).click();
  const dialog = page.getByRole("dialog", { name: /加时/ });
  await expect(dialog.getByRole("spinbutton")).toHaveValue("5");
  await dialog.getByRole("button", { name: "确定加时" }).click();
  await expect(page.getByText(/已为 张\*+ 加时 5 分钟/)).toBeVisible();
  await expect(row).toContainText("加时 5 分钟");
  await candidate.clock.runFor(HEARTBEAT_MS);
  await expect(candidate.getByText(/延长了 5 分钟/)).toBeVisible({ timeout: 20_000 });
  const after = await secondsLeft(candidate);
  // About 5 minutes more, less the seconds that went by meanwhile.
  expect(after - before).toBeGreaterThan(5 * 60 - 30);
  expect(after - before).toBeLessThanOrEqual(5 * 60);

  // 结束考试: the candidate's page says the invigilator ended it, on the thank-you screen of the paper the server
  // handed in (not a closed page without it); the live table says 已交卷.
  await row.getByRole("button", { name: "结束考试" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "结束考试" }).click();
  await expect(row.getByTestId("exam-live-status")).toContainText("已交卷");
  await expect(row).toContainText("监考老师结束");
  await candidate.clock.runFor(HEARTBEAT_MS);
  await expect(candidate.getByText("监考老师已结束您的考试")).toBeVisible({ timeout: 20_000 });
  await expect(candidate.getByTestId("thank-you")).toContainText("交卷成功");
  await expect(candidate.getByTestId("exam-closed")).toHaveCount(0);
  await phone.close();
});
