import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { newSmsAccount, openUserPanel, TOKEN_PAGE } from "../support/accounts.ts";

async function buyGold(page: Page, request: APIRequestContext) {
  const token = await newSmsAccount(request, "139");
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto("/website/version");
  const gold = page.getByTestId("plan-card").filter({ hasText: "黄金会员" });
  const target = /\/dc\/personalCenter\?type=2&buy=1&period=year$/;
  // The page is server-rendered: a click before hydration lands on a button without its handler yet, so
  // the click is repeated until the page has moved on.
  await expect(async () => {
    if (!target.test(page.url()))
      await gold.getByRole("button", { name: "立即开通" }).click({ timeout: 2000 });
    await expect(page).toHaveURL(target, { timeout: 2000 });
  }).toPass();

  const dialog = page.getByRole("dialog", { name: "开通黄金会员" });
  await expect(dialog.getByTestId("checkout-amount")).toHaveText("¥99.00");
  await dialog.getByRole("radio", { name: /模拟支付/ }).check();
  await dialog.getByRole("button", { name: "确认支付" }).click();
  await expect(dialog.getByTestId("checkout-scan")).toBeVisible();
  await dialog.getByRole("button", { name: "模拟扫码支付" }).click();
  await expect(dialog.getByText("开通成功")).toBeVisible();
  await dialog.getByRole("button", { name: "完成" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId("wallet-level")).toHaveText("黄金会员");
  await expect(page.getByTestId("wallet-page")).toContainText(/\d{4}-\d{2}-\d{2}到期/);
  const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noSideways).toBe(true);

  await page.goto("/dc/personalCenter/personalDetail?type=3");
  const details = page.getByTestId("consumption-page");
  await expect(details).toContainText("黄金会员");
  await expect(details).toContainText("已支付");
  await expect(details).toContainText("99.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe("membership purchase with the local fake gateway", () => {
  test("desktop: 立即开通 → pay → badge, 到期 date and the order in 消费明细", async ({ page, request }) => {
    await buyGold(page, request);
    const panel = await openUserPanel(page);
    await expect(panel.getByTestId("vip-badge")).toHaveAttribute("data-level", "1");
    await expect(panel).toContainText("到期");
  });

  test("phone width 390 px", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await buyGold(page, request);
    await expect(page.getByTestId("consumption-row").first()).toContainText("已支付");
  });
});
