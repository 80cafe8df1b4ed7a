import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { reviewShot } from "../support/shots.ts";

/**
 * Issue #33: an order left unpaid read "-99.00 待支付" beside the paid one, like a double charge, with nothing
 * to do about it. It now shows 待支付 without a sign, with 继续支付 (the same order) and 取消 (closed: 已关闭).
 */

async function startedOrder(request: APIRequestContext, token: string): Promise<string> {
  const post = async (path: string, form: Record<string, string | number>) => {
    const body = await (await request.post(`/wjgj/api/${path}`, { headers: { token }, form })).json();
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  const order = await post("pay/createOrder", { kind: "vip", vipLevel: 1, period: "year" });
  // The payer asked for the code and walked away.
  await post("pay/payOrder", { orderNo: order.orderNo, provider: "fake" });
  return order.orderNo as string;
}

/** The row of one order: a table row at desktop width, a list item on a phone. */
function rowOf(page: Page, orderNo: string) {
  return page
    .getByTestId("consumption-page")
    .locator("tr, [data-testid=consumption-row]")
    .filter({ hasText: orderNo });
}

for (const width of [1280, 390]) {
  test(`消费明细 at ${width} px: 待支付 without a minus, 继续支付 pays the same order, 取消 closes one`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const token = await newSmsAccount(request, "135");
    const toPay = await startedOrder(request, token);
    const toCancel = await startedOrder(request, token);
    await page.goto(TOKEN_PAGE);
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    await page.goto("/dc/personalCenter/personalDetail?type=3");

    const unpaid = rowOf(page, toPay);
    await expect(unpaid).toContainText("待支付");
    await expect(unpaid).toContainText("99.00");
    await expect(unpaid).not.toContainText("-99.00");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await reviewShot(page, { path: testInfo.outputPath(`pending-${width}.png`), fullPage: true });

    await unpaid.getByRole("button", { name: "继续支付" }).click();
    const dialog = page.getByRole("dialog", { name: "继续支付" });
    await expect(dialog.getByTestId("checkout-amount")).toHaveText("¥99.00");
    await dialog.getByRole("radio", { name: /模拟支付/ }).check();
    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.getByRole("button", { name: "模拟扫码支付" }).click();
    await expect(dialog.getByText("开通成功")).toBeVisible();
    await expect(dialog).toContainText(toPay);
    await dialog.getByRole("button", { name: "完成" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, toPay)).toContainText("已支付");
    await expect(rowOf(page, toPay)).toContainText("-99.00");

    const other = rowOf(page, toCancel);
    await other.getByRole("button", { name: "取消" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "关闭订单" }).click();
    await expect(other).toContainText("已关闭");
    await expect(other).not.toContainText("-99.00");
    await expect(other.getByRole("button", { name: "继续支付" })).toHaveCount(0);
    await reviewShot(page, { path: testInfo.outputPath(`settled-${width}.png`), fullPage: true });
  });
}
