import { expect, test } from "@playwright/test";

test.describe("public website", () => {
  test("header menu and footer from navigation/getFooterInfo", async ({ page, request }) => {
    const footer = (await (await request.get("/wjgj/api/navigation/getFooterInfo")).json()) as {
      data: {
        siteName: string;
        siteIcp: string;
        siteMail: string;
        sitePhone: string;
        versionInfo: string;
        versionNumber: string;
        years: string;
      };
    };
    await page.goto("/website/home");
    const header = page.getByTestId("site-header");
    for (const label of [
      "首页",
      "免费模板",
      "互助答题",
      "样本服务",
      "产品介绍",
      "版本价格",
      "资源",
      "联系我们",
    ]) {
      await expect(header.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(header.getByRole("link", { name: "登录" })).toBeVisible();

    const legal = page.getByTestId("footer-legal");
    const info = footer.data;
    await expect(legal).toContainText(`© ${info.years} ${info.siteName}`);
    // The registration number shows only once the operator has configured one.
    if (info.siteIcp) await expect(legal.getByRole("link", { name: info.siteIcp })).toBeVisible();
    else await expect(legal.getByRole("link")).toHaveCount(0);
    await expect(legal).toContainText(`${info.versionInfo} ${info.versionNumber}`);
    await expect(page.getByTestId("site-footer")).toContainText(info.siteMail);
    await expect(page.getByTestId("site-footer")).toContainText(info.sitePhone);
  });

  test("the product menu opens the seven product pages", async ({ page }) => {
    await page.goto("/website/home");
    await page.getByTestId("site-header").getByText("产品介绍", { exact: true }).hover();
    const links = page.locator(".wj-site-submenu .wj-site-submenu__label");
    await expect(links).toHaveText([
      "问卷调查",
      "在线考试",
      "收集表单",
      "投票评选",
      "满意度调查",
      "知识竞赛",
      "私有化部署",
    ]);
    // The popup slides in (about 0.2 s, scaled): a click during the motion can land between two entries.
    await expect(page.locator(".wj-site-submenu")).not.toHaveClass(/ant-slide-up/);
    await links.filter({ hasText: "知识竞赛" }).click();
    await expect(page).toHaveURL(/\/website\/product\/knowledge$/);
  });

  test("on a phone the hamburger menu opens, expands 资源 and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/website/home");
    await expect(page.getByTestId("site-header").getByRole("menu")).toBeHidden();
    await page.getByRole("button", { name: "展开菜单" }).click();
    const menu = page.getByTestId("phone-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByText("帮助中心")).toHaveCount(0);
    await menu.getByRole("button", { name: "资源" }).click();
    await menu.getByRole("link", { name: "帮助中心" }).click();
    await expect(page).toHaveURL(/\/website\/resource\/help$/);
    await expect(page.getByTestId("phone-menu")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "帮助中心" })).toBeVisible();
  });

  test("the agreement page has the user agreement and the privacy policy", async ({ page }) => {
    await page.goto("/Agreement");
    await expect(page.getByRole("heading", { name: "问卷管家用户协议" })).toBeVisible();
    await expect(page.getByText("答卷数据归属与创建者责任")).toBeVisible();
    await page.getByRole("tab", { name: "隐私政策" }).click();
    await expect(page).toHaveURL(/\/Agreement\?tab=privacy$/);
    await expect(page.getByRole("heading", { name: "问卷管家隐私政策" })).toBeVisible();
    await expect(page.getByText("Cookie 与本地存储")).toBeVisible();
  });
});
