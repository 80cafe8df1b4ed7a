import { expect, test } from "@playwright/test";
import { ADMIN, DEMO_PERSONAL, openLoggedIn, openUserPanel } from "../support/accounts.ts";
import { adminScreens } from "../support/admin.ts";

test.use({ viewport: { width: 1280, height: 800 } });

test.describe("admin navigation from the console", () => {
  test("the admin reaches the console from the top menu and the avatar panel, and sees 管理员", async ({
    page,
    request,
  }) => {
    await openLoggedIn(page, request, ADMIN, "/dc/dclist");
    const menu = page.getByTestId("top-menu");
    await menu.getByRole("link", { name: "管理后台", exact: true }).click();
    await expect(page).toHaveURL(/\/dw\/survey$/);
    await expect(page.getByTestId("admin-layout")).toBeVisible();

    await page.goto("/dc/dclist");
    const panel = await openUserPanel(page);
    // The admin's own level, not the 个人版 of vipLevel 0.
    await expect(panel.getByTestId("admin-badge")).toHaveText("管理员");
    await expect(panel).not.toContainText("个人版");
    await panel.getByRole("link", { name: "管理后台" }).click();
    await expect(page).toHaveURL(/\/dw\/survey$/);
  });

  test("every console screen opens from the side menu with its breadcrumbs and lights a console entry, never 项目管理", async ({
    page,
    request,
  }) => {
    // One screen after another: the time grows with the console.
    test.setTimeout(30_000 + adminScreens.length * 6_000);
    await openLoggedIn(page, request, ADMIN, "/dw");
    await expect(page).toHaveURL(/\/dw\/survey$/);
    const selected = page.getByTestId("top-menu").locator(".ant-menu-item-selected");
    for (const screen of adminScreens) {
      await page.getByTestId("admin-menu").getByRole("link", { name: screen.menu, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dw/${screen.path}$`));
      await expect(page.getByTestId(screen.testId)).toBeVisible();
      await expect(page.locator(".wj-admin__crumbs")).toContainText(screen.menu);
      // Seed §2: /dw/admin/user lights its own entry; the rest of the console is 管理后台.
      await expect(selected).toHaveText(screen.path === "admin/user" ? "用户管理" : "管理后台");
      // Its list arrives: nothing is left loading.
      await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    }
  });

  test("on a phone the admin's top menu stays one row inside the screen", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLoggedIn(page, request, ADMIN, "/dw/survey");
    const menu = page.getByTestId("top-menu");
    await expect(menu.locator(".ant-menu-item-selected")).toHaveText("管理后台");
    const boxes = await menu.locator(".ant-menu-item").evaluateAll((items) =>
      items
        .map((item) => item.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => ({ top: Math.round(box.top), right: Math.round(box.right) })),
    );
    expect(boxes.length).toBe(3);
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);

    // The console's own menu folds under one button naming the screen: the screen starts on the first view.
    const side = page.getByTestId("admin-menu");
    const toggle = page.getByTestId("admin-menu-toggle");
    await expect(toggle).toContainText("问卷管理");
    await expect(side).toBeHidden();
    const screenTop = await page.getByTestId("admin-survey").evaluate((el) => el.getBoundingClientRect().top);
    expect(screenTop).toBeLessThan(844 / 2);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await side.getByRole("link", { name: "订单管理", exact: true }).click();
    await expect(page.getByTestId("admin-orders")).toBeVisible();
    await expect(side).toBeHidden();
    await expect(toggle).toContainText("订单管理");
  });

  test("a normal user opening /dw gets the permission box alone, once", async ({ page, request }) => {
    await openLoggedIn(page, request, DEMO_PERSONAL, "/dw/survey");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("账号没有相关操作权限");
    await expect(dialog).toContainText("系统提示");
    await expect(dialog).toHaveCount(1);
    // Nothing of the console and no second 403 page behind the box.
    await expect(page.getByTestId("admin-layout")).toHaveCount(0);
    await expect(page.locator(".ant-result-403")).toHaveCount(0);
    await expect(page.getByTestId("top-menu")).not.toContainText("管理后台");
    // Click once the box has finished zooming in (CI once saw a click during it do nothing).
    await expect(page.locator(".ant-modal")).not.toHaveClass(/ant-zoom/);
    await dialog.getByRole("button", { name: "确认" }).click();
    await expect(page).toHaveURL(/\/website\/home$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
