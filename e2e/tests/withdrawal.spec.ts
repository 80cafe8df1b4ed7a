import { expect, test } from "@playwright/test";
import { ADMIN, apiLogin, TOKEN_PAGE } from "../support/accounts.ts";
import { fundedAccount } from "../support/wallet.ts";

test("提现: the user asks, the amount is frozen, the admin confirms the payout and the user sees 已打款", async ({
  page,
  browser,
  request,
}) => {
  const { phone, token } = await fundedAccount(request);
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto("/dc/personalCenter?type=2");
  await expect(page.getByTestId("wallet-balance")).toHaveText("50.00");

  await page.getByRole("button", { name: "提现" }).click();
  const dialog = page.getByRole("dialog", { name: "申请提现" });
  await dialog.getByLabel("提现金额（元）").fill("20");
  await dialog.getByLabel("收款人姓名").fill("王小明");
  await dialog.getByLabel("支付宝账号").fill("wangxm@example.com");
  await dialog.getByRole("button", { name: "提交申请" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("wallet-balance")).toHaveText("30.00");
  await expect(page.getByTestId("wallet-page")).toContainText("冻结中 ¥20.00");
  await expect(page.getByTestId("withdrawal-record").first()).toContainText("审核中");

  // The admin, in a browser of its own (the token lives in localStorage, shared by a context's tabs).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { token: adminToken } = await apiLogin(request, ADMIN);
  await admin.goto(TOKEN_PAGE);
  await admin.evaluate((value) => localStorage.setItem("token", value), adminToken);
  await admin.goto("/dw/withdrawals");
  const screen = admin.getByTestId("admin-withdrawals");
  await screen.getByPlaceholder("按手机号搜索").fill(phone);
  await screen.getByPlaceholder("按手机号搜索").press("Enter");
  const row = screen.getByRole("row").filter({ hasText: phone });
  await expect(row).toContainText("wangxm@example.com");
  await expect(row).toContainText("20.00");
  await row.getByRole("button", { name: "确认打款" }).click();
  const confirm = admin.getByRole("dialog", { name: "确认已打款" });
  await confirm.getByRole("textbox").fill("支付宝流水 E2E001");
  await confirm.getByRole("button", { name: "确定" }).click();
  await expect(row).toContainText("已打款");
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId("withdrawal-record").first()).toContainText("已打款");
  await expect(page.getByTestId("wallet-balance")).toHaveText("30.00");
  await expect(page.getByTestId("wallet-page")).toContainText("冻结中 ¥0.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
