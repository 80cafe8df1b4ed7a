import crypto from "node:crypto";
import { type ProductQuestionConfig, productQuestionConfigSchema, ResultCode } from "@wjgj/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { transaction } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { AppError } from "../../errors.ts";
import { fakeProvider } from "../../payments/fake-provider.ts";
import { paymentsFor } from "../../payments/index.ts";
import type { RefundRequest } from "../../payments/provider.ts";
import {
  balanceOf,
  InsufficientBalanceError,
  ledgerMismatches,
  siteKey,
  transfer,
  walletKey,
} from "../money/ledger.ts";
import { createFormOrder, startFormOrderPayment } from "./create.ts";
import { expireUnpaid, FORM_ORDER_EXPIRY_JOB } from "./expire.ts";
import { listFormOrders } from "./list.ts";
import { LATE_PAYMENT_REFUND_REASON, markFormOrderPaid } from "./pay.ts";
import { refundFormOrder } from "./refund.ts";

let t: TestContext;
/** What the test provider was asked to refund; `refuseNext` makes its next refund fail like a gateway's. */
const refunds: RefundRequest[] = [];
let refuseNext = false;

beforeAll(async () => {
  t = await createTestContext();
  const base = fakeProvider(crypto.generateKeyPairSync("ed25519").publicKey);
  paymentsFor(t.ctx).providers.set("testpay", {
    ...base,
    name: "testpay",
    async refund(request) {
      if (refuseNext) {
        refuseNext = false;
        throw new AppError(ResultCode.conflict, "refundFailed");
      }
      refunds.push(request);
    },
  });
});
afterAll(async () => {
  await t.close();
});

const config = (stock: number | undefined, priceFen = 1000): ProductQuestionConfig =>
  productQuestionConfigSchema.parse({
    items: [
      { id: "tee", name: "文化衫", priceFen, variants: [{ name: "尺码", values: ["S", "M"] }], stock },
      { id: "cup", name: "保温杯", priceFen: 2500 },
    ],
  });

interface Shop {
  owner: BuiltUser;
  questionnaireId: number;
  config: ProductQuestionConfig;
}

async function openShop(stock: number | undefined, priceFen = 1000): Promise<Shop> {
  const owner = await buildUser(t);
  const questionnaire = await buildQuestionnaire(t, owner, { kind: "form", title: "社团周边" });
  return { owner, questionnaireId: questionnaire.id, config: config(stock, priceFen) };
}

let buyers = 0;
function order(shop: Shop, lines: Array<{ itemId: string; quantity: number }>, feeRateBasisPoints = 60) {
  return createFormOrder(t.ctx, {
    questionnaireId: shop.questionnaireId,
    questionId: "q1",
    config: shop.config,
    answer: { lines: lines.map((l) => (l.itemId === "tee" ? { ...l, variant: { 尺码: "M" } } : l)) },
    buyerKey: `buyer:${++buyers}`,
    feeRateBasisPoints,
  });
}

const notice = (o: Pick<FormOrderRow, "orderNo" | "totalFen">, amountFen = Number(o.totalFen)) => ({
  notifyId: `n-${o.orderNo}`,
  orderNo: o.orderNo,
  tradeNo: `T${o.orderNo}`,
  amountFen,
});

async function pay(o: FormOrderRow, amountFen?: number) {
  await startFormOrderPayment(t.ctx, { orderNo: o.orderNo, provider: "testpay" });
  return markFormOrderPaid(t.ctx, "testpay", notice(o, amountFen));
}

async function stockOf(shop: Shop, itemKey = "tee") {
  const row = await t.db
    .selectFrom("product_stock")
    .select(["stock", "reserved", "sold"])
    .where("questionnaireId", "=", shop.questionnaireId)
    .where("itemKey", "=", itemKey)
    .executeTakeFirst();
  if (!row) return { stock: null, reserved: 0, sold: 0 };
  return {
    stock: row.stock === null ? null : Number(row.stock),
    reserved: Number(row.reserved),
    sold: Number(row.sold),
  };
}

