import { type OrderView, productQuestionConfigSchema } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import {
  type FakeProvider,
  rsaPair,
  startFakeWechatPay,
  wechatNotification,
} from "../../test/payment-fakes.ts";
import { createFormOrder, startFormOrderPayment } from "../commands/form-orders/create.ts";
import { refundFormOrder } from "../commands/form-orders/refund.ts";
import { loadConfig } from "../config.ts";
import { jobWorkerOf } from "../jobs/index.ts";

const merchant = rsaPair();
const platform = rsaPair();
const forger = rsaPair();
const apiV3Key = "0123456789abcdef0123456789ABCDEF";
const otherV3Key = "ffffffffffffffffffffffffffffffff";

let t: TestContext;
let fake: FakeProvider;
let owner: BuiltUser;
beforeAll(async () => {
  fake = await startFakeWechatPay(merchant.publicKey);
  t = await createTestContext({
    WECHATPAY_MCH_ID: "1900000109",
    WECHATPAY_APP_ID: "wxd678efh567hg6787",
    WECHATPAY_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
    // A one-line variable carries the PEM with escaped newlines.
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, "\\n"),
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_APIV3_KEY: apiV3Key,
    WECHATPAY_NOTIFY_URL: "https://wjgj.example.com/wjgj/api/pay/notify/wechat",
    WECHATPAY_BASE_URL: fake.url,
  });
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function newOrder(amountFen: number) {
  const order = await call<OrderView>(t.app, "POST", "pay/createOrder", {
    token: owner.token,
    params: { kind: "recharge", amountFen },
  });
  return order.body.data;
}

function transaction(order: Pick<OrderView, "orderNo" | "amountFen">, changes: Record<string, unknown> = {}) {
  return {
    mchid: "1900000109",
    appid: "wxd678efh567hg6787",
    out_trade_no: order.orderNo,
    transaction_id: `4200000${order.orderNo.slice(-10)}`,
    trade_type: "NATIVE",
    trade_state: "SUCCESS",
    amount: { total: order.amountFen, payer_total: order.amountFen, currency: "CNY" },
    ...changes,
  };
}

const notify = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: "POST", url: "/wjgj/api/pay/notify/wechat", headers: n.headers, payload: n.body });

async function statusOf(orderNo: string) {
  const res = await call<OrderView>(t.app, "GET", "pay/getOrder", {
    token: owner.token,
    params: { orderNo },
  });
  return res.body.data.status;
}

const transfersOf = (orderNo: string) =>
  t.db.selectFrom("ledger_transfers").selectAll().where("reference", "=", orderNo).execute();

