import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { card, openAnswerPage, PHONE } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { reviewShot } from "../support/shots.ts";

// 商品 (issue #41): a creator publishes a paid registration form; a respondent on a phone picks the course and a
// T-shirt size, sees the running total, submits, pays through the local gateway (PAY_FAKE) and sees the receipt
// say 已支付; at 1280 px the creator finds the order in 订单管理 and refunds part of it.

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a respondent registers for a paid course through the fake gateway; the creator refunds part of it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const q = await publishQuestionnaire(request, {
    schemaVersion: 1,
    kind: "form",
    title: unique("训练营报名"),
    pages: [
      {
        id: "p1",
        questions: [
          { id: "name", type: "text", title: "姓名", required: true, config: {} },
          {
            id: "shop",
            type: "product",
            title: "报名与周边",
            required: true,
            config: {
              items: [
                { id: "camp", name: "周末训练营", priceFen: 19900, stock: 20, perPerson: 1 },
                {
                  id: "tee",
                  name: "营服",
                  priceFen: 3500,
                  stock: 50,
                  perPerson: 2,
                  variants: [{ name: "尺码", values: ["S", "M", "L"] }],
                },
              ],
              showStock: true,
            },
          },
        ],
      },
    ],
  });

  // The respondent on a phone's own browser (PHONE's agent is WeChat's, where paying goes through the 公众号's
  // authorisation and WeChat's sheet: wechat-pay-jsapi.test.ts and pay-step.test.tsx): products with what is
  // left, a size, quantities and the running total.
  const phone = await browser.newContext({
    ...PHONE,
    userAgent: PHONE.userAgent.replace(/ MicroMessenger\/[\d.]+/, ""),
    baseURL: test.info().project.use.baseURL,
  });
  const respondent = await phone.newPage();
  await openAnswerPage(respondent, q.publicId);
  await card(respondent, "name").locator("input").fill("欧阳明");
  const shop = card(respondent, "shop");
  await expect(shop.getByTestId("product-card").filter({ hasText: "周末训练营" })).toContainText(
    "剩余 20 件",
  );
  await shop.getByRole("button", { name: "增加 周末训练营 数量" }).tap();
  const tee = shop.getByTestId("product-card").filter({ hasText: "营服" });
  await tee.getByRole("radiogroup", { name: "尺码" }).getByRole("radio", { name: "M" }).tap();
  await tee.getByRole("button", { name: "增加 营服 数量" }).tap();
  await expect(shop.getByTestId("product-total")).toContainText("¥234.00");
  // 每人限购 1: the course's + is disabled at its bound.
  await expect(shop.getByRole("button", { name: "增加 周末训练营 数量" })).toBeDisabled();
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("product-answer-390.png"), fullPage: true });
  await expectNoSeriousViolations(respondent, "商品题");
  const stored = respondent.waitForResponse((r) => r.url().includes("/anQuestion/questionAnswer"));
  await respondent.getByRole("button", { name: "提交" }).tap();
  expect((await (await stored).json()).code).toBe(200);

  // The pay step: the order waits for payment; the local gateway's button pays it.
  const pay = respondent.getByTestId("form-order-pay");
  await expect(pay).toContainText("订单待支付");
  await expect(pay.getByTestId("order-lines")).toContainText("周末训练营");
  await expect(pay).toContainText("234.00");
  await pay.getByRole("button", { name: "立即支付" }).tap();
  await expect(pay.getByTestId("form-order-scan")).toBeVisible();
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("product-pay-390.png"), fullPage: true });
  await pay.getByRole("button", { name: "模拟扫码支付" }).tap();
  await expect(pay).toContainText("支付成功");

  // The receipt says 已支付, with the lines.
  await respondent.getByTestId("receipt-link").tap();
  const order = respondent.getByTestId("receipt-order");
  await expect(order).toContainText("已支付");
  await expect(order).toContainText("营服");
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("product-receipt-390.png"), fullPage: true });
  await expectNoSeriousViolations(respondent, "回执页的订单");
  await phone.close();

  // The creator at 1280 px: 订单管理 shows the paid order and its totals, and refunds the T-shirt.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}`);
  await page.getByRole("tab", { name: "订单管理" }).click();
  const tab = page.getByTestId("orders-tab");
  const row = tab.locator("tr", { hasText: "周末训练营" });
  await expect(row).toContainText("已支付");
  await expect(tab).toContainText("234.00");
  await row.getByRole("button", { name: "退款" }).click();
  const dialog = page.getByRole("dialog", { name: /退款/ });
  await dialog.getByLabel("退款金额（元）").fill("35");
  await dialog.getByLabel("退款原因").fill("营服尺码不合适");
  const refunded = page.waitForResponse((r) => r.url().includes("/questionary/refundFormOrder"));
  await dialog.getByRole("button", { name: /确定|确认退款/ }).click();
  expect((await (await refunded).json()).code).toBe(200);
  await expect(row).toContainText("部分退款");
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("product-orders-1280.png"), fullPage: true });

  // The designer shows the products' settings; the answer page at 1280 px does not scroll sideways.
  await page.goto(`/dc/dcDesign?id=${q.id}`);
  const productCard = page.getByTestId("question-card").nth(1);
  await expect(productCard).toContainText("周末训练营");
  await productCard.click({ position: { x: 8, y: 8 } });
  await expect(page.getByTestId("product-settings")).toBeVisible();
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("product-design-1280.png") });
  await openAnswerPage(page, q.publicId);
  await expect(card(page, "shop").getByTestId("product-card").first()).toBeVisible();
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("product-answer-1280.png"), fullPage: true });
});
