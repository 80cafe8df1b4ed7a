import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN, apiLogin, TOKEN_PAGE } from "../support/accounts.ts";
import { fundedAccount } from "../support/wallet.ts";

/** What the finance team attaches: any real PDF (the server checks the %PDF- signature). */
const INVOICE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

// Issue #16: 申请发票 on a paid order in 消费明细, the admin attaches the PDF in 发票管理, the user downloads it.
test("发票: the user asks for one on a paid order, the admin attaches the PDF, the user downloads it", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const { token, orderNo } = await fundedAccount(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto("/dc/personalCenter?type=3");
  const row = page.getByTestId("consumption-row").filter({ hasText: orderNo });
  await row.getByRole("button", { name: "申请发票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请发票" });
  await dialog.getByLabel("发票抬头").fill("杭州问卷管家科技有限公司");
  // A wrong tax number is refused before anything is sent; the corrected one goes through.
  await dialog.getByLabel("纳税人识别号").fill("12345");
  await dialog.getByRole("button", { name: "提交申请" }).click();
  await expect(dialog.getByText(/纳税人识别号需为15-20位/)).toBeVisible();
  await dialog.getByLabel("纳税人识别号").fill("91330100MA2B3C4D5E");
  await dialog.getByLabel("接收邮箱").fill("finance@example.com");
  const asked = page.waitForResponse((r) => r.url().includes("pay/requestInvoice"));
  await dialog.getByRole("button", { name: "提交申请" }).click();
  expect(((await (await asked).json()) as { code: number }).code).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("invoice-status")).toHaveText("开票中");

  // The admin, in a browser of its own.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { token: adminToken } = await apiLogin(request, ADMIN);
  await admin.goto(TOKEN_PAGE);
  await admin.evaluate((value) => localStorage.setItem("token", value), adminToken);
  await admin.goto("/dw/invoices");
  const adminRow = admin.getByTestId("admin-invoices").getByRole("row").filter({ hasText: orderNo });
  await expect(adminRow).toContainText("杭州问卷管家科技有限公司");
  await expect(adminRow).toContainText("91330100MA2B3C4D5E");
  await expect(adminRow).toContainText("50.00");
  const issued = admin.waitForResponse((r) => r.url().includes("admin/invoice/issue"));
  await adminRow
    .locator('input[type="file"]')
    .setInputFiles({ name: "发票.pdf", mimeType: "application/pdf", buffer: INVOICE_PDF });
  expect(((await (await issued).json()) as { code: number }).code).toBe(200);
  await expect(adminRow).toContainText("已开票");
  await adminContext.close();

  await page.reload();
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "下载发票" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`发票-${orderNo}.pdf`);
  const path = await file.path();
  expect((await readFile(path)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
