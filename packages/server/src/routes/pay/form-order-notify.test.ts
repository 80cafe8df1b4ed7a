import crypto from "node:crypto";
import {
  type ConsumptionView,
  ORDER_PAY_MINUTES,
  type ProductQuestionConfig,
  productQuestionConfigSchema,
} from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, type TestContext } from "../../../test/helpers.ts";
import { createFakePayContext } from "../../../test/wallet.ts";
import { createFormOrder, startFormOrderPayment } from "../../commands/form-orders/create.ts";
import { refundFormOrder } from "../../commands/form-orders/refund.ts";
import { pruneExpiredRecords } from "../../commands/maintenance.ts";
import { balanceOf, walletKey } from "../../commands/money/ledger.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { signFakeNotification } from "../../payments/fake-provider.ts";

// Issue #41: form orders (numbers starting with "F") paid through the real notify route, refunded through the
// local fake gateway, shown in the creator's 消费明细, and closed by the periodic maintenance.

let t: TestContext;
let gateway: crypto.KeyPairKeyObjectResult;
let owner: BuiltUser;
let questionnaireId: number;
const config: ProductQuestionConfig = productQuestionConfigSchema.parse({
  items: [
    { id: "tee", name: "文化衫", priceFen: 1000, stock: 5 },
    { id: "cup", name: "保温杯", priceFen: 2500 },
  ],
});

beforeAll(async () => {
  ({ t, gateway } = await createFakePayContext());
  owner = await buildUser(t);
  questionnaireId = (await buildQuestionnaire(t, owner, { kind: "form", title: "社团周边" })).id;
});
afterAll(async () => {
  await t.close();
});

let buyers = 0;
/** 文化衫 ×1 + 保温杯 ×1 = 35.00 元 at a 6% platform fee (2.10 元), its payment started with the fake gateway. */
async function pendingOrder(): Promise<FormOrderRow> {
  const order = await createFormOrder(t.ctx, {
    questionnaireId,
    questionId: "q1",
    config,
    answer: {
      lines: [
        { itemId: "tee", quantity: 1 },
        { itemId: "cup", quantity: 1 },
      ],
    },
    buyerKey: `buyer:${++buyers}`,
    feeRateBasisPoints: 600,
  });
  await startFormOrderPayment(t.ctx, { orderNo: order.orderNo, provider: "fake" });
  return order;
}

function notify(orderNo: string, amountFen: number, key = gateway.privateKey) {
  const note = signFakeNotification(
    key,
    { notifyId: `n-${orderNo}`, orderNo, tradeNo: `T${orderNo}`, amountFen },
    t.clock.now(),
  );
  return t.app.inject({
    method: "POST",
    url: "/wjgj/api/pay/notify/fake",
    headers: note.headers,
    payload: note.body,
  });
}

const orderRow = (orderNo: string) =>
  t.db.selectFrom("form_orders").selectAll().where("orderNo", "=", orderNo).executeTakeFirstOrThrow();

/** Every row of money, stock and orders, sorted: identical before and after a call that must change nothing. */
const snapshot = () =>
  Promise.all(
    (
      ["ledger_accounts", "ledger_transfers", "product_stock", "form_orders", "form_order_refunds"] as const
    ).map(async (table) =>
      (await t.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort(),
    ),
  );

const teeStock = () =>
  t.db
    .selectFrom("product_stock")
    .select(["reserved", "sold"])
    .where("questionnaireId", "=", questionnaireId)
    .where("itemKey", "=", "tee")
    .executeTakeFirstOrThrow()
    .then((row) => ({ reserved: Number(row.reserved), sold: Number(row.sold) }));

describe("a form order's payment notification", () => {
  it("refuses a forged signature and a wrong amount, pays once, and a replay changes nothing", async () => {
    const order = await pendingOrder();
    const before = await snapshot();
    expect(
      (await notify(order.orderNo, 3_500, crypto.generateKeyPairSync("ed25519").privateKey)).statusCode,
    ).toBe(400);
    expect((await notify(order.orderNo, 100)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    expect((await notify(order.orderNo, 3_500)).statusCode).toBe(200);
    expect(await orderRow(order.orderNo)).toMatchObject({ status: "paid", provider: "fake" });
    expect(await teeStock()).toEqual({ reserved: 0, sold: 1 });
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toMatchObject({ posted: 3_290 });

    const paid = await snapshot();
    expect((await notify(order.orderNo, 3_500)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(paid);
  });

  it("is refunded in part through the fake gateway and shows in the creator's 消费明细 in exact fen", async () => {
    const order = await pendingOrder();
    expect((await notify(order.orderNo, 3_500)).statusCode).toBe(200);
    t.clock.advance(60);
    const refunded = await refundFormOrder(t.ctx, owner.user, {
      orderNo: order.orderNo,
      amountFen: 1_000,
      reason: "尺码不合适",
    });
    expect(refunded).toMatchObject({ status: "partially_refunded" });
    const refund = await t.db
      .selectFrom("form_order_refunds")
      .select(["amountFen", "feeBackFen", "status"])
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    // The fee given back is floor(210 × 1000 / 3500) = 60 fen; the creator bears the other 940.
    expect(refund).toMatchObject({ status: "done" });
    expect([Number(refund.amountFen), Number(refund.feeBackFen)]).toEqual([1_000, 60]);

    const page = await call<{ list: ConsumptionView[] }>(t.app, "GET", "user/accountConsumption", {
      token: owner.token,
      params: { pageNum: 1, pageSize: 50, type: "form_order" },
    });
    expect(page.body.code, page.body.msg).toBe(200);
    const rows = page.body.data.list
      .filter((row) => row.orderNo === order.orderNo)
      .map((row) => [row.typeLabel, row.itemName, row.amountFen]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["商品订单", "商品订单收入", 3_500],
        ["商品订单", "平台服务费", -210],
        ["商品订单", "商品订单退款", -940],
      ]),
    );
    expect(rows).toHaveLength(3);
  });
});

describe("closing unpaid form orders", () => {
  it("closes an order by its own job at its deadline, not a minute before, and gives its stock back once", async () => {
    const order = await pendingOrder();
    const reserved = (await teeStock()).reserved;
    t.clock.advance(ORDER_PAY_MINUTES * 60 - 60);
    await jobWorkerOf(t.app).idle();
    expect((await orderRow(order.orderNo)).status).toBe("pending");

    t.clock.advance(60);
    await jobWorkerOf(t.app).idle();
    expect((await orderRow(order.orderNo)).status).toBe("expired");
    expect((await teeStock()).reserved).toBe(reserved - 1);
    // The maintenance's sweep after the job finds nothing left to close.
    expect((await pruneExpiredRecords(t.ctx)).expiredFormOrders).toBe(0);
    expect((await teeStock()).reserved).toBe(reserved - 1);
  });

  it("are swept by the periodic maintenance when their job was lost", async () => {
    const order = await pendingOrder();
    await t.db.deleteFrom("jobs").where("key", "=", `form-order-expiry:${order.orderNo}`).execute();
    const reserved = (await teeStock()).reserved;
    expect(reserved).toBeGreaterThan(0);

    t.clock.advance(ORDER_PAY_MINUTES * 60 - 60);
    expect((await pruneExpiredRecords(t.ctx)).expiredFormOrders).toBe(0);
    expect((await orderRow(order.orderNo)).status).toBe("pending");

    t.clock.advance(60);
    expect((await pruneExpiredRecords(t.ctx)).expiredFormOrders).toBe(1);
    expect((await orderRow(order.orderNo)).status).toBe("expired");
    expect((await teeStock()).reserved).toBe(reserved - 1);
  });
});