/** Everything money and stock: must be identical before and after a call that should change nothing. */
async function snapshot() {
  return {
    accounts: await t.db
      .selectFrom("ledger_accounts")
      .select(["key", "posted", "pending"])
      .orderBy("key")
      .execute(),
    transfers: await t.db.selectFrom("ledger_transfers").select("id").orderBy("id").execute(),
    stock: await t.db
      .selectFrom("product_stock")
      .selectAll()
      .orderBy("questionnaireId")
      .orderBy("itemKey")
      .execute(),
    orders: await t.db.selectFrom("form_orders").selectAll().orderBy("id").execute(),
    refunds: await t.db.selectFrom("form_order_refunds").selectAll().orderBy("id").execute(),
  };
}

async function settle<T>(
  promise: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}

describe("stock under concurrency", () => {
  it("500 buyers for 100 T恤: exactly 100 reserved then sold, the other 400 told it is sold out", async () => {
    const shop = await openShop(100);
    const results = await Promise.all(
      Array.from({ length: 500 }, () => settle(order(shop, [{ itemId: "tee", quantity: 1 }]))),
    );
    const made = results.flatMap((r) => (r.ok ? [r.value] : []));
    const refused = results.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(made).toHaveLength(100);
    expect(refused).toHaveLength(400);
    expect(new Set(refused.map((e) => e.message))).toEqual(new Set(["文化衫 已售罄"]));
    expect(await stockOf(shop)).toEqual({ stock: 100, reserved: 100, sold: 0 });
    expect(await Promise.all(made.map((o) => pay(o)))).toEqual(made.map(() => "paid"));
    expect(await stockOf(shop)).toEqual({ stock: 100, reserved: 0, sold: 100 });
  });

  it("an order for more than is left names what is left, and reserves nothing of its other products", async () => {
    const shop = await openShop(3);
    await order(shop, [{ itemId: "tee", quantity: 2 }]);
    const refused = await settle(
      order(shop, [
        { itemId: "cup", quantity: 1 },
        { itemId: "tee", quantity: 2 },
      ]),
    );
    expect(refused.ok ? "" : refused.error.message).toBe("库存不足：文化衫 仅剩 1 件");
    expect(await stockOf(shop, "cup")).toEqual({ stock: null, reserved: 0, sold: 0 });
    expect(await stockOf(shop)).toEqual({ stock: 3, reserved: 2, sold: 0 });
  });
});

describe("每人限购 across orders", () => {
  it("20 concurrent orders of one buyer for a product limited to 2 each: exactly 2; an expired one frees its place", async () => {
    const owner = await buildUser(t);
    const questionnaire = await buildQuestionnaire(t, owner, { kind: "form", title: "限购" });
    const limited = productQuestionConfigSchema.parse({
      items: [{ id: "ticket", name: "门票", priceFen: 500, perPerson: 2 }],
    });
    const buy = () =>
      createFormOrder(t.ctx, {
        questionnaireId: questionnaire.id,
        questionId: "q1",
        config: limited,
        answer: { lines: [{ itemId: "ticket", quantity: 1 }] },
        buyerKey: "same-buyer",
        feeRateBasisPoints: 0,
      });
    const results = await Promise.all(Array.from({ length: 20 }, () => settle(buy())));
    const made = results.flatMap((r) => (r.ok ? [r.value] : []));
    expect(made).toHaveLength(2);
    expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.message])))).toEqual(
      new Set(["「门票」每人限购 2 件"]),
    );
    expect(await pay(made[0] as FormOrderRow)).toBe("paid");
    t.clock.advance(31 * 60);
    await expireUnpaid(t.ctx);
    expect((await settle(buy())).ok).toBe(true);
    expect((await settle(buy())).ok).toBe(false);
  });
});

