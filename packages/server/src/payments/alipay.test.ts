import type { OrderView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { alipayNotification, rsaPair, startFakeAlipay } from "../../test/payment-fakes.ts";
import { jobWorkerOf } from "../jobs/index.ts";

const app = rsaPair();
const alipay = rsaPair();
const forger = rsaPair();

let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeAlipay>>;
let owner: BuiltUser;
beforeAll(async () => {
  fake = await startFakeAlipay({ appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey });
  t = await createTestContext({
    ALIPAY_APP_ID: "2021000000000001",
    ALIPAY_PRIVATE_KEY: app.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    ALIPAY_NOTIFY_URL: "https://wjgj.example.com/wjgj/api/pay/notify/alipay",
    ALIPAY_GATEWAY: fake.url,
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

function paidParams(order: OrderView, changes: Record<string, string> = {}) {
  return {
    notify_time: "2026-06-01 10:00:05",
    notify_type: "trade_status_sync",
    notify_id: `ac05099524730693a8b330c5ecf72da${order.orderNo.slice(-6)}`,
    app_id: "2021000000000001",
    trade_no: `2026060122001${order.orderNo.slice(-8)}`,
    out_trade_no: order.orderNo,
    trade_status: "TRADE_SUCCESS",
    total_amount: (order.amountFen / 100).toFixed(2),
    subject: "余额充值",
    ...changes,
  };
}

const notify = (body: string) =>
  t.app.inject({
    method: "POST",
    url: "/wjgj/api/pay/notify/alipay",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    payload: body,
  });

async function statusOf(orderNo: string) {
  const res = await call<OrderView>(t.app, "GET", "pay/getOrder", {
    token: owner.token,
    params: { orderNo },
  });
  return res.body.data.status;
}

const transfersOf = (orderNo: string) =>
  t.db.selectFrom("ledger_transfers").selectAll().where("reference", "=", orderNo).execute();

describe("Alipay precreate", () => {
  it("asks the gateway for a QR code with an RSA2-signed request and checks the signed answer", async () => {
    const order = await newOrder(1_999);
    const paid = await call<{ codeUrl: string }>(t.app, "POST", "pay/payOrder", {
      token: owner.token,
      params: { orderNo: order.orderNo, provider: "alipay" },
    });
    expect(paid.body).toMatchObject({
      code: 200,
      data: { codeUrl: `https://qr.alipay.com/${order.orderNo}` },
    });
    expect(fake.calls.at(-1)).toMatchObject({
      path: "alipay.trade.precreate",
      body: { app_id: "2021000000000001", biz: { out_trade_no: order.orderNo, total_amount: "19.99" } },
    });
  });

  it("a valid notification marks the order paid once, answering success; replays change nothing", async () => {
    const order = await newOrder(2_550);
    const body = alipayNotification(alipay.privateKey, paidParams(order));
    const answers = await Promise.all([1, 2, 3].map(() => notify(body)));
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
      [200, "success"],
      [200, "success"],
      [200, "success"],
    ]);
    expect(await statusOf(order.orderNo)).toBe("paid");
    expect(await transfersOf(order.orderNo)).toHaveLength(1);
    const finished = alipayNotification(
      alipay.privateKey,
      paidParams(order, { trade_status: "TRADE_FINISHED", notify_id: "later" }),
    );
    expect((await notify(finished)).body).toBe("success");
    expect(await transfersOf(order.orderNo)).toHaveLength(1);
  });

  it("refuses forged, altered or mismatched notifications with failure, and the order stays pending", async () => {
    const order = await newOrder(3_000);
    const good = alipayNotification(alipay.privateKey, paidParams(order));
    const bodies = {
      forged: alipayNotification(forger.privateKey, paidParams(order)),
      altered: good.replace("total_amount=30.00", "total_amount=0.01"),
      cheaper: alipayNotification(alipay.privateKey, paidParams(order, { total_amount: "0.01" })),
      otherApp: alipayNotification(alipay.privateKey, paidParams(order, { app_id: "2021000000000999" })),
      waiting: alipayNotification(alipay.privateKey, paidParams(order, { trade_status: "WAIT_BUYER_PAY" })),
      unsigned: good.replace(/&sign=[^&]*/, ""),
    };
    for (const [name, body] of Object.entries(bodies)) {
      const res = await notify(body);
      expect([res.statusCode, res.body], name).toEqual([200, "failure"]);
    }
    expect(await statusOf(order.orderNo)).toBe("pending");
    expect(await transfersOf(order.orderNo)).toHaveLength(0);
  });

  it("closes an unpaid order at Alipay after 30 minutes; one the payer paid first waits for its notification", async () => {
    const unpaid = await newOrder(500);
    const paidFirst = await newOrder(600);
    fake.paid.add(paidFirst.orderNo);
    t.clock.advance(31 * 60);
    await jobWorkerOf(t.app).idle();
    expect(await statusOf(unpaid.orderNo)).toBe("cancelled");
    expect(fake.calls.filter((c) => c.path === "alipay.trade.close").map((c) => c.body.biz)).toEqual(
      expect.arrayContaining([{ out_trade_no: unpaid.orderNo }, { out_trade_no: paidFirst.orderNo }]),
    );
    expect(await statusOf(paidFirst.orderNo)).toBe("pending");
    expect((await notify(alipayNotification(alipay.privateKey, paidParams(paidFirst)))).body).toBe("success");
    expect(await statusOf(paidFirst.orderNo)).toBe("paid");
  });
});
