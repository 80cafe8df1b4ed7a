import { expect, test } from "@playwright/test";
import { apiLogin, apiUserInfo, DEMO_PERSONAL, latestSmsCode } from "../support/accounts.ts";

test.describe("login screen", () => {
  test("SMS login: request a code, enter it, land on the project list", async ({ page, request }) => {
    // A phone never seen before: the first code login creates the account.
    const phone = "13700000001";
    await page.goto("/Loginone");
    const form = page.getByTestId("sms-login-form");
    await form.getByPlaceholder("请输入手机号").fill(phone);
    await form.getByTestId("send-code").click();
    await expect(page.getByText("验证码已发送，5分钟内有效")).toBeVisible();
    await expect(form.getByTestId("send-code")).toHaveText(/\d+秒后重新获取/);
    await expect(form.getByTestId("send-code")).toBeDisabled();

    const code = await latestSmsCode(request, phone);
    await form.getByPlaceholder("请输入6位验证码").fill(code);
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录 / 注册" }).click();

    await expect(page).toHaveURL(/\/dc\/dclist$/);
    await expect(page.getByTestId("header-avatar")).toContainText(phone);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      userName: localStorage.getItem("userName"),
      isTemplate: localStorage.getItem("isTemplate"),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.isTemplate).toBe("0");
    expect(stored.userName).toBeTruthy();
    expect((await apiUserInfo(request, stored.token ?? "")).data.phone).toBe(phone);
  });

  test("password login with the demo account", async ({ page }) => {
    await page.goto("/loginone");
    await page.getByRole("tab", { name: "密码登录" }).click();
    const form = page.getByTestId("password-login-form");
    await form.getByPlaceholder("请输入手机号").fill(DEMO_PERSONAL.phone);
    await form.getByPlaceholder("请输入密码").fill(DEMO_PERSONAL.password);
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录" }).click();

    await expect(page).toHaveURL(/\/dc\/dclist$/);
    await expect(page.getByTestId("header-avatar")).toContainText(DEMO_PERSONAL.phone);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
  });

  test("login is refused until the agreement is ticked", async ({ page }) => {
    await page.goto("/Loginone");
    await page.getByRole("tab", { name: "密码登录" }).click();
    const form = page.getByTestId("password-login-form");
    await form.getByPlaceholder("请输入手机号").fill(DEMO_PERSONAL.phone);
    await form.getByPlaceholder("请输入密码").fill(DEMO_PERSONAL.password);
    await form.getByRole("button", { name: "登录" }).click();

    await expect(page.getByTestId("agreement-error")).toHaveText(
      "请先阅读并勾选同意《用户协议》和《隐私政策》",
    );
    await expect(page).toHaveURL(/\/Loginone$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    const refusal = page.locator(".ant-message-notice", { hasText: "请先阅读并勾选同意" });
    await expect(refusal).toBeVisible();

    // Ticking and logging in: the refusal toast goes away at once, it does not linger over the list.
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    await expect(page.locator(".ant-message-notice", { hasText: "登录成功" })).toBeVisible();
    await expect(refusal).toHaveCount(0);
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto("/Loginone");
    await page.getByRole("tab", { name: "密码登录" }).click();
    const form = page.getByTestId("password-login-form");
    await form.getByPlaceholder("请输入手机号").fill(DEMO_PERSONAL.phone);
    await form.getByPlaceholder("请输入密码").fill("wrong-password1");
    await page.getByTestId("agreement-check").check();
    await form.getByRole("button", { name: "登录" }).click();

    await expect(page.getByText("手机号或密码错误")).toBeVisible();
    await expect(page).toHaveURL(/\/Loginone$/);
  });

  test("a token in the query string is saved and removed from the address", async ({ page, request }) => {
    const { token } = await apiLogin(request, DEMO_PERSONAL);
    await page.goto(`/dc/personalCenter?type=1&token=${token}`);
    await expect(page).toHaveURL(/\/dc\/personalCenter\?type=1$/);
    await expect(page.getByRole("heading", { name: "个人资料" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
  });
});
