import {
  type CreatorFormOrders,
  type FormOrderPayStart,
  type FormOrderView,
  ORDER_PAY_MINUTES,
  type ProductStockList,
  type Receipt,
  type ReceiptFormOrder,
  type SubmitReply,
} from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew } from "../../../test/answering.ts";
import { multipart, PNG } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { expireUnpaid } from "../../commands/form-orders/expire.ts";
import { balanceOf, walletKey } from "../../commands/money/ledger.ts";

/**
 * 商品 (issue #41) through HTTP on the run's database: a response that buys is stored 无效 with its pending order
 * (stock reserved in the submit's transaction) and counts once paid — here through the local gateway, which this
 * process plays itself (PAY_FAKE without an outside key); an order not paid in time gives its stock back; the
 * creator lists, refunds and exports the orders.
 */
let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext({ PAY_FAKE: "1" });
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

function shopSurvey(teeStock = 5) {
  return {
    schemaVersion: 1,
    kind: "form",
    title: "社团周边预订",
    pages: [
      {
        id: "p1",
        questions: [
          { id: "name", type: "text", title: "姓名", required: true, config: {} },
          {
            id: "shop",
            type: "product",
            title: "选购周边",
            required: true,
            config: {
              items: [
                {
                  id: "tee",
                  name: "文化衫",
                  priceFen: 3500,
                  stock: teeStock,
                  perPerson: 2,
                  variants: [{ name: "尺码", values: ["M", "L"] }],
                },
                { id: "pin", name: "徽章", priceFen: 500 },
              ],
            },
          },
        ],
      },
    ],
  };
}

async function published(teeStock = 5) {
  const q = await publishNew(t, owner, {
    kind: "form",
    title: "社团周边预订",
    definition: shopSurvey(teeStock),
  });
  const open = await openAnswering(t, q.publicId);
  let n = 0;
  const submit = (lines: unknown[]) => {
    n += 1;
    return call<SubmitReply>(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answers: { name: `买家${n}`, shop: { lines } },
        idempotencyKey: `key-${n}-${q.publicId}`,
        deviceId: `device-${n}-${q.publicId}`,
        answerToken: open.answerToken,
      },
      ip: `10.7.${Math.floor(n / 250) % 250}.${n % 250}`,
    });
  };
  return { q, submit };
}

const TEE_M_2_PIN_1 = [
  { itemId: "tee", variant: { 尺码: "M" }, quantity: 2 },
  { itemId: "pin", quantity: 1 },
];

