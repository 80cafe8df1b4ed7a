import { expect, test } from "@playwright/test";
import { ADMIN, DEMO_PERSONAL, DEMO_VIP2, openLoggedIn, TOKEN_PAGE } from "../support/accounts.ts";

test.describe("error catalogue in the browser", () => {
  test("a 303 answer sends to /Loginone with the login-expired toast", async ({ page }) => {
    await page.goto(TOKEN_PAGE);
    await page.evaluate(() => localStorage.setItem("token", "bogus-token-that-expired"));
    await page.goto("/dc/dclist");
    await expect(page.getByText("登录失效，请重新登录")).toBeVisible();
    await expect(page).toHaveURL(/\/Loginone(\?|$)/);
    await expect(page.getByTestId("login-page")).toBeVisible();
    // The dead session is forgotten.
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("a 403 answer shows the permission box and 确认 returns to /", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dw/admin/user");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("系统提示");
    await expect(dialog).toContainText("账号没有相关操作权限");
    await expect(dialog.getByRole("button")).toHaveCount(1);
    await dialog.getByRole("button", { name: "确认" }).click();
    // "/" itself redirects to the website home.
    await expect(page).toHaveURL(/\/website\/home$/);
    await expect(dialog).toHaveCount(0);
  });

  test("an admin sees the user list and can search it by phone", async ({ page, request }) => {
    await openLoggedIn(page, request, ADMIN, "/dw/admin/user");
    const table = page.getByTestId("admin-user-page");
    await expect(table.getByRole("columnheader", { name: "手机号" })).toBeVisible();
    await expect(table.getByRole("cell", { name: DEMO_VIP2.phone })).toBeVisible();
    await expect(page.getByTestId("top-menu").locator(".ant-menu-item-selected")).toHaveText("用户管理");

    await page.getByPlaceholder("按手机号搜索").fill(DEMO_VIP2.phone);
    await page.getByPlaceholder("按手机号搜索").press("Enter");
    await expect(table.locator("tbody tr.ant-table-row")).toHaveCount(1);
    await expect(table.getByRole("cell", { name: "铂金会员" })).toBeVisible();
  });
});
