import { expect, test } from "@playwright/test";
import { ADMIN, openLoggedIn } from "../support/accounts.ts";
import { simpleSurvey } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

test.use({ viewport: { width: 1440, height: 900 } });

test("an admin takes a questionnaire down, its respondents see the notice, and a restore reopens it", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const title = unique("含违规内容的问卷");
  const q = await publishQuestionnaire(request, simpleSurvey(title));

  // A respondent in another browser context: never logged in.
  const respondent = await browser.newPage();
  await respondent.goto(`/r/${q.publicId}`);
  await expect(respondent.getByRole("heading", { name: title })).toBeVisible();

  await openLoggedIn(page, request, ADMIN, "/dw/survey");
  const screen = page.getByTestId("admin-survey");
  await screen.getByPlaceholder("搜索问卷标题").fill(title);
  await screen.getByPlaceholder("搜索问卷标题").press("Enter");
  const row = screen.getByRole("row").filter({ hasText: title });
  await expect(screen.locator("tbody tr.ant-table-row")).toHaveCount(1);
  await expect(row).toContainText("演示用户");
  await expect(row).toContainText("已发布");

  await row.getByRole("button", { name: "下架" }).click();
  const dialog = page.getByRole("dialog", { name: "下架问卷" });
  // A reason is required.
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toContainText("请填写下架原因");
  await dialog.getByLabel("下架原因").fill("含有违规广告内容");
  await reviewShot(page, { path: testInfo.outputPath("admin-take-down-dialog.png"), animations: "disabled" });
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已下架，答题者打开链接将看到下架提示")).toBeVisible();
  await expect(row).toContainText("已下架");
  await expect(row).toContainText("含有违规广告内容");
  await reviewShot(page, {
    path: testInfo.outputPath("admin-survey-taken-down.png"),
    animations: "disabled",
  });

  // The respondent's page, server-rendered: the notice, no questions, no reason.
  await respondent.goto(`/r/${q.publicId}`);
  const notice = respondent.locator(".wa-status");
  await expect(notice).toHaveAttribute("data-state", "takenDown");
  await expect(notice.getByRole("heading", { level: 1 })).toHaveText("问卷已下架");
  await expect(notice).toContainText("这份问卷已被管理员下架");
  await expect(notice).toContainText(title);
  await expect(respondent.getByText("您的年级")).toHaveCount(0);
  await expect(respondent.getByText("违规广告")).toHaveCount(0);
  await reviewShot(respondent, { path: testInfo.outputPath("respondent-taken-down.png") });

  // The filter finds it among the taken-down ones; 恢复 reopens it for respondents.
  await row.getByRole("button", { name: "恢复" }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已恢复")).toBeVisible();
  await expect(row).not.toContainText("已下架");
  await respondent.goto(`/r/${q.publicId}`);
  await expect(respondent.getByRole("heading", { name: title })).toBeVisible();
  await expect(respondent.getByText("您的年级")).toBeVisible();

  // The audit log has both changes, with what was before and after.
  await page.getByTestId("admin-menu").getByRole("link", { name: "操作日志" }).click();
  const audit = page.getByTestId("admin-audit");
  const rows = audit.locator("tbody tr.ant-table-row").filter({ hasText: String(q.id) });
  await expect(rows.filter({ hasText: "下架" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "恢复" })).toHaveCount(1);
  await rows.filter({ hasText: "下架" }).locator(".ant-table-row-expand-icon").click();
  await expect(audit.getByTestId("audit-detail").first()).toContainText("含有违规广告内容");
  await respondent.close();
});