describe("WeChat Pay v3 Native", () => {
  it("asks the provider for a QR code with a signed request", async () => {
    const order = await newOrder(1_234);
    const paid = await call<{ codeUrl: string }>(t.app, "POST", "pay/payOrder", {
      token: owner.token,
      params: { orderNo: order.orderNo, provider: "wechat" },
    });
    expect(paid.body).toMatchObject({
      code: 200,
      data: { codeUrl: `weixin://wxpay/bizpayurl?pr=${order.orderNo}` },
    });
    expect(fake.calls.at(-1)).toMatchObject({
      path: "/v3/pay/transactions/native",
      body: { out_trade_no: order.orderNo, mchid: "1900000109", amount: { total: 1_234, currency: "CNY" } },
    });
  });

  it("a valid notification marks the order paid once; replays change nothing", async () => {
    const order = await newOrder(2_000);
    const note = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      transaction(order),
      t.clock.now(),
    );
    const answers = await Promise.all([1, 2, 3].map(() => notify(note)));
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    expect(await statusOf(order.orderNo)).toBe("paid");
    expect(await transfersOf(order.orderNo)).toHaveLength(1);
    // The same payment notified again later under a new id is still one payment.
    const again = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      transaction(order),
      t.clock.now(),
    );
    expect((await notify(again)).statusCode).toBe(204);
    expect(await transfersOf(order.orderNo)).toHaveLength(1);
    const wallet = await call<{ availableFen: number }>(t.app, "GET", "pay/getWallet", {
      token: owner.token,
    });
    expect(wallet.body.data.availableFen).toBe(2_000);
  });

  it("refuses forged, altered, undecryptable, stale or mismatched notifications, and the order stays pending", async () => {
    const order = await newOrder(3_000);
    const keys = { platformPrivateKey: platform.privateKey, apiV3Key };
    const now = t.clock.now();
    const good = wechatNotification(keys, transaction(order), now);
    const forged = wechatNotification(
      { ...keys, platformPrivateKey: forger.privateKey },
      transaction(order),
      now,
    );
    const wrongKey = wechatNotification({ ...keys, apiV3Key: otherV3Key }, transaction(order), now);
    const stale = wechatNotification(keys, transaction(order), new Date(now.getTime() - 3_600_000));
    const cheaper = wechatNotification(keys, transaction(order, { amount: { total: 1 } }), now);
    const otherMerchant = wechatNotification(keys, transaction(order, { mchid: "1900000999" }), now);
    const unpaid = wechatNotification(keys, transaction(order, { trade_state: "NOTPAY" }), now);
    const altered = {
      headers: good.headers,
      body: good.body.replace('"summary":"支付成功"', '"summary":"x"'),
    };
    const unsigned = { headers: { ...good.headers, "wechatpay-signature": "" }, body: good.body };
    for (const [name, note] of Object.entries({
      forged,
      wrongKey,
      stale,
      cheaper,
      otherMerchant,
      unpaid,
      altered,
      unsigned,
    })) {
      const res = await notify(note);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: "FAIL" });
    }
    expect(await statusOf(order.orderNo)).toBe("pending");
    expect(await transfersOf(order.orderNo)).toHaveLength(0);
  });

  it("refuses to start half configured, naming what is missing", () => {
    expect(() => loadConfig({ WECHATPAY_MCH_ID: "1900000109", WECHATPAY_APP_ID: "wx1" })).toThrow(
      /微信支付配置不完整，缺少环境变量：WECHATPAY_SERIAL_NO、WECHATPAY_PRIVATE_KEY/,
    );
  });

  it("closes an unpaid order at WeChat Pay after 30 minutes; one the payer paid first waits for its notification", async () => {
    const unpaid = await newOrder(500);
    const paidFirst = await newOrder(600);
    for (const order of [unpaid, paidFirst])
      await call(t.app, "POST", "pay/payOrder", {
        token: owner.token,
        params: { orderNo: order.orderNo, provider: "wechat" },
      });
    fake.paid.add(paidFirst.orderNo);
    t.clock.advance(29 * 60);
    await jobWorkerOf(t.app).idle();
    expect(await statusOf(unpaid.orderNo)).toBe("pending");
    t.clock.advance(2 * 60);
    await jobWorkerOf(t.app).idle();
    expect(await statusOf(unpaid.orderNo)).toBe("cancelled");
    expect(fake.calls.filter((c) => c.path.endsWith("/close")).map((c) => [c.path, c.body])).toEqual(
      expect.arrayContaining([
        [`/v3/pay/transactions/out-trade-no/${unpaid.orderNo}/close`, { mchid: "1900000109" }],
      ]),
    );
    expect(await statusOf(paidFirst.orderNo)).toBe("pending");
    const note = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      transaction(paidFirst),
      t.clock.now(),
    );
    expect((await notify(note)).statusCode).toBe(204);
    expect(await statusOf(paidFirst.orderNo)).toBe("paid");
  });

  it("a partial refund of a form order sends the refund and the order's whole total", async () => {
    const { id: questionnaireId } = await buildQuestionnaire(t, owner, { kind: "form", title: "报名" });
    const config = productQuestionConfigSchema.parse({
      items: [{ id: "fee", name: "报名费", priceFen: 1_000 }],
    });
    const order = await createFormOrder(t.ctx, {
      questionnaireId,
      questionId: "q1",
      config,
      answer: { lines: [{ itemId: "fee", quantity: 1 }] },
      buyerKey: "buyer:wechat",
      feeRateBasisPoints: 0,
    });
    await startFormOrderPayment(t.ctx, { orderNo: order.orderNo, provider: "wechat" });
    const note = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      transaction({ orderNo: order.orderNo, amountFen: 1_000 }),
      t.clock.now(),
    );
    expect((await notify(note)).statusCode).toBe(204);
    await refundFormOrder(t.ctx, owner.user, { orderNo: order.orderNo, amountFen: 300, reason: "少发一件" });
    expect(fake.calls.at(-1)).toMatchObject({
      path: "/v3/refund/domestic/refunds",
      body: {
        out_trade_no: order.orderNo,
        amount: { refund: 300, total: 1_000, currency: "CNY" },
        reason: "少发一件",
      },
    });
  });

  it("answers a clear message when the provider cannot be reached", async () => {
    const order = await newOrder(500);
    await fake.app.close();
    const res = await call(t.app, "POST", "pay/payOrder", {
      token: owner.token,
      params: { orderNo: order.orderNo, provider: "wechat" },
    });
    expect(res.body).toMatchObject({ code: 409, msg: "支付服务暂时无法连接，请稍后重试或选择其他支付方式" });
  });
});
