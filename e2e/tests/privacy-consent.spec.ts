import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn, openTeamDialog } from "../support/accounts.ts";
import { card, PHONE, simpleSurvey, tapText } from "../support/answer-page.ts";
import {
  createQuestionnaire,
  publishQuestionnaire,
  submitAnswers,
  unique,
  updateSettings,
} from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { reviewShot } from "../support/shots.ts";

// 同意隐私政策 and 答卷保留期限 (issue #36): the creator switches consent on in 问卷设置 and writes the notice; a respondent on a phone
// cannot reach the questions before agreeing, and their response keeps the version they agreed to, which the
// creator reads in 答卷详情.

const NOTICE = "本问卷仅用于课程满意度统计，您的信息不会提供给第三方。";

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("consent is asked before answering, and the creator sees it on the response", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = unique("隐私同意");
  const q = await createQuestionnaire(request, simpleSurvey(title));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${q.id}`);
  await page.getByRole("tab", { name: "问卷设置" }).click();
  const status = page.getByTestId("settings-save-status");
  await expect(status).toBeVisible();
  await page.getByLabel("答题前需同意隐私政策").click();
  await expect(status).toHaveAttribute("data-state", "saved");
  await page.getByLabel("隐私说明").fill(NOTICE);
  await expect(status).toHaveAttribute("data-state", "saved");
  // 答卷保留期限 beside it: on, 30 days, and the note says when.
  await page.getByLabel("答卷保留期限").click();
  await expect(status).toHaveAttribute("data-state", "saved");
  await page.getByLabel("收集结束后保留天数").fill("30");
  await expect(status).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("retention-note")).toContainText("停止收集（或到达结束时间）30 天后处理");
  await reviewShot(page, { path: test.info().outputPath("settings-1280.png") });
  await page.getByTestId("publish-button").click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  // The respondent, on a phone.
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const respondent = await phone.newPage();
  await respondent.goto(`/r/${q.publicId}`);
  const gate = respondent.getByTestId("consent-gate");
  await expect(gate).toContainText(NOTICE);
  await expect(respondent.locator("#q-q1")).toHaveCount(0);
  const start = gate.getByRole("button", { name: "同意并开始填写" });
  await expect(start).toBeDisabled();
  await noSidewaysScroll(respondent);
  await expectNoSeriousViolations(respondent, "同意隐私政策");
  await reviewShot(respondent, { path: test.info().outputPath("consent-390.png") });
  await gate.getByLabel("我已阅读并同意").check();
  await start.tap();
  await respondent.locator("html[data-engine=ready]").waitFor({ state: "attached" });
  await tapText(card(respondent, "q1"), "大二");
  const stored = respondent.waitForResponse((r) => r.url().includes("/anQuestion/questionAnswer"));
  await respondent.getByRole("button", { name: "提交" }).tap();
  expect((await (await stored).json()).code).toBe(200);
  await expect(respondent.getByTestId("thank-you")).toBeVisible();
  await phone.close();

  // The creator reads the response and the words agreed to.
  await page.goto(`/dc/result?id=${q.id}&tab=answers`);
  await page.getByTestId("answers-tab").getByRole("button", { name: "查看" }).first().click();
  const consent = page.getByTestId("answer-drawer").getByTestId("answer-consent");
  await expect(consent).toContainText("已同意 · 第");
  await expect(consent).toContainText(NOTICE);
});

test("a page opened before the notice changed asks again on submit", async ({ browser, request }) => {
  const q = await publishQuestionnaire(request, simpleSurvey(unique("隐私更新")), {
    privacyConsent: { required: true, text: "第一版说明" },
  });
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await phone.newPage();
  await page.goto(`/r/${q.publicId}`);
  await page.getByTestId("consent-gate").getByLabel("我已阅读并同意").check();
  await page.getByRole("button", { name: "同意并开始填写" }).tap();
  await page.locator("html[data-engine=ready]").waitFor({ state: "attached" });
  await tapText(card(page, "q1"), "大一");
  await updateSettings(request, q, { privacyConsent: { required: true, text: "第二版说明" } });
  await page.getByRole("button", { name: "提交" }).tap();
  const gate = page.getByTestId("consent-gate");
  await expect(gate).toContainText("第二版说明");
  await expect(gate.getByRole("alert")).toHaveText("隐私政策已更新，请重新阅读并同意后再提交");
  await gate.getByLabel("我已阅读并同意").check();
  await page.getByRole("button", { name: "同意并开始填写" }).tap();
  await page.locator("html[data-engine=ready]").waitFor({ state: "attached" });
  await phone.close();
});

// 查看完整信息: a phone number is masked in the list and the viewer until the owner reveals it, and the reveal is
// in the team's 动态 with the response.
test("the owner reveals a masked phone, and the reveal is logged", async ({ page, request }) => {
  const q = await publishQuestionnaire(request, {
    schemaVersion: 1,
    kind: "form",
    title: unique("查看完整信息"),
    pages: [
      {
        id: "p1",
        questions: [
          { id: "phone", type: "personal", title: "手机号", required: true, config: { preset: "mobile" } },
        ],
      },
    ],
  });
  await submitAnswers(request, q.publicId, { phone: "13912345678" }, { key: "reveal-1" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=answers`);
  const table = page.getByTestId("answers-tab");
  await expect(table).toContainText("139****5678");
  await expect(table).not.toContainText("13912345678");
  await table.getByRole("button", { name: "查看" }).first().click();
  const drawer = page.getByTestId("answer-drawer");
  await expect(drawer.locator('[data-question="phone"]')).toContainText("139****5678");
  // The IP address is masked too until the reveal.
  await expect(drawer.getByText(/^\d+\.\d+\.\*\.\*$/)).toBeVisible();
  const revealed = page.waitForResponse((r) => r.url().includes("/answer/revealPersonal") && r.ok());
  await page.getByRole("button", { name: "查看完整信息" }).click();
  await revealed;
  await expect(drawer.locator('[data-question="phone"]')).toContainText("13912345678");
  await expect(page.getByRole("button", { name: "查看完整信息" })).toHaveCount(0);
  await expect(drawer.getByText(/^\d+\.\d+\.\*\.\*$/)).toHaveCount(0);
  await page.keyboard.press("Escape");
  // Files are masked too; the owner may ask for one in full (logged).
  await page.goto(`/dc/result?id=${q.id}&tab=export`);
  await expect(page.getByTestId("export-full-personal")).toBeVisible();
  await expect(page.getByTestId("export-tab")).toContainText("默认脱敏");

  await page.goto(`/dc/dcDesign?id=${q.id}`);
  const dialog = await openTeamDialog(page, page.getByTestId("designer-team-button"));
  await dialog.getByRole("tab", { name: "动态" }).click();
  await expect(dialog.getByTestId("team-activity")).toContainText("查看完整个人信息");
  await expect(dialog.getByTestId("team-activity")).toContainText("答卷");
});