async function totalCount(questionnaireId: number): Promise<number> {
  const rows = await t.db
    .selectFrom("response_counter_shards")
    .select("count")
    .where("questionnaireId", "=", questionnaireId)
    .where("key", "=", "total")
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

async function stockOf(questionnaireId: number, itemKey: string) {
  const row = await t.db
    .selectFrom("product_stock")
    .select(["reserved", "sold"])
    .where("questionnaireId", "=", questionnaireId)
    .where("itemKey", "=", itemKey)
    .executeTakeFirstOrThrow();
  return { reserved: Number(row.reserved), sold: Number(row.sold) };
}

const responseStatus = async (id: number) =>
  (await t.db.selectFrom("responses").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("a response that buys", () => {
  it("is stored 无效 with its pending order, and counts once the order is paid", async () => {
    const { q, submit } = await published();
    const res = await submit(TEE_M_2_PIN_1);
    expect(res.body.code).toBe(200);
    const reply = res.body.data;
    expect(reply.order).toMatchObject({ totalFen: 7500, status: "pending" });
    const token = reply.receiptToken as string;
    const responseId = reply.responseId as number;
    expect(await responseStatus(responseId)).toBe("invalid");
    expect(await totalCount(q.id)).toBe(0);
    expect(await stockOf(q.id, "tee")).toEqual({ reserved: 2, sold: 0 });

    const stock = await call<ProductStockList>(t.app, "GET", "anQuestion/productStock", {
      params: { publicId: q.publicId, questionId: "shop" },
    });
    expect(stock.body.data.items).toEqual([
      { itemId: "tee", left: 3 },
      { itemId: "pin", left: null },
    ]);

    const order = await call<ReceiptFormOrder>(t.app, "GET", "anQuestion/formOrder", { params: { token } });
    expect(order.body.data).toMatchObject({
      payable: true,
      status: "pending",
      statusLabel: "待支付",
      totalFen: 7500,
      providers: [{ name: "fake" }],
    });
    expect(order.body.data.lines.map((line) => [line.name, line.quantity, line.amountFen])).toEqual([
      ["文化衫", 2, 7000],
      ["徽章", 1, 500],
    ]);

    const start = await call<FormOrderPayStart>(t.app, "POST", "anQuestion/payFormOrder", {
      json: { token, provider: "fake" },
    });
    expect(start.body.data.codeUrl).toMatch(/^fakepay:\/\/pay\?orderNo=F\d+&amount=7500$/);
    const paid = await call<{ delivered: boolean }>(t.app, "POST", "anQuestion/fakePayFormOrder", {
      json: { token },
    });
    expect(paid.body.data.delivered).toBe(true);

    expect(await responseStatus(responseId)).toBe("valid");
    expect(await totalCount(q.id)).toBe(1);
    expect(await stockOf(q.id, "tee")).toEqual({ reserved: 0, sold: 2 });
    // 75.00 元 less the free level's 1 % fee (0.75 元) reaches the creator's wallet.
    expect((await balanceOf(t.db, walletKey(owner.user.id))).posted).toBe(7425);

    const receipt = await call<Receipt>(t.app, "GET", "anQuestion/getReceipt", { params: { token } });
    expect(receipt.body.data.orders?.[0]).toMatchObject({
      status: "paid",
      statusLabel: "已支付",
      payable: false,
    });
    expect(receipt.body.data.items.find((item) => item.questionId === "shop")?.text).toBe(
      "文化衫（尺码：M）×2，徽章×1；合计 ¥75.00",
    );

    // A second 模拟扫码支付 pays nothing twice.
    const again = await call(t.app, "POST", "anQuestion/fakePayFormOrder", { json: { token } });
    expect(again.body.msg).toBe("订单已支付、已关闭或已超时，不能再支付");
    expect((await balanceOf(t.db, walletKey(owner.user.id))).posted).toBe(7425);
  });

  it("is refused with the product's name when the stock cannot cover it, and nothing is stored", async () => {
    const { q, submit } = await published(5);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => submit([{ itemId: "tee", variant: { 尺码: "L" }, quantity: 1 }])),
    );
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(5);
    expect(new Set(replies.filter((r) => r.body.code !== 200).map((r) => r.body.msg))).toEqual(
      new Set(["文化衫 已售罄"]),
    );
    const responses = await t.db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(responses).toHaveLength(5);
    expect(await stockOf(q.id, "tee")).toEqual({ reserved: 5, sold: 0 });
    // Over the per-person limit of 2: the type's own check, before any write.
    const tooMany = await submit([
      { itemId: "pin", quantity: 1 },
      { itemId: "tee", variant: { 尺码: "M" }, quantity: 3 },
    ]);
    expect(tooMany.body.data).toEqual({
      errors: [{ field: "answers.shop.lines", message: "「文化衫」每人限购 2 件" }],
    });
  });

  it("whose order is not paid in time: the order closes, the stock returns, the response stays 无效", async () => {
    const { q, submit } = await published(5);
    const reply = (await submit(TEE_M_2_PIN_1)).body.data;
    const token = reply.receiptToken as string;
    t.clock.advance(ORDER_PAY_MINUTES * 60 + 1);
    expect(await expireUnpaid(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(q.id, "tee")).toEqual({ reserved: 0, sold: 0 });
    expect(await responseStatus(reply.responseId as number)).toBe("invalid");
    expect(await totalCount(q.id)).toBe(0);
    const order = (await call<ReceiptFormOrder>(t.app, "GET", "anQuestion/formOrder", { params: { token } }))
      .body.data;
    expect(order).toMatchObject({
      status: "expired",
      statusLabel: "已超时关闭",
      payable: false,
      providers: [],
    });
    const late = await call(t.app, "POST", "anQuestion/payFormOrder", { json: { token, provider: "fake" } });
    expect(late.body.msg).toBe("订单已支付、已关闭或已超时，不能再支付");
  });
});

describe("the creator's orders", () => {
  it("lists them with totals, refunds part of one through the provider, and exports them", async () => {
    const { q, submit } = await published(10);
    const first = (await submit(TEE_M_2_PIN_1)).body.data;
    await call(t.app, "POST", "anQuestion/payFormOrder", {
      json: { token: first.receiptToken, provider: "fake" },
    });
    await call(t.app, "POST", "anQuestion/fakePayFormOrder", { json: { token: first.receiptToken } });
    await submit([{ itemId: "pin", quantity: 2 }]);

    const list = await call<CreatorFormOrders>(t.app, "GET", "questionary/formOrders", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((order) => order.status)).toEqual(["pending", "paid"]);
    expect(list.body.data.totals).toEqual({
      paidCount: 1,
      receivedFen: 7500,
      refundedFen: 0,
      feeFen: 75,
      netFen: 7425,
    });
    const pending = await call<CreatorFormOrders>(t.app, "GET", "questionary/formOrders", {
      token: owner.token,
      params: { id: q.id, status: "pending" },
    });
    expect(pending.body.data.list).toHaveLength(1);

    const orderNo = (first.order as { orderNo: string }).orderNo;
    const tooMuch = await call(t.app, "POST", "questionary/refundFormOrder", {
      token: owner.token,
      json: { id: q.id, orderNo, amountFen: 7501, reason: "" },
    });
    expect(tooMuch.body.msg).toBe("退款金额不能超过可退金额 75.00 元");
    const refunded = await call<FormOrderView>(t.app, "POST", "questionary/refundFormOrder", {
      token: owner.token,
      json: { id: q.id, orderNo, amountFen: 3500, reason: "尺码不合适，退一件" },
    });
    expect(refunded.body.data).toMatchObject({ status: "partially_refunded", refundedFen: 3500 });
    const after = await call<CreatorFormOrders>(t.app, "GET", "questionary/formOrders", {
      token: owner.token,
      params: { id: q.id },
    });
    // The fee given back pro rata: floor(75 × 3500 / 7500) = 35.
    expect(after.body.data.totals).toMatchObject({ refundedFen: 3500, feeFen: 40, netFen: 3960 });

    const file = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/questionary/exportFormOrders?id=${q.id}`,
      headers: { token: owner.token },
    });
    expect(file.statusCode).toBe(200);
    const { default: Excel } = await import("exceljs");
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("订单");
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 4)).toEqual(["订单号", "答卷编号", "商品"]);
    const paidRow = rows.find((row) => row[1] === orderNo);
    expect(paidRow?.slice(3, 8)).toEqual(["文化衫（尺码：M）×2；徽章×1", 75, 0.75, 35, "部分退款"]);

    // Another questionnaire's order is not this one's to refund.
    const other = await published(3);
    const stranger = await call(t.app, "POST", "questionary/refundFormOrder", {
      token: owner.token,
      json: { id: other.q.id, orderNo, amountFen: 100, reason: "" },
    });
    expect(stranger.body.msg).toBe("订单不存在，请核对订单号");
  });

  it("uploads a product's photo as the questionnaire's own picture (purpose productImage)", async () => {
    const q = await buildQuestionnaire(t, owner, { kind: "form", title: "周边" });
    const body = multipart({ id: String(q.id), purpose: "productImage" }, { name: "衫.png", data: PNG });
    const uploaded = (
      await t.app.inject({
        method: "POST",
        url: "/wjgj/api/upload/upload",
        payload: body.payload,
        headers: { ...body.headers, token: owner.token },
      })
    ).json() as { code: number; msg: string; data: { url: string; originalName: string } };
    expect(uploaded.code, uploaded.msg).toBe(200);
    expect(uploaded.data.url).toMatch(/^\/uploads\/.+\.png$/);
  });

  it("refuses a product question whose price is 0 in Chinese when it is saved", async () => {
    const definition = shopSurvey();
    const shop = definition.pages[0]?.questions[1] as { config: { items: { priceFen: number }[] } };
    shop.config.items = shop.config.items.map((item, i) => (i === 1 ? { ...item, priceFen: 0 } : item));
    const q = await buildQuestionnaire(t, owner, { kind: "form", title: "周边" });
    const saved = await call(t.app, "POST", "questionary/saveQuestionary", {
      token: owner.token,
      json: { id: q.id, definition, baseVersion: 1 },
    });
    expect(saved.body.msg).toContain("「徽章」：商品价格必须大于 0 元");
  });
});