describe("unpaid and late orders", () => {
  it("two concurrent expiry sweeps give the stock back exactly once", async () => {
    const shop = await openShop(10);
    await Promise.all(Array.from({ length: 8 }, () => order(shop, [{ itemId: "tee", quantity: 1 }])));
    const paidOne = await order(shop, [{ itemId: "tee", quantity: 2 }]);
    expect(await pay(paidOne)).toBe("paid");
    expect(await stockOf(shop)).toEqual({ stock: 10, reserved: 8, sold: 2 });
    // The two sweeps race each other alone: the orders' own expiry jobs are taken out of the queue.
    await t.db.deleteFrom("jobs").where("kind", "=", FORM_ORDER_EXPIRY_JOB).execute();
    t.clock.advance(29 * 60);
    expect(await expireUnpaid(t.ctx)).toBe(0);
    t.clock.advance(60);
    // Pending orders of earlier tests (the file shares its database) are overdue too: each is closed once.
    const pending = await t.db
      .selectFrom("form_orders")
      .select("id")
      .where("status", "=", "pending")
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(8);
    const [a, b] = await Promise.all([expireUnpaid(t.ctx), expireUnpaid(t.ctx)]);
    expect(a + b).toBe(pending.length);
    expect(await stockOf(shop)).toEqual({ stock: 10, reserved: 0, sold: 2 });
    expect(await expireUnpaid(t.ctx)).toBe(0);
    expect(await stockOf(shop)).toEqual({ stock: 10, reserved: 0, sold: 2 });
  });

  it("a payment after expiry takes the stock again when it is there, else is refunded in full without booking", async () => {
    const shop = await openShop(1);
    const late = await order(shop, [{ itemId: "tee", quantity: 1 }]);
    await startFormOrderPayment(t.ctx, { orderNo: late.orderNo, provider: "testpay" });
    t.clock.advance(31 * 60);
    await expireUnpaid(t.ctx);
    expect(await stockOf(shop)).toEqual({ stock: 1, reserved: 0, sold: 0 });
    expect(await markFormOrderPaid(t.ctx, "testpay", notice(late))).toBe("paid");
    expect(await stockOf(shop)).toEqual({ stock: 1, reserved: 0, sold: 1 });

    const shop2 = await openShop(1);
    const loser = await order(shop2, [{ itemId: "tee", quantity: 1 }]);
    await startFormOrderPayment(t.ctx, { orderNo: loser.orderNo, provider: "testpay" });
    t.clock.advance(31 * 60);
    await expireUnpaid(t.ctx);
    const winner = await order(shop2, [{ itemId: "tee", quantity: 1 }]);
    expect(await pay(winner)).toBe("paid");
    const wallet = await balanceOf(t.db, walletKey(shop2.owner.user.id));
    expect(await markFormOrderPaid(t.ctx, "testpay", notice(loser))).toBe("refunding");
    expect(await stockOf(shop2)).toEqual({ stock: 1, reserved: 0, sold: 1 });
    expect(await balanceOf(t.db, walletKey(shop2.owner.user.id))).toEqual(wallet);
    expect(refunds.at(-1)).toMatchObject({
      orderNo: loser.orderNo,
      amountFen: 1000,
      reason: LATE_PAYMENT_REFUND_REASON,
    });
    const row = await t.db
      .selectFrom("form_orders")
      .selectAll()
      .where("id", "=", loser.id)
      .executeTakeFirstOrThrow();
    expect([row.status, Number(row.refundedFen)]).toEqual(["refunded", 1000]);
    // Its notification replayed: nothing more.
    const before = await snapshot();
    expect(await markFormOrderPaid(t.ctx, "testpay", notice(loser))).toBe("duplicate");
    expect(await snapshot()).toEqual(before);
  });
});

