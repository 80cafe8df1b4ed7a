import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { card, PHONE, simpleSurvey, tapText } from "../support/answer-page.ts";
import { createQuestionnaire, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";
import { actAsWeChatUser, WECHAT_USER_AGENT } from "../support/wechat.ts";

// Respondents as WeChat users (issue #39): the creator switches on 仅限微信作答 and 记录微信昵称头像 in 问卷设置; a
// respondent inside WeChat goes through the 公众号's authorisation (the local fake WeChat) without noticing and
// answers; the creator reads their WeChat nickname on the response; a browser outside WeChat is told to open the
// link in WeChat, with its QR code.

const CHROME_PHONE_UA =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a WeChat user answers a WeChat-only questionnaire and the creator sees their nickname", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = String(test.info().project.use.baseURL);
  const title = unique("微信作答");
  const q = await createQuestionnaire(request, simpleSurvey(title));

  // The creator, on a computer: 问卷设置 · 微信作答.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${q.id}`);
  await page.getByRole("tab", { name: "问卷设置" }).click();
  const status = page.getByTestId("settings-save-status");
  await expect(status).toBeVisible();
  await expect(page.getByRole("heading", { name: "微信作答" })).toBeVisible();
  await page.getByLabel("仅限微信作答").click();
  await expect(status).toHaveAttribute("data-state", "saved");
  await page.getByLabel("记录微信昵称头像").click();
  await expect(status).toHaveAttribute("data-state", "saved");
  await page.getByRole("heading", { name: "微信作答" }).scrollIntoViewIfNeeded();
  await reviewShot(page, { path: test.info().outputPath("settings-1280.png") });
  await page.getByTestId("publish-button").click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  // A respondent inside WeChat, on a phone: authorised on the way in, then the questions.
  const wechat = await browser.newContext({ ...PHONE, userAgent: WECHAT_USER_AGENT, baseURL });
  await actAsWeChatUser(wechat, baseURL, { id: `u${Date.now().toString(36)}`, nickname: "小王同学" });
  const respondent = await wechat.newPage();
  await respondent.goto(`/r/${q.publicId}`);
  // Back on the questionnaire (the browser keeps WeChat's #wechat_redirect across the redirects, as WeChat's does).
  await expect(respondent).toHaveURL(new RegExp(`/r/${q.publicId}(#wechat_redirect)?$`));
  await respondent.locator("html[data-engine=ready]").waitFor({ state: "attached" });
  await noSidewaysScroll(respondent);
  await tapText(card(respondent, "q1"), "大二");
  await reviewShot(respondent, { path: test.info().outputPath("wechat-answer-390.png") });
  const stored = respondent.waitForResponse((r) => r.url().includes("/anQuestion/questionAnswer"));
  await respondent.getByRole("button", { name: "提交" }).tap();
  expect((await (await stored).json()).code).toBe(200);
  await expect(respondent.getByTestId("thank-you")).toBeVisible();
  // The page's scripts never see who the respondent is in WeChat.
  expect(await respondent.evaluate(() => document.cookie)).not.toContain("wjgj_wxid");
  await wechat.close();

  // Someone in WeChat who refuses the authorisation: told why, with a way to try again.
  const refusing = await browser.newContext({ ...PHONE, userAgent: WECHAT_USER_AGENT, baseURL });
  const refuser = await refusing.newPage();
  await refuser.goto(`/r/${q.publicId}`);
  await expect(refuser.getByRole("heading", { name: "未完成微信授权" })).toBeVisible();
  await expect(refuser.getByText("您未同意微信授权，无法作答本问卷")).toBeVisible();
  await expect(refuser.getByRole("link", { name: "重新打开问卷" })).toHaveAttribute(
    "href",
    `/r/${q.publicId}`,
  );
  await noSidewaysScroll(refuser);
  await reviewShot(refuser, { path: test.info().outputPath("refused-390.png") });
  await refusing.close();

  // The same link in a phone browser outside WeChat: open it in WeChat, with the QR code.
  const outside = await browser.newContext({ ...PHONE, userAgent: CHROME_PHONE_UA, baseURL });
  const stranger = await outside.newPage();
  await stranger.goto(`/r/${q.publicId}`);
  await expect(stranger.getByRole("heading", { name: "请在微信中打开" })).toBeVisible();
  await expect(stranger.getByText("该问卷仅限在微信中作答，请用微信扫码或在微信中打开链接")).toBeVisible();
  await expect(stranger.getByRole("img", { name: "问卷链接二维码" })).toBeVisible();
  await expect(stranger.getByText(`/r/${q.publicId}`)).toBeVisible();
  await noSidewaysScroll(stranger);
  await reviewShot(stranger, { path: test.info().outputPath("outside-wechat-390.png") });
  await stranger.setViewportSize({ width: 1280, height: 900 });
  await reviewShot(stranger, { path: test.info().outputPath("outside-wechat-1280.png") });
  await outside.close();

  // The creator reads the response: the WeChat nickname beside the rest.
  await page.goto(`/dc/result?id=${q.id}&tab=answers`);
  await page.getByTestId("answers-tab").getByRole("button", { name: "查看" }).first().click();
  const shown = page.getByTestId("answer-drawer").getByTestId("answer-wechat");
  await expect(shown).toContainText("小王同学");
  await expect(shown.getByRole("img", { name: "微信头像", includeHidden: true })).toHaveCount(1);
  await reviewShot(page, { path: test.info().outputPath("viewer-1280.png") });
});
