import type { ConsumptionView, OrderView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, insertVipSet } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { pruneExpiredRecords } from "../../commands/maintenance.ts";
import { jobWorkerOf } from "../../jobs/index.ts";

// Issue #33: an abandoned payment read like a double charge. Unpaid orders close after 30 minutes (the
// providers' side first), show 待支付 without a minus sign until then, and 已关闭 after.

let t: TestContext;
let buyer: BuiltUser;
beforeAll(async () => {
  // The local gateway with its own key: pay/fakeGatewayPay plays the payer who scans the code.
  t = await createTestContext({ PAY_FAKE: "1" });
  buyer = await buildUser(t);
  await insertVipSet(t, 1, { name: "黄金会员", badge: "gold", priceMonthFen: 9_900, priceYearFen: 99_000 });
});
afterAll(async () => {
  await t.close();
});

async function startGold(): Promise<OrderView> {
  const order = await call<OrderView>(t.app, "POST", "pay/createOrder", {
    token: buyer.token,
    params: { kind: "vip", vipLevel: 1, period: "month" },
  });
  expect(order.body.code, order.body.msg).toBe(200);
  const started = await call(t.app, "POST", "pay/payOrder", {
    token: buyer.token,
    params: { orderNo: order.body.data.orderNo, provider: "fake" },
  });
  expect(started.body.code, started.body.msg).toBe(200);
  return order.body.data;
}

const order = async (orderNo: string) =>
  (await call<OrderView>(t.app, "GET", "pay/getOrder", { token: buyer.token, params: { orderNo } })).body
    .data;

async function consumptionRow(orderNo: string): Promise<ConsumptionView | undefined> {
  const page = await call<{ list: ConsumptionView[] }>(t.app, "GET", "user/accountConsumption", {
    token: buyer.token,
    params: { pageNum: 1, pageSize: 50 },
  });
  return page.body.data.list.find((row) => row.orderNo === orderNo);
}

describe("an unpaid order", () => {
  it("shows 待支付 without a minus sign, closes after 30 minutes, and its code can no longer be paid", async () => {
    const gold = await startGold();
    expect(await consumptionRow(gold.orderNo)).toMatchObject({ amountFen: 9_900, statusLabel: "待支付" });

    t.clock.advance(29 * 60);
    await jobWorkerOf(t.app).idle();
    expect((await order(gold.orderNo)).status).toBe("pending");

    t.clock.advance(60);
    await jobWorkerOf(t.app).idle();
    expect((await order(gold.orderNo)).status).toBe("cancelled");
    expect(await consumptionRow(gold.orderNo)).toMatchObject({ amountFen: 9_900, statusLabel: "已关闭" });
    const late = await call(t.app, "POST", "pay/fakeGatewayPay", {
      token: buyer.token,
      params: { orderNo: gold.orderNo },
    });
    expect(late.body).toMatchObject({ code: 409, msg: "该订单已支付或已关闭，无需重复支付" });
    expect((await order(gold.orderNo)).status).toBe("cancelled");
  });

  it("paid in time is delivered and shown as money gone; a 对公转账 waits for the bank", async () => {
    const paid = await startGold();
    const pay = await call(t.app, "POST", "pay/fakeGatewayPay", {
      token: buyer.token,
      params: { orderNo: paid.orderNo },
    });
    expect(pay.body.code, pay.body.msg).toBe(200);
    const byBank = await startGold();
    await t.db
      .updateTable("orders")
      .set({ provider: "transfer" })
      .where("orderNo", "=", byBank.orderNo)
      .execute();

    t.clock.advance(31 * 60);
    await jobWorkerOf(t.app).idle();
    expect(await consumptionRow(paid.orderNo)).toMatchObject({ amountFen: -9_900, statusLabel: "已支付" });
    expect((await order(byBank.orderNo)).status).toBe("pending");
  });

  it("made before closing was scheduled is queued by the periodic maintenance and closed", async () => {
    const old = await startGold();
    await t.db.deleteFrom("jobs").where("key", "=", `order-expiry:${old.orderNo}`).execute();
    t.clock.advance(31 * 60);
    await jobWorkerOf(t.app).idle();
    expect((await order(old.orderNo)).status).toBe("pending");
    expect((await pruneExpiredRecords(t.ctx)).overdueOrders).toBeGreaterThanOrEqual(1);
    await jobWorkerOf(t.app).idle();
    expect((await order(old.orderNo)).status).toBe("cancelled");
  });
});