describe("payment notifications", () => {
  it("a replayed notification changes nothing; a forged amount or an unknown order is refused", async () => {
    const shop = await openShop(5, 9999);
    const o = await order(shop, [{ itemId: "tee", quantity: 1 }], 60);
    expect(await markFormOrderPaid(t.ctx, "testpay", notice(o, 1))).toBe("refused");
    expect(
      await markFormOrderPaid(t.ctx, "testpay", { ...notice(o), orderNo: "F2026060110000000000000" }),
    ).toBe("refused");
    expect(await pay(o)).toBe("paid");
    // 9999 at 0.6 %: 59.994 fen, rounded down for the platform.
    expect(await balanceOf(t.db, walletKey(shop.owner.user.id))).toMatchObject({ available: 9999 - 59 });
    const before = await snapshot();
    expect(await markFormOrderPaid(t.ctx, "testpay", notice(o))).toBe("duplicate");
    expect(await markFormOrderPaid(t.ctx, "testpay", { ...notice(o), notifyId: "another" })).toBe(
      "duplicate",
    );
    expect(await markFormOrderPaid(t.ctx, "testpay", notice(o, 5))).toBe("refused");
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("refunds", () => {
  it("concurrent partial and full refunds never exceed what was paid", async () => {
    const shop = await openShop(undefined, 10_000);
    const o = await order(shop, [{ itemId: "tee", quantity: 1 }], 100);
    await pay(o);
    const results = await Promise.all([
      ...Array.from({ length: 15 }, () =>
        settle(
          refundFormOrder(t.ctx, shop.owner.user, { orderNo: o.orderNo, amountFen: 1000, reason: "缺货" }),
        ),
      ),
      settle(
        refundFormOrder(t.ctx, shop.owner.user, { orderNo: o.orderNo, amountFen: 10_000, reason: "全退" }),
      ),
    ]);
    const done = results.filter((r) => r.ok).length;
    const row = await t.db
      .selectFrom("form_orders")
      .selectAll()
      .where("id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.refundedFen)).toBeLessThanOrEqual(10_000);
    const refunded = await t.db
      .selectFrom("form_order_refunds")
      .select((eb) => eb.fn.sum<number>("amountFen").as("sum"))
      .where("orderId", "=", o.id)
      .executeTakeFirst();
    expect(Number(refunded?.sum)).toBe(Number(row.refundedFen));
    expect(done).toBeGreaterThan(0);
    for (const r of results)
      if (!r.ok) expect(r.error.message).toMatch(/^退款金额不能超过可退金额 \d+\.\d\d 元$|^只有已支付/);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("the whole fee comes back with a full refund; a creator who spent the money gets 余额不足; a refusing provider is undone", async () => {
    const shop = await openShop(undefined, 10_000);
    const o = await order(shop, [{ itemId: "tee", quantity: 1 }], 333);
    await pay(o);
    const wallet = walletKey(shop.owner.user.id);
    expect(await balanceOf(t.db, wallet)).toMatchObject({ available: 10_000 - 333 });
    refuseNext = true;
    const refused = await settle(
      refundFormOrder(t.ctx, shop.owner.user, { orderNo: o.orderNo, amountFen: 4000, reason: "" }),
    );
    expect(refused.ok ? "" : refused.error.messageKey).toBe("refundFailed");
    expect(await balanceOf(t.db, wallet)).toMatchObject({ available: 10_000 - 333 });
    await refundFormOrder(t.ctx, shop.owner.user, { orderNo: o.orderNo, amountFen: 4000, reason: "少发" });
    // The creator spends all but 1 元 of what is left.
    const left = (await balanceOf(t.db, wallet)).available;
    await transaction(t.db, (trx) =>
      transfer(trx, {
        id: `spend:${o.orderNo}`,
        debit: wallet,
        credit: siteKey("revenue"),
        amount: left - 100,
        kind: "vip",
        now: "2026-06-01T02:00:00.000Z",
      }),
    );
    const before = await snapshot();
    const short = await settle(
      refundFormOrder(t.ctx, shop.owner.user, { orderNo: o.orderNo, amountFen: 6000, reason: "" }),
    );
    expect(short.ok ? null : short.error).toBeInstanceOf(InsufficientBalanceError);
    expect(await snapshot()).toEqual(before);
    await transaction(t.db, (trx) =>
      transfer(trx, {
        id: `topup:${o.orderNo}`,
        debit: siteKey("payments"),
        credit: wallet,
        amount: left - 100,
        kind: "recharge",
        now: "2026-06-01T02:00:00.000Z",
      }),
    );
    const view = await refundFormOrder(t.ctx, shop.owner.user, {
      orderNo: o.orderNo,
      amountFen: 6000,
      reason: "",
    });
    expect([view.status, view.refundedFen]).toEqual(["refunded", 10_000]);
    expect(await balanceOf(t.db, wallet)).toMatchObject({ available: 0 });
    const listed = await listFormOrders(t.ctx, shop.owner.user, { pageNum: 1, pageSize: 10 });
    expect(listed.totals).toEqual({
      paidCount: 1,
      receivedFen: 10_000,
      refundedFen: 10_000,
      feeFen: 0,
      netFen: 0,
    });
    expect(refunds.filter((r) => r.orderNo === o.orderNo).map((r) => r.amountFen)).toEqual([4000, 6000]);
  });
});

describe("money, property", () => {
  it("random orders, payments, replays, expiries, late payments and refunds at random fee rates keep the books exact", async () => {
    const step = fc.oneof(
      fc.record({
        op: fc.constant("order" as const),
        n: fc.integer({ min: 1, max: 3 }),
        rate: fc.integer({ min: 0, max: 2000 }),
      }),
      fc.record({ op: fc.constant("pay" as const), n: fc.nat(20), rate: fc.constant(0) }),
      fc.record({ op: fc.constant("expire" as const), n: fc.constant(0), rate: fc.constant(0) }),
      fc.record({
        op: fc.constant("refund" as const),
        n: fc.nat(20),
        rate: fc.integer({ min: 1, max: 4000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const shop = await openShop(4, 1999);
        const made: FormOrderRow[] = [];
        for (const s of steps) {
          const picked = made[s.n % Math.max(made.length, 1)];
          if (s.op === "order") {
            const r = await settle(
              order(
                shop,
                [
                  { itemId: "tee", quantity: s.n },
                  { itemId: "cup", quantity: 1 },
                ],
                s.rate,
              ),
            );
            if (r.ok) made.push(r.value);
          } else if (s.op === "pay" && picked) {
            // Every payment is delivered twice, as gateways do.
            await markFormOrderPaid(t.ctx, "testpay", notice(picked));
            expect(["duplicate", "refused"]).toContain(
              await markFormOrderPaid(t.ctx, "testpay", notice(picked)),
            );
          } else if (s.op === "expire") {
            t.clock.advance(31 * 60);
            await expireUnpaid(t.ctx);
          } else if (s.op === "refund" && picked) {
            await settle(
              refundFormOrder(t.ctx, shop.owner.user, {
                orderNo: picked.orderNo,
                amountFen: s.rate,
                reason: "",
              }),
            );
          }
        }
        expect(await ledgerMismatches(t.db)).toEqual([]);
        const orders = await t.db
          .selectFrom("form_orders")
          .selectAll()
          .where("questionnaireId", "=", shop.questionnaireId)
          .execute();
        const refundRows = await t.db
          .selectFrom("form_order_refunds")
          .innerJoin("form_orders", "form_orders.id", "form_order_refunds.orderId")
          .selectAll("form_order_refunds")
          .where("form_orders.questionnaireId", "=", shop.questionnaireId)
          .execute();
        const booked = (id: string) =>
          t.db.selectFrom("ledger_transfers").select(["amount"]).where("id", "=", id).executeTakeFirst();
        // Money in: every order whose payment was booked (a late payment refunded at once never was).
        let moneyIn = 0;
        let fees = 0;
        for (const o of orders) {
          const pay = await booked(`form-order:${o.orderNo}:pay`);
          if (pay) {
            moneyIn += Number(pay.amount);
            fees += Number(o.feeFen);
          }
        }
        const done = refundRows.filter((r) => r.status !== "failed" && !r.refundNo.endsWith("L"));
        const refunded = done.reduce((sum, r) => sum + Number(r.amountFen), 0);
        const feeBack = done.reduce((sum, r) => sum + Number(r.feeBackFen), 0);
        const creator = (await balanceOf(t.db, walletKey(shop.owner.user.id))).posted;
        expect(creator + (fees - feeBack) + refunded).toBe(moneyIn);
        expect(creator).toBeGreaterThanOrEqual(0);
        // Each order's refunds add up to its refunded sum, within its total.
        for (const o of orders) {
          const sum = refundRows
            .filter((r) => r.orderId === o.id && r.status !== "failed")
            .reduce((a, r) => a + Number(r.amountFen), 0);
          expect(sum).toBe(Number(o.refundedFen));
          expect(Number(o.refundedFen)).toBeLessThanOrEqual(Number(o.totalFen));
        }
        // Stock: reserved is what pending orders hold, sold what booked orders bought (refunds do not restock).
        const tee = (list: FormOrderRow[]) =>
          list.reduce(
            (sum, o) =>
              sum +
              (JSON.parse(o.lines) as Array<{ itemId: string; quantity: number }>)
                .filter((l) => l.itemId === "tee")
                .reduce((a, l) => a + l.quantity, 0),
            0,
          );
        const bookedOrders: FormOrderRow[] = [];
        for (const o of orders) if (await booked(`form-order:${o.orderNo}:pay`)) bookedOrders.push(o);
        const stock = await stockOf(shop);
        expect(stock.reserved).toBe(tee(orders.filter((o) => o.status === "pending")));
        expect(stock.sold).toBe(tee(bookedOrders));
        expect(stock.reserved + stock.sold).toBeLessThanOrEqual(4);
      }),
      { numRuns: 8 },
    );
  });
});
