import { expect, test } from "@playwright/test";
import { apiUserInfo, DEMO_PERSONAL, DEMO_VIP2, openLoggedIn, openUserPanel } from "../support/accounts.ts";

test.describe("header and top menu", () => {
  test("vipLevel 0: personal badge and no expiry line", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist");
    const panel = await openUserPanel(page);
    await expect(panel).toContainText(DEMO_PERSONAL.phone);
    const badge = panel.getByTestId("vip-badge");
    await expect(badge).toHaveAttribute("data-level", "0");
    await expect(badge).toHaveText("个人版");
    await expect(panel.getByTestId("vip-expiry")).toHaveCount(0);
    await expect(panel).not.toContainText("到期");
    for (const item of ["个人中心", "消费明细", "访问首页", "退出登录"]) {
      await expect(panel.getByText(item, { exact: true })).toBeVisible();
    }
    await expect(panel.getByRole("button", { name: "退出登录" })).toHaveCSS("color", "rgb(245, 34, 45)");
  });

  test("vipLevel 2: platinum badge and the date part of vipStopTime followed by 到期", async ({
    page,
    request,
  }) => {
    const token = await openLoggedIn(page, request, DEMO_VIP2, "/dc/dclist");
    const { data: info } = await apiUserInfo(request, token);
    expect(info.vipLevel).toBe(2);
    const date = info.vipStopTime.split(" ")[0] ?? "";
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Seeded a year ahead.
    expect(new Date(date).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

    const panel = await openUserPanel(page);
    const badge = panel.getByTestId("vip-badge");
    await expect(badge).toHaveAttribute("data-level", "2");
    await expect(badge).toHaveText("铂金会员");
    await expect(panel.getByTestId("vip-expiry")).toHaveText(`${date}到期`);
  });

  test("panel items lead to the personal centre, consumption details and home", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist");
    await (await openUserPanel(page)).getByText("个人中心").click();
    await expect(page).toHaveURL(/\/dc\/personalCenter\?type=1$/);
    await (await openUserPanel(page)).getByText("消费明细").click();
    await expect(page).toHaveURL(/\/dc\/personalCenter\/personalDetail\?type=3$/);
    await (await openUserPanel(page)).getByText("访问首页").click();
    await expect(page).toHaveURL(/\/website\/home$/);
  });

  test("logo goes home; the menu highlights 项目管理 by default and 模板中心 on its page", async ({
    page,
    request,
  }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist");
    const menu = page.getByTestId("top-menu");
    await expect(menu.locator(".ant-menu-item-selected")).toHaveText("项目管理");
    await menu.getByText("模板中心").click();
    await expect(page).toHaveURL(/\/dc\/template$/);
    await expect(menu.locator(".ant-menu-item-selected")).toHaveText("模板中心");
    await page.goto("/dc/personalCenter?type=1");
    await expect(menu.locator(".ant-menu-item-selected")).toHaveText("项目管理");
    await page.getByTestId("app-header").getByRole("link", { name: "问卷管家首页" }).click();
    await expect(page).toHaveURL(/\/website\/home$/);
  });

  test("fromType=2 hides header and menu, and is remembered", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist?fromType=2");
    await expect(page.getByTestId("dclist-page")).toBeVisible();
    await expect(page.getByTestId("app-header")).toHaveCount(0);
    await expect(page.getByTestId("top-menu")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("fromType"))).toBe("2");

    // Without the query parameter the stored origin still applies.
    await page.goto("/dc/template");
    await expect(page.getByRole("heading", { name: "模板中心" })).toBeVisible();
    await expect(page.getByTestId("app-header")).toHaveCount(0);

    await page.goto("/dc/dclist?fromType=1");
    await expect(page.getByTestId("app-header")).toBeVisible();
    await expect(page.getByTestId("top-menu")).toBeVisible();
  });

  test("logout asks for confirmation, then clears local storage and goes to /Loginone", async ({
    page,
    request,
  }) => {
    const token = await openLoggedIn(page, request, DEMO_PERSONAL, "/dc/dclist?fromType=1");
    await page.evaluate(() => localStorage.setItem("something-else", "1"));

    await (await openUserPanel(page)).getByRole("button", { name: "退出登录" }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("提示");
    await expect(dialog).toContainText("确定要退出登陆吗, 是否退出?");
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dc\/dclist/);

    await (await openUserPanel(page)).getByRole("button", { name: "退出登录" }).click();
    dialog = page.getByRole("dialog");
    await dialog
      .getByRole("button", { name: "退 出" })
      .or(dialog.getByRole("button", { name: "退出" }))
      .click();
    await expect(page).toHaveURL(/\/Loginone$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The session is revoked on the server too.
    expect((await apiUserInfo(request, token)).code).toBe(303);
  });
});
