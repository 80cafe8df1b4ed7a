import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiLogin, DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { card, handIn, openAnswerPage, PHONE, tapText } from "../support/answer-page.ts";
import { unique } from "../support/answering.ts";

/** Eight single-choice rows under the headers of the downloaded 导入模板 (its example rows left out). */
async function filledTemplate(path: string): Promise<Buffer> {
  const template = new ExcelJS.Workbook();
  await template.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const headers = template.worksheets[0]?.getRow(1).values as string[] | undefined;
  expect(headers?.slice(1)).toEqual(["题目", "题型", "选项", "答案", "分值", "解析", "标签", "难度"]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("题库");
  sheet.addRow(headers?.slice(1) ?? []);
  for (let i = 1; i <= 8; i++)
    sheet.addRow([`安全常识第${i}题`, "单选题", "甲|乙|丙", "A", "5", "", "安全", "简单"]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The drawn questions (their bank ids) a phone sees on /r/{id}, in order; then it answers them and hands the paper in. */
async function answerOnPhone(browser: Browser, publicId: string): Promise<string[]> {
  const context = await browser.newContext(PHONE);
  const page: Page = await context.newPage();
  await openAnswerPage(page, publicId);
  const drawn = page.locator('[id^="q-bank_"]');
  await expect(drawn).toHaveCount(4);
  const ids = await drawn.evaluateAll((nodes) => nodes.map((node) => node.id.replace(/^q-/, "")));
  await card(page, "name").getByRole("textbox").fill("考生甲");
  for (const id of ids) await tapText(card(page, id), "甲");
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
  await handIn(page);
  await expect(page.getByTestId("thank-you")).toBeVisible();
  await context.close();
  return ids;
}

test("a bank imported from the template feeds a random exam: two phones get two papers, the report card downloads as PDF", async ({
  page,
  request,
  browser,
}) => {
  const bankName = unique("安全题库");
  await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/questionBank");
  await page.getByLabel("新题库名称").fill(bankName);
  await page.getByRole("button", { name: "新建题库" }).click();
  const row = page.getByRole("row").filter({ hasText: bankName });
  await expect(row).toBeVisible();
  const templateDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "下载导入模板" }).click();
  const template = await (await templateDownload).path();
  await row.locator('input[type="file"]').setInputFiles({
    name: "题库.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await filledTemplate(template),
  });
  await expect(page.getByText("已导入 8 道题")).toBeVisible();

  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const title = unique("随机组卷考试");
  const created = await (
    await request.post("/wjgj/api/questionary/addQuestionary", {
      headers: { token },
      data: {
        kind: "exam",
        title,
        definition: {
          schemaVersion: 1,
          kind: "exam",
          title,
          pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "姓名", config: {} }] }],
        },
      },
    })
  ).json();
  expect(created.code, created.msg).toBe(200);
  const { id, publicId } = created.data as { id: number; publicId: string };

  await page.goto(`/dc/dcDesign?id=${id}`);
  await page.getByRole("tab", { name: "问卷设置" }).click();
  await page.getByRole("button", { name: "添加抽题规则" }).click();
  const rule = page.getByRole("group", { name: "第1条规则" });
  await rule.getByLabel("第1条规则题库").click();
  await page.locator(".ant-select-item-option", { hasText: bankName }).click();
  await rule.getByLabel("第1条规则抽题数").fill("9");
  await rule.getByLabel("第1条规则抽题数").press("Tab");
  await expect(rule.getByRole("alert")).toHaveText(
    `第1条规则：题库「${bankName}」中题目只有8道，少于抽题数9道`,
  );
  await rule.getByLabel("第1条规则抽题数").fill("4");
  await rule.getByLabel("第1条规则抽题数").press("Tab");
  await rule.getByLabel("第1条规则每题分值").fill("5");
  await rule.getByLabel("第1条规则每题分值").press("Tab");
  await expect(page.getByText("每份试卷抽 4 题，共 20 分。")).toBeVisible();
  await expect(rule.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("save-indicator")).toHaveAttribute("data-state", "saved", {
    timeout: 15_000,
  });
  await page.getByTestId("publish-button").click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();

  // 8 questions, 4 drawn and shuffled: two candidates see the same paper once in 1,680.
  const first = await answerOnPhone(browser, publicId);
  const second = await answerOnPhone(browser, publicId);
  expect(second).not.toEqual(first);

  await page.goto(`/dc/result?id=${id}&tab=exam`);
  await expect(page.getByRole("button", { name: "编辑考试" })).toBeVisible();
  const ranking = page.getByTestId("exam-tab").locator(".ant-card", { hasText: "成绩排名" });
  await expect(ranking.locator("tbody tr.ant-table-row")).toHaveCount(2);
  // Both answered 甲, the key of all eight 安全 questions: 2 candidates, 8 questions, every point.
  const safety = page.getByTestId("exam-tags").locator("tr.ant-table-row", { hasText: "安全" });
  await expect(safety.getByRole("cell")).toHaveText(["安全", "2", "8", "40 / 40", "100%"], {
    useInnerText: true,
  });
  await expect(safety.getByRole("progressbar", { name: "安全掌握率" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  // 各题正确率 lists every bank question either paper drew, marked 抽题, all answered right.
  const perQuestion = page.getByTestId("exam-tab").locator(".ant-card", { hasText: "各题正确率" });
  const drawnRows = perQuestion.locator("tbody tr.ant-table-row", { hasText: "抽题" });
  await expect(drawnRows).toHaveCount(new Set([...first, ...second]).size);
  await expect(drawnRows.first()).toContainText("100%");
  // On a phone the counts move under the tag and the card fits the screen.
  await page.setViewportSize(PHONE.viewport);
  await expect(safety.getByRole("cell")).toHaveText([/^安全\s*2人 · 8题次$/, "40 / 40", "100%"], {
    useInnerText: true,
  });
  // The chart redraws for the new width on its own resize observer: wait for the page to settle at 390.
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth))
    .toBe(PHONE.viewport.width);
  await page.setViewportSize({ width: 1280, height: 720 });
  const pdfDownload = page.waitForEvent("download");
  await ranking
    .getByRole("button", { name: /的成绩单/ })
    .first()
    .click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");
});
