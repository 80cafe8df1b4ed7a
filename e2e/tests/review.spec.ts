import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { card, PHONE } from "../support/answer-page.ts";
import { createQuestionnaire, nameForm, submitAnswers, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

// 审核 (issue #41): the creator turns on 提交后需审核 in 问卷设置; a respondent on a phone submits, reads the review
// note and opens the receipt (待审核); the creator rejects that response with a reason and approves another on the
// answers tab; the respondent's receipt then says 未通过 with the reason.

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a submission waits for review, is rejected with a reason, and the receipt says so", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const q = await createQuestionnaire(request, nameForm(unique("社团报名审核")));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${q.id}`);
  await page.getByRole("tab", { name: "问卷设置" }).click();
  const status = page.getByTestId("settings-save-status");
  await expect(status).toBeVisible();
  await page.getByLabel("提交后需审核").click();
  await expect(status).toHaveAttribute("data-state", "saved");
  await expect(page.getByLabel("提交后的审核提示")).toHaveValue("您的提交将在审核后生效");
  await page.getByTestId("publish-button").click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  // Someone else's response, approved below.
  await submitAnswers(request, q.publicId, { q1: "李四" }, { key: unique("review-other") });

  // The respondent, on a phone.
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const respondent = await phone.newPage();
  await respondent.goto(`/r/${q.publicId}`);
  await respondent.locator("html[data-engine=ready]").waitFor({ state: "attached" });
  await card(respondent, "q1").locator("input").fill("欧阳明");
  const stored = respondent.waitForResponse((r) => r.url().includes("/anQuestion/questionAnswer"));
  await respondent.getByRole("button", { name: "提交" }).tap();
  expect((await (await stored).json()).code).toBe(200);
  await expect(respondent.getByTestId("review-note")).toHaveText("您的提交将在审核后生效");
  await respondent.getByTestId("receipt-link").tap();
  const receipt = respondent.getByTestId("receipt-page");
  await expect(receipt.getByTestId("receipt-review")).toContainText("待审核");
  await noSidewaysScroll(respondent);
  const receiptUrl = respondent.url();

  // The creator decides on the answers tab.
  await page.goto(`/dc/result?id=${q.id}&tab=answers`);
  const tab = page.getByTestId("answers-tab");
  const row = (name: string) => tab.locator("tr", { hasText: name });
  await expect(row("欧阳明").getByTestId("review-tag")).toHaveText("待审核");
  await expect(row("李四").getByTestId("review-tag")).toHaveText("待审核");

  await row("欧阳明").getByRole("button", { name: "拒绝" }).click();
  const dialog = page.getByRole("dialog", { name: "拒绝这份答卷" });
  await dialog.getByRole("button", { name: "拒绝" }).click();
  await expect(dialog).toContainText("请填写拒绝原因");
  await dialog.getByLabel("拒绝原因").fill("资料不全，请补充学号");
  const rejected = page.waitForResponse((r) => r.url().includes("/answer/rejectAnswers"));
  await dialog.getByRole("button", { name: "拒绝" }).click();
  expect((await (await rejected).json()).code).toBe(200);
  await expect(row("欧阳明").getByTestId("review-tag")).toHaveText("未通过");

  const approved = page.waitForResponse((r) => r.url().includes("/answer/approveAnswers"));
  await row("李四").getByRole("button", { name: "通过" }).click();
  expect((await (await approved).json()).code).toBe(200);
  await expect(row("李四").getByTestId("review-tag")).toHaveText("已通过");
  await reviewShot(page, { path: test.info().outputPath("answers-1280.png") });

  // The respondent's receipt follows.
  await respondent.goto(receiptUrl);
  const review = respondent.getByTestId("receipt-review");
  await expect(review).toContainText("未通过审核");
  await expect(review).toContainText("原因：资料不全，请补充学号");
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("receipt-390.png") });
  await phone.close();
});
