import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, apiLogin, apiUserInfo, newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { simpleSurvey } from "../support/answer-page.ts";
import { unique } from "../support/answering.ts";

/** Issue #19: order samples for a questionnaire, the admin records progress, the creator follows and cancels. */

async function api<T>(request: APIRequestContext, token: string, path: string, form: Record<string, string>) {
  const body = await (await request.post(`/wjgj/api/${path}`, { headers: { token }, form })).json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

/** 100 元 recharged through the local fake gateway. */
async function recharge(request: APIRequestContext, token: string) {
  const order = await api<{ orderNo: string }>(request, token, "pay/createOrder", {
    kind: "recharge",
    amountFen: "10000",
  });
  await api(request, token, "pay/payOrder", { orderNo: order.orderNo, provider: "fake" });
  await api(request, token, "pay/fakeGatewayPay", { orderNo: order.orderNo });
}

async function publishAs(request: APIRequestContext, token: string, title: string) {
  const created = await (
    await request.post("/wjgj/api/questionary/addQuestionary", {
      headers: { token },
      data: { kind: "survey", title, definition: simpleSurvey(title) },
    })
  ).json();
  expect(created.code, created.msg).toBe(200);
  await api(request, token, "questionary/releaseQuestionary", { id: String(created.data.id) });
}

async function openAs(page: Page, token: string, path: string) {
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(path);
}

async function walletOf(request: APIRequestContext, token: string) {
  const body = await (await request.get("/wjgj/api/pay/getWallet", { headers: { token } })).json();
  return body.data as { availableFen: number; frozenFen: number };
}

test("order samples and see the admin's progress; cancelling refunds the unfilled part", async ({
  page,
  browser,
  request,
}) => {
  // Two browsers and a dozen screens: longer than one screen's journey.
  test.setTimeout(120_000);
  const creator = await newSmsAccount(request, "137");
  const { phone } = (await apiUserInfo(request, creator)).data;
  await recharge(request, creator);
  const title = unique("样本问卷");
  await publishAs(request, creator, title);

  // From 我的问卷, the card's 样本 opens the questionnaire's sample service.
  await openAs(page, creator, "/dc/dclist");
  const item = page.locator(".ant-card, article, li").filter({ hasText: title }).first();
  await item.getByTestId("samples-button").click();
  await expect(page.getByRole("heading", { name: `样本服务 · ${title}` })).toBeVisible();
  await expect(page.getByTestId("sample-price")).toContainText("账户余额 ¥100.00");

  await page.getByLabel("需要的有效答卷数").fill("10");
  await page.getByRole("combobox", { name: "地区" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "华东" }).click();
  // 5 元 base + 1 元 for one targeting condition.
  await expect(page.getByTestId("sample-price")).toContainText("单价 ¥6.00/份");
  await expect(page.getByTestId("sample-price")).toContainText("合计 ¥60.00");
  await page.getByRole("button", { name: "下单并冻结费用" }).click();
  await expect(page.getByText("下单成功，费用已从余额中冻结")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "华东" });
  await expect(row).toContainText("已支付，待投放");
  await expect(row).toContainText("有效 0 / 10 份");
  await expect(page.getByTestId("sample-price")).toContainText("账户余额 ¥40.00");

  // The admin console shows the order; the admin records 4 valid and 1 rejected response.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { token: adminToken } = await apiLogin(request, ADMIN);
  await openAs(admin, adminToken, "/dw/sample-orders");
  const screen = admin.getByTestId("admin-sample-orders");
  await screen.getByPlaceholder("按手机号搜索").fill(phone);
  await screen.getByPlaceholder("按手机号搜索").press("Enter");
  const adminRow = screen.getByRole("row").filter({ hasText: title });
  await expect(adminRow).toContainText("有效 0/10");
  await expect(adminRow).toContainText("?source=sample");
  await adminRow.getByRole("button", { name: "更新进度" }).click();
  const dialog = admin.getByRole("dialog", { name: "更新回收进度" });
  await dialog.getByRole("textbox").fill("4/1");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(adminRow).toContainText("有效 4/10，无效 1");
  await expect(adminRow).toContainText("回收中");
  await adminContext.close();

  // The creator sees the progress, then cancels: 6 unfilled × 6 元 come back.
  await page.reload();
  const followed = page.getByRole("row").filter({ hasText: "华东" });
  await expect(followed).toContainText("有效 4 / 10 份，剔除无效 1 份");
  await expect(followed).toContainText("回收中");
  await followed.getByRole("button", { name: "取消订单" }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "取消订单" }).click();
  await expect(followed).toContainText("已取消");
  await expect(followed).toContainText("已扣 ¥24.00，已退 ¥36.00");
  expect(await walletOf(request, creator)).toEqual(
    expect.objectContaining({ availableFen: 7600, frozenFen: 0 }),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
