import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, apiLogin, newSmsAccount, openUserPanel, TOKEN_PAGE } from "../support/accounts.ts";
import { reviewShot } from "../support/shots.ts";

// Each step waits up to 30 s: on a loaded two-core machine a console list that refetches after a change took
// longer than the default 10 s (the order was listed, just late).
const expectSoon = expect.configure({ timeout: 30_000 });

const BANK = {
  accountName: "问卷管家科技有限公司",
  bankName: "招商银行北京分行",
  accountNo: "110900000000001",
};

/** The admin in a browser of its own (the token lives in localStorage, shared by a context's tabs). */
async function openAdmin(browser: Browser, request: Parameters<typeof apiLogin>[0], path: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  const { token } = await apiLogin(request, ADMIN);
  await admin.goto(TOKEN_PAGE);
  await admin.evaluate((value) => localStorage.setItem("token", value), token);
  await admin.goto(path);
  return { context, admin };
}

/** Signs in as a fresh SMS account and opens 立即开通 of 黄金会员 (yearly) from the pricing page. */
async function openGoldCheckout(page: Page, token: string) {
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto("/website/version");
  await page.locator("html[data-live]").waitFor({ state: "attached" });
  const gold = page.getByTestId("plan-card").filter({ hasText: "黄金会员" });
  await gold.getByRole("button", { name: "立即开通" }).click();
  await expectSoon(page).toHaveURL(/\/dc\/personalCenter\?type=2&buy=1&period=year$/);
  return page.getByRole("dialog", { name: "开通黄金会员" });
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [1280, 390]) {
  test(`对公转账 at ${width} px: bank details and reference, the admin confirms, badge and 到期 date, 消费明细 lists the order`, async ({
    page,
    browser,
    request,
  }) => {
    // Two browsers, two logins and five screens: longer than one screen's journey.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    // The admin saves the site's bank account (the same values every run, so parallel runs agree).
    const { context, admin } = await openAdmin(browser, request, "/dw/orders");
    const screen = admin.getByTestId("admin-orders");
    await screen.getByRole("button", { name: "收款账户" }).click();
    const bankDialog = admin.getByRole("dialog", { name: "对公转账收款账户" });
    await bankDialog.getByLabel("收款户名").fill(BANK.accountName);
    await bankDialog.getByLabel("开户银行").fill(BANK.bankName);
    await bankDialog.getByLabel("收款账号").fill(BANK.accountNo);
    await bankDialog.getByRole("button", { name: "保存" }).click();
    await expectSoon(bankDialog).toBeHidden();

    const dialog = await openGoldCheckout(page, await newSmsAccount(request, "136"));
    await expectSoon(dialog.getByTestId("checkout-amount")).toHaveText("¥99.00");
    await dialog.getByRole("radio", { name: "对公转账" }).check();
    await dialog.getByRole("button", { name: "确认支付" }).click();
    const details = dialog.getByTestId("checkout-transfer");
    await expectSoon(details).toContainText(BANK.accountName);
    await expectSoon(details).toContainText(BANK.bankName);
    await expectSoon(details).toContainText(BANK.accountNo);
    await expectSoon(details).toContainText("¥99.00");
    const reference = (await details.getByTestId("transfer-reference").innerText()).trim();
    expect(reference).toMatch(/^\d{20}$/);
    expect(await noSideways(page)).toBe(true);
    await reviewShot(page, { path: `test-results/offline-transfer-checkout-${width}.png` });
    await dialog.getByRole("button", { name: "我知道了" }).click();
    await expectSoon(dialog).toBeHidden();
    await expectSoon(page.getByTestId("wallet-level")).not.toHaveText("黄金会员");

    // Waiting for the money: 消费明细 lists the order as not yet paid.
    await page.goto("/dc/personalCenter/personalDetail?type=3");
    const consumption = page.getByTestId("consumption-page");
    await expectSoon(consumption).toContainText(reference);
    await expectSoon(consumption).toContainText("待支付");

    // The money arrived: the admin finds the order by its reference and confirms it.
    await screen.getByPlaceholder("按订单号搜索").fill(reference);
    await screen.getByPlaceholder("按订单号搜索").press("Enter");
    const row = screen.getByRole("row").filter({ hasText: reference });
    await expectSoon(row).toContainText("对公转账");
    await expectSoon(row).toContainText("待支付");
    await expectSoon(row).toContainText("99.00");
    await row.getByRole("button", { name: "确认收款" }).click();
    const confirm = admin.getByRole("dialog", { name: "确认已收到转账" });
    // A bank's serial is long: the table shows it whole, never cut or under the fixed 操作 column.
    const serial = `CMB-E2E-${reference}-0001`;
    await confirm.getByRole("textbox").fill(serial);
    await confirm.getByRole("button", { name: "确定" }).click();
    await expectSoon(row).toContainText("已支付");
    const cell = row.locator("td").filter({ hasText: serial });
    await expectSoon(cell).toHaveCount(1);
    // Nothing in the cell cuts the text (an ellipsis box is narrower than what it holds).
    expect(
      await cell.evaluate((td) =>
        [td, ...Array.from(td.querySelectorAll("*"))].every((e) => e.scrollWidth <= e.clientWidth + 1),
      ),
    ).toBe(true);
    const tradeNo = cell.getByText(serial);
    await tradeNo.scrollIntoViewIfNeeded();
    const actions = row.locator("td.ant-table-cell-fix-right, td.ant-table-cell-fix-end").first();
    const [textBox, actionsBox] = [await tradeNo.boundingBox(), await actions.boundingBox()];
    if (width > 800)
      expect((textBox?.x ?? 0) + (textBox?.width ?? 0)).toBeLessThanOrEqual(actionsBox?.x ?? 0);
    await expectSoon(row.getByRole("button", { name: "确认收款" })).toHaveCount(0);
    await reviewShot(admin, { path: `test-results/offline-transfer-admin-${width}.png` });
    await context.close();

    await page.goto("/dc/personalCenter?type=2");
    await expectSoon(page.getByTestId("wallet-level")).toHaveText("黄金会员");
    await expectSoon(page.getByTestId("wallet-page")).toContainText(/\d{4}-\d{2}-\d{2}到期/);
    expect(await noSideways(page)).toBe(true);
    if (width > 800) {
      const panel = await openUserPanel(page, 30_000);
      await expectSoon(panel.getByTestId("vip-badge")).toHaveAttribute("data-level", "1");
      await expectSoon(panel).toContainText("到期");
    }

    await page.goto("/dc/personalCenter/personalDetail?type=3");
    const paidRow =
      width > 800
        ? consumption.getByRole("row").filter({ hasText: reference })
        : page.getByTestId("consumption-row").filter({ hasText: reference });
    await expectSoon(paidRow).toContainText("已支付");
    await expectSoon(paidRow).toContainText("黄金会员");
    expect(await noSideways(page)).toBe(true);
    await reviewShot(page, { path: `test-results/offline-transfer-details-${width}.png`, fullPage: true });
  });
}
