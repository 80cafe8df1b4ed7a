import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL } from "../support/accounts.ts";
import { card, drawSignature, PHONE, simpleSurvey, tapText } from "../support/answer-page.ts";
import {
  publishQuestionnaire,
  responseCount,
  submitAnswers,
  TINY_PNG,
  unique,
} from "../support/answering.ts";

/**
 * Every page is served with a strict Content-Security-Policy (scripts by origin and nonce only). These
 * journeys use the pages the way a person does and fail on any violation the browser reports: the
 * `securitypolicyviolation` events of the document and the policy errors and warnings Chromium writes to the console.
 */
async function watchPolicy(page: Page) {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (
      // Chromium reports an unknown Permissions-Policy feature as a warning.
      (message.type() === "error" || message.type() === "warning") &&
      /Content.Security.Policy|Refused to|Permissions.Policy/i.test(message.text())
    )
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __policyViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => {
    const violations = await page.evaluate(
      () => (window as unknown as { __policyViolations: string[] }).__policyViolations,
    );
    expect(violations, "securitypolicyviolation").toEqual([]);
    expect(consoleErrors, "console").toEqual([]);
  };
}

function expectStrictPolicy(header: string | undefined) {
  expect(header).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
}

test.describe("content security policy, desktop", () => {
  test("login, the project list with its share QR code, the designer and the charts run without a violation", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = unique("安全策略问卷");
    const q = await publishQuestionnaire(request, simpleSurvey(title));
    await submitAnswers(request, q.publicId, { q1: { optionId: "a" } }, { key: "csp-1" });
    const check = await watchPolicy(page);

    const login = await page.goto("/Loginone");
    expectStrictPolicy(login?.headers()["content-security-policy"]);
    await page.getByRole("tab", { name: "密码登录" }).click();
    const form = page.getByTestId("password-login-form");
    await form.getByPlaceholder("请输入手机号").fill(DEMO_PERSONAL.phone);
    await form.getByPlaceholder("请输入密码").fill(DEMO_PERSONAL.password);
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    await check();

    // 分享: the QR code is a data: image.
    await page.goto(`/dc/dclist?title=${encodeURIComponent(title)}`);
    const item = page.locator(`[data-testid=questionary-card][data-id="${q.id}"]`);
    await item.getByRole("button", { name: "分享" }).click();
    const dialog = page.getByTestId("share-dialog");
    await expect(dialog.getByTestId("share-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect
      .poll(() => dialog.getByTestId("share-qr").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await check();

    // The designer: antd's runtime styles, drag and drop, autosave.
    await page.goto(`/dc/dcDesign?id=${q.id}`);
    await expect(page.getByRole("textbox", { name: "问卷名称" })).toHaveValue(title);
    await expect(page.getByTestId("question-card")).toHaveCount(1);
    await page.getByTestId("palette").locator('[data-type="multiple"]').click();
    await expect(page.getByTestId("question-card")).toHaveCount(2);
    await check();

    // The results: ECharts draws on a canvas.
    await page.goto(`/dc/result?id=${q.id}`);
    const trend = page.getByTestId("overview-tab").getByLabel("每日答卷数趋势图");
    await expect(trend).toHaveAttribute("data-state", "ready");
    await expect(trend.locator("canvas")).toHaveCount(1);
    await check();
  });

  test("the public site hydrates without a violation", async ({ page }) => {
    const check = await watchPolicy(page);
    const home = await page.goto("/website/home");
    expectStrictPolicy(home?.headers()["content-security-policy"]);
    expect(home?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    await expect(page.locator("h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await check();
  });
});

test.describe("content security policy, the respondent page", () => {
  test.use(PHONE);

  test("answer with an upload and a signature, submit, and see the thank-you page without a violation", async ({
    page,
    request,
  }) => {
    const title = unique("安全策略答题");
    const definition = simpleSurvey(title);
    definition.pages[0]?.questions.push(
      {
        id: "photo",
        type: "file",
        title: "上传一张照片",
        config: { accept: ["png", "jpg"], maxSizeMb: 2, maxCount: 1 },
      } as never,
      { id: "sign", type: "signature", title: "请签名确认", required: true, config: { crop: true } } as never,
    );
    const q = await publishQuestionnaire(request, definition);
    const check = await watchPolicy(page);

    const opened = await page.goto(`/r/${q.publicId}`);
    const policy = opened?.headers()["content-security-policy"];
    expectStrictPolicy(policy);
    // The share dialog's embed code frames this page on other sites.
    expect(policy).toContain("frame-ancestors *");
    expect(opened?.headers()["x-frame-options"]).toBeUndefined();
    // Taps count once the logic engine has loaded (openAnswerPage waits the same way).
    await page.locator("html[data-engine=ready]").waitFor({ state: "attached" });

    await tapText(card(page, "q1"), "大二");
    await card(page, "photo").locator('input[type="file"]').setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await expect(card(page, "photo").locator(".wa-file-name")).toHaveText("photo.png");
    await card(page, "sign").getByRole("button", { name: "点击签名" }).tap();
    const sheet = page.getByRole("dialog", { name: "签名" });
    await expect(sheet.locator("canvas")).toBeVisible();
    await drawSignature(page, sheet.locator("canvas"));
    await expect(sheet.locator(".wa-pad")).toHaveAttribute("data-drawn", "true");
    await sheet.getByRole("button", { name: "确定" }).tap();
    const signature = card(page, "sign").getByRole("img", { name: "我的签名" });
    await expect(signature).toHaveAttribute("src", /^\/uploads\//);
    await expect
      .poll(() => signature.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole("button", { name: "提交" }).tap();
    await expect(page.getByTestId("thank-you")).toBeVisible();
    expect(await responseCount(request, q)).toBe(1);
    await check();
  });
});

test.describe("the respondent page without JavaScript", () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test("shows every question, asks to enable JavaScript and shows 提交 disabled", async ({
    page,
    request,
  }) => {
    const title = unique("无脚本问卷");
    const q = await publishQuestionnaire(request, simpleSurvey(title));
    await page.goto(`/r/${q.publicId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(card(page, "q1")).toContainText("您的年级");
    const notice = page.getByRole("alert");
    await expect(notice).toHaveText(
      "本问卷需要启用 JavaScript 才能作答和提交。请在浏览器设置中开启 JavaScript 后刷新本页。",
    );
    const submit = page.getByRole("button", { name: "提交" });
    await expect(submit).toBeVisible();
    await expect(submit).toHaveCSS("pointer-events", "none");
    await expect(submit).toHaveCSS("opacity", "0.45");
    // The notice sits above the form, inside the phone's width.
    const box = await notice.boundingBox();
    expect(box?.y).toBeLessThan((await card(page, "q1").boundingBox())?.y ?? 0);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
  });
});
