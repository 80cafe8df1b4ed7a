import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, latestSmsCode, openLoggedIn } from "../support/accounts.ts";
import { card, PHONE } from "../support/answer-page.ts";
import { publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { reviewShot } from "../support/shots.ts";

// Respondents' rights (issue #36): a respondent on a phone submits, opens the receipt the thank-you screen links,
// finds the same response again with a code sent to their phone, and asks for its deletion; the owner approves it
// on the answers tab; the receipt then says it is gone.

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a respondent finds their response, asks to delete it, and the owner deletes it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const mobile = `139${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const title = unique("删除申请");
  const q = await publishQuestionnaire(request, {
    schemaVersion: 1,
    kind: "form",
    title,
    pages: [
      {
        id: "p1",
        questions: [
          { id: "name", type: "personal", title: "姓名", required: true, config: { preset: "name" } },
          { id: "phone", type: "personal", title: "手机号", required: true, config: { preset: "mobile" } },
        ],
      },
    ],
  });

  // Someone else's response stays.
  await submitAnswers(request, q.publicId, { name: "李四", phone: "13800000077" }, { key: "rights-other" });
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const respondent = await phone.newPage();
  await respondent.goto(`/r/${q.publicId}`);
  await respondent.locator("html[data-engine=ready]").waitFor({ state: "attached" });
  await card(respondent, "name").locator("input").fill("欧阳明");
  await card(respondent, "phone").locator("input").fill(mobile);
  const stored = respondent.waitForResponse((r) => r.url().includes("/anQuestion/questionAnswer"));
  await respondent.getByRole("button", { name: "提交" }).tap();
  expect((await (await stored).json()).code).toBe(200);
  await expect(respondent.getByTestId("thank-you")).toBeVisible();

  // The receipt: the answers in full.
  await respondent.getByTestId("receipt-link").tap();
  const receipt = respondent.getByTestId("receipt-page");
  await expect(receipt).toContainText(mobile);
  await expect(receipt).toContainText("欧阳明");
  const receiptUrl = respondent.url();
  await noSidewaysScroll(respondent);
  await expectNoSeriousViolations(respondent, "我的答卷");

  // Without the link: the same response found by a code sent to the phone.
  await respondent.goto(`/mine/${q.publicId}`);
  // Named on arrival, before any code.
  await expect(respondent.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(respondent.getByLabel("手机号")).toBeVisible();
  await expectNoSeriousViolations(respondent, "查找我的答卷");
  await respondent.getByLabel("手机号").fill(mobile);
  await respondent.getByRole("button", { name: "获取验证码" }).tap();
  await expect(respondent.getByRole("button", { name: /秒后重新获取/ })).toBeVisible();
  await respondent.getByLabel("验证码").fill(await latestSmsCode(request, mobile));
  await respondent.getByRole("button", { name: "查询" }).tap();
  await respondent.getByRole("link", { name: /的答卷$/ }).tap();
  await expect(respondent.getByTestId("receipt-page")).toContainText(mobile);
  expect(respondent.url()).toBe(receiptUrl);

  await respondent.getByRole("button", { name: "申请删除" }).tap();
  await respondent.getByLabel("删除原因（选填）").fill("不想保留");
  const asked = respondent.waitForResponse((r) => r.url().includes("/anQuestion/requestErasure"));
  await respondent.getByRole("button", { name: "提交申请" }).tap();
  expect((await (await asked).json()).code).toBe(200);
  await expect(receipt).toContainText("删除申请已提交，等待问卷发布者处理");
  await reviewShot(respondent, { path: test.info().outputPath("receipt-390.png") });

  // The owner approves on the answers tab.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=answers`);
  await page.getByTestId("erasure-requests-button").click();
  const drawer = page.getByTestId("erasure-requests");
  await expect(drawer).toContainText("不想保留");
  await drawer.getByRole("button", { name: "同意删除" }).click();
  const handled = page.waitForResponse((r) => r.url().includes("/answer/handleErasureRequest"));
  await page.locator(".ant-popconfirm").getByRole("button", { name: "删除" }).click();
  expect((await (await handled).json()).code).toBe(200);
  await expect(drawer).toContainText("已删除");
  await expectNoSeriousViolations(page, "删除申请");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("answers-tab")).toContainText("共 1 份");

  await respondent.reload();
  await expect(respondent.getByTestId("receipt-page")).toContainText("这份答卷已于");
  await expect(respondent.getByTestId("receipt-page")).not.toContainText(mobile);
  await phone.close();
});
