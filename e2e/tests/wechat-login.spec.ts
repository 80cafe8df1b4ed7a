import { expect, type Page, test } from "@playwright/test";
import { apiUserInfo, latestSmsCode } from "../support/accounts.ts";
import { OTHER_LOGIN_SECRET, signRequestParam } from "../support/partner.ts";
import { reviewShot } from "../support/shots.ts";
import { actAsWeChatUser, WECHAT_USER_AGENT } from "../support/wechat.ts";

/** A WeChat user of the fake nobody else uses (the fake's ids: letters, digits, - and _). */
const wechatUser = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const newPhone = () => `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function bindPhone(page: Page, request: Parameters<typeof latestSmsCode>[0], phone: string) {
  const step = page.getByTestId("wechat-bind-phone");
  await expect(step.getByRole("heading", { name: "绑定手机号" })).toBeVisible();
  await step.getByPlaceholder("请输入手机号").fill(phone);
  await step.getByTestId("send-code").click();
  await expect(page.getByText("验证码已发送，5分钟内有效")).toBeVisible();
  await step.getByPlaceholder("请输入6位验证码").fill(await latestSmsCode(request, phone));
  await page.getByTestId("agreement-check").check();
  await step.getByRole("button", { name: "绑定并登录" }).click();
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

test.describe("微信扫码登录 on a computer", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("scan, bind a new phone, land signed in; next time straight in; unbind in 个人中心", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const who = wechatUser("scan");
    await actAsWeChatUser(context, baseURL ?? "", { id: who, nickname: "扫码用户" });
    await page.goto("/Loginone");
    await page.getByRole("tab", { name: "微信登录" }).click();
    const qr = page.frameLocator('[data-testid="wechat-qr-frame"]');
    await expect(qr.getByText("请使用微信扫描二维码登录")).toBeVisible();
    await reviewShot(page, { path: test.info().outputPath("wechat-qr-1280.png") });
    await qr.getByRole("link", { name: "模拟扫码确认（扫码用户）" }).click();

    // First time: the 绑定手机号 step, and the ticket already gone from the address.
    await expect(page.getByTestId("wechat-bind-phone")).toBeVisible();
    expect(page.url()).not.toContain("wxbind");
    await reviewShot(page, { path: test.info().outputPath("wechat-bind-1280.png") });
    const phone = newPhone();
    await bindPhone(page, request, phone);
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    const token = await tokenOf(page);
    expect((await apiUserInfo(request, token ?? "")).data).toMatchObject({ phone, nickName: "扫码用户" });

    // Signed out, the same WeChat goes straight in.
    await page.evaluate(() => localStorage.clear());
    await page.goto("/Loginone");
    await page.getByRole("tab", { name: "微信登录" }).click();
    await page
      .frameLocator('[data-testid="wechat-qr-frame"]')
      .getByRole("link", { name: /模拟扫码确认/ })
      .click();
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    const again = await tokenOf(page);
    expect(again).toBeTruthy();
    expect(again).not.toBe(token);
    expect((await apiUserInfo(request, again ?? "")).data.phone).toBe(phone);

    // 个人中心 shows the WeChat and unbinds it.
    await page.goto("/dc/personalCenter?type=1");
    const card = page.getByTestId("wechat-card");
    await expect(card).toContainText("已绑定微信：扫码用户");
    await card.scrollIntoViewIfNeeded();
    await reviewShot(page, { path: test.info().outputPath("wechat-card-1280.png"), fullPage: true });
    await card.getByTestId("wechat-unbind").click();
    await page.getByRole("button", { name: "解除绑定" }).last().click();
    await expect(page.getByText("已解除微信绑定")).toBeVisible();
    await expect(card).toContainText("未绑定微信");

    // And binds it again from 个人中心: the QR code in a dialog, back to 个人中心 with the result.
    await card.getByTestId("wechat-bind").click();
    const dialog = page.getByRole("dialog", { name: "微信扫码绑定" });
    const dialogQr = dialog.frameLocator('[data-testid="wechat-qr-frame"]');
    await expect(dialogQr.getByText("请使用微信扫描二维码登录")).toBeVisible();
    await reviewShot(page, { path: test.info().outputPath("wechat-bind-dialog-1280.png") });
    await dialogQr.getByRole("link", { name: /模拟扫码确认/ }).click();
    await expect(page.getByText("微信绑定成功")).toBeVisible();
    await expect(page).toHaveURL(/\/dc\/personalCenter\?type=1$/);
    await expect(page.getByTestId("wechat-card")).toContainText("已绑定微信：扫码用户");
  });

  test("an authorisation that failed says why in Chinese", async ({ page }) => {
    await page.goto("/Loginone?wxerror=wechatStateInvalid");
    await expect(page.getByTestId("wechat-error")).toHaveText(
      "微信授权已失效或不是在本浏览器发起的，请重新扫码",
    );
    expect(page.url()).not.toContain("wxerror");
    // A callback with a state this browser never asked for is refused the same way.
    await page.goto("/wjgj/api/wechat/loginCallback?code=abc&state=forged-state-value-0123456789");
    await expect(page).toHaveURL(/\/Loginone$/);
    await expect(page.getByTestId("wechat-error")).toContainText("微信授权已失效");
  });
});

test.describe("/Loginone on a phone's browser (outside WeChat)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the QR tab and a cancelled authorisation fit the phone", async ({ page }) => {
    await page.goto("/Loginone?wxerror=wechatCancelled");
    await expect(page.getByTestId("wechat-error")).toHaveText("你已取消微信授权，可重新扫码或换用手机号登录");
    await expect(page.getByTestId("wechat-one-tap")).toHaveCount(0);
    await page.getByRole("tab", { name: "微信登录" }).click();
    await expect(
      page.frameLocator('[data-testid="wechat-qr-frame"]').getByText("请使用微信扫描二维码登录"),
    ).toBeVisible();
    await reviewShot(page, { path: test.info().outputPath("wechat-qr-390.png"), fullPage: true });
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
  });
});

test.describe("微信一键登录 inside WeChat's browser", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: WECHAT_USER_AGENT,
    isMobile: true,
    hasTouch: true,
  });

  test("one tap, bind an existing account by its phone, land signed in", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // An account that exists already, with its phone (made by a partner platform's login, which sends no SMS:
    // the bind step's code may then be sent at once, not a minute later).
    const phone = newPhone();
    const requestParam = signRequestParam(OTHER_LOGIN_SECRET, {
      platformUserId: wechatUser("p"),
      nickName: "原有账号",
      phone,
    });
    const partner = await request.post("/wjgj/api/user/fromOtherLogin", {
      form: { requestParam, fromType: "3" },
    });
    expect((await partner.json()).code).toBe(200);

    await actAsWeChatUser(context, baseURL ?? "", { id: wechatUser("oa") });
    await page.goto("/Loginone");
    // Inside WeChat: no QR tab, one button.
    await expect(page.getByRole("tab", { name: "验证码登录" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "微信登录" })).toHaveCount(0);
    const oneTap = page.getByTestId("wechat-one-tap");
    await expect(oneTap).toHaveText("微信一键登录");
    await reviewShot(page, { path: test.info().outputPath("wechat-one-tap-390.png"), fullPage: true });
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
    await page.getByTestId("agreement-check").check();
    await oneTap.click();

    await expect(page.getByTestId("wechat-bind-phone")).toBeVisible();
    await reviewShot(page, { path: test.info().outputPath("wechat-bind-390.png"), fullPage: true });
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
    await bindPhone(page, request, phone);
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    const info = await apiUserInfo(request, (await tokenOf(page)) ?? "");
    // The existing account (its own nickname), not a new one.
    expect(info.data).toMatchObject({ phone, nickName: "原有账号" });

    await page.goto("/dc/personalCenter?type=1");
    await expect(page.getByTestId("wechat-card")).toContainText("已绑定微信");
    await page.getByTestId("wechat-card").scrollIntoViewIfNeeded();
    await reviewShot(page, { path: test.info().outputPath("wechat-card-390.png") });
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
  });
});
