import { expect, test } from "@playwright/test";
import { newSmsAccount, TOKEN_PAGE } from "../support/accounts.ts";
import { reviewShot } from "../support/shots.ts";
import { actAsWeChatUser, WECHAT_USER_AGENT } from "../support/wechat.ts";

/**
 * Paying inside WeChat (issue #39): a membership bought in WeChat's browser goes through the 公众号's silent
 * authorisation (the fake WeChat), comes back to the purchase and pays with WeChat's payment sheet (JSAPI).
 * The app runs the local fake gateway with PAY_FAKE_JSAPI, so the fake answers a JSAPI request; the stub
 * WeixinJSBridge plays WeChat: it "pays" through the fake gateway and reports success, as WeChat's sheet would.
 */
interface BridgeCall {
  name: string;
  params: Record<string, unknown>;
}

function stubPayingBridge() {
  const calls: BridgeCall[] = [];
  (window as unknown as { __wxCalls: BridgeCall[] }).__wxCalls = calls;
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
    invoke(name: string, params: Record<string, unknown>, callback: (res: { err_msg: string }) => void) {
      calls.push({ name, params });
      if (name !== "getBrandWCPayRequest") return;
      const orderNo = String(params.package).replace("prepay_id=fake-", "");
      void fetch("/wjgj/api/pay/fakeGatewayPay", {
        method: "POST",
        headers: {
          token: localStorage.getItem("token") ?? "",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: `orderNo=${orderNo}`,
      }).then(() => callback({ err_msg: "get_brand_wcpay_request:ok" }));
    },
    on() {},
  };
}

test.use({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: WECHAT_USER_AGENT,
});

test("inside WeChat, 开通会员 pays with WeChat's sheet after the 公众号's silent authorisation", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const token = await newSmsAccount(request, "136");
  await actAsWeChatUser(context, baseURL ?? "", { id: `buyer${Date.now().toString(36)}` });
  await page.addInitScript(stubPayingBridge);
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto("/dc/personalCenter?type=2&buy=1&period=year");

  const dialog = page.getByRole("dialog", { name: "开通黄金会员" });
  await expect(dialog.getByTestId("checkout-amount")).toHaveText("¥99.00");
  await dialog.getByRole("radio", { name: /模拟支付/ }).check();
  await dialog.getByRole("button", { name: "确认支付" }).tap();

  // Through WeChat's authorisation and back to the wallet page, which pays the same order at once. (The browser
  // keeps the authorise address's #wechat_redirect across the redirects, as it does in WeChat.)
  await expect(page).toHaveURL(/\/dc\/personalCenter\?type=2&resumePay=\d{20}&via=fake(#wechat_redirect)?$/);
  const orderNo = new URL(page.url()).searchParams.get("resumePay") ?? "";
  const resumed = page.getByRole("dialog", { name: "继续支付" });
  await expect(resumed.getByText("开通成功")).toBeVisible();
  await expect(resumed).toContainText(`订单号 ${orderNo}`);
  // The purchase dialog that chose it did not open again.
  await expect(page.getByRole("dialog", { name: "开通黄金会员" })).toHaveCount(0);
  const calls = await page.evaluate(() => (window as unknown as { __wxCalls: BridgeCall[] }).__wxCalls);
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    name: "getBrandWCPayRequest",
    params: { package: `prepay_id=fake-${orderNo}`, signType: "RSA" },
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await reviewShot(page, { path: testInfo.outputPath("wechat-pay-390.png") });

  await resumed.getByRole("button", { name: "完成" }).tap();
  await expect(resumed).toBeHidden();
  await expect(page).not.toHaveURL(/resumePay/);
  await expect(page.getByTestId("wallet-level")).toHaveText("黄金会员");
});

test("back from WeChat Pay's H5 page, the wallet page waits for the result and shows it", async ({
  page,
  request,
}, testInfo) => {
  const token = await newSmsAccount(request, "136");
  const created = await request.post("/wjgj/api/pay/createOrder", {
    headers: { token },
    form: { kind: "vip", vipLevel: 1, period: "year" },
  });
  const { orderNo } = (await created.json()).data as { orderNo: string };
  await page.goto(TOKEN_PAGE);
  await page.evaluate((value) => localStorage.setItem("token", value), token);
  await page.goto(`/dc/personalCenter?type=2&payReturn=${orderNo}`);

  const dialog = page.getByRole("dialog", { name: "继续支付" });
  await expect(dialog.getByTestId("checkout-waiting")).toContainText("正在确认支付结果");
  await expect(dialog).toContainText(`订单号 ${orderNo}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await reviewShot(page, { path: testInfo.outputPath("wechat-pay-waiting-390.png") });

  // WeChat's notification arrives (here the fake gateway's): the page learns it by reading the order.
  const paid = await request.post("/wjgj/api/pay/fakeGatewayPay", { headers: { token }, form: { orderNo } });
  expect((await paid.json()).code).toBe(200);
  await expect(dialog.getByText("开通成功")).toBeVisible();
});
