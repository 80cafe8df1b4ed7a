import { expect, test } from "@playwright/test";
import { apiUserInfo, latestSmsCode, TOKEN_PAGE } from "../support/accounts.ts";
import { apiPartnerLogin } from "../support/partner.ts";

test.describe("/ConfirmPhone", () => {
  test("without a session it sends to the login screen and back", async ({ page }) => {
    await page.goto("/ConfirmPhone");
    await expect(page).toHaveURL(/\/Loginone\?redirect=%2FConfirmPhone$/);
  });

  test("binds a phone with a code and goes to the project list", async ({ page, request }) => {
    const token = await apiPartnerLogin(request, "confirm-phone-1");
    const newPhone = "13700000003";
    await page.goto(TOKEN_PAGE);
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    await page.goto("/ConfirmPhone");

    const form = page.getByTestId("confirm-phone-form");
    await form.getByPlaceholder("请输入手机号").fill(newPhone);
    await form.getByTestId("send-code").click();
    await expect(form.getByTestId("send-code")).toHaveText(/\d+秒后重新获取/);
    await form.getByPlaceholder("请输入6位验证码").fill(await latestSmsCode(request, newPhone));
    await form.getByRole("button", { name: "确认绑定" }).click();

    await expect(page).toHaveURL(/\/dc\/dclist$/);
    await expect(page.getByTestId("header-avatar")).toContainText(newPhone);
    expect((await apiUserInfo(request, token)).data.phone).toBe(newPhone);
  });

  test("a wrong code is shown next to the code field", async ({ page, request }) => {
    const token = await apiPartnerLogin(request, "confirm-phone-2");
    await page.goto(TOKEN_PAGE);
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    await page.goto("/ConfirmPhone");
    const form = page.getByTestId("confirm-phone-form");
    await form.getByPlaceholder("请输入手机号").fill("13700000005");
    await form.getByTestId("send-code").click();
    await expect(form.getByTestId("send-code")).toHaveText(/\d+秒后重新获取/);
    const code = await latestSmsCode(request, "13700000005");
    await form.getByPlaceholder("请输入6位验证码").fill(code === "000000" ? "111111" : "000000");
    await form.getByRole("button", { name: "确认绑定" }).click();
    await expect(page.getByText("验证码错误，请重新输入")).toBeVisible();
    await expect(page).toHaveURL(/\/ConfirmPhone$/);
  });
});
