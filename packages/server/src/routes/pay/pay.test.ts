import crypto from "node:crypto";
import type { ConsumptionView, OrderView, UserInfo, WalletView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser, insertVipSet } from "../../../test/factories.ts";
import { call, type TestContext } from "../../../test/helpers.ts";
import { createFakePayContext } from "../../../test/wallet.ts";
import { createSession } from "../../commands/account/sessions.ts";
import { ledgerMismatches } from "../../commands/money/ledger.ts";
import { signFakeNotification } from "../../payments/fake-provider.ts";

let gateway: crypto.KeyPairKeyObjectResult;
const forger = crypto.generateKeyPairSync("ed25519");

let t: TestContext;
beforeAll(async () => {
  ({ t, gateway } = await createFakePayContext());
  await insertVipSet(t, 2, {
    name: "铂金会员",
    badge: "platinum",
    priceMonthFen: 19_900,
    priceYearFen: 199_000,
    limits: { questionnaires: -1 },
  });
});
afterAll(async () => {
  await t.close();
});

const createOrder = (who: BuiltUser, params: Record<string, string | number>) =>
  call<OrderView>(t.app, "POST", "pay/createOrder", { token: who.token, params });
const payOrder = (who: BuiltUser, orderNo: string, provider: string) =>
  call<{ order: OrderView; codeUrl: string }>(t.app, "POST", "pay/payOrder", {
    token: who.token,
    params: { orderNo, provider },
  });
const userInfo = async (who: BuiltUser) =>
  (await call<UserInfo>(t.app, "GET", "user/getUserInfo", { token: who.token })).body.data;
const wallet = async (who: BuiltUser) =>
  (await call<WalletView>(t.app, "GET", "pay/getWallet", { token: who.token })).body.data;

function notify(headers: Record<string, string>, body: string) {
  return t.app.inject({ method: "POST", url: "/wjgj/api/pay/notify/fake", headers, payload: body });
}

function signed(order: OrderView, key = gateway.privateKey, amountFen = order.amountFen) {
  return signFakeNotification(
    key,
    { notifyId: `n-${order.orderNo}`, orderNo: order.orderNo, tradeNo: `T${order.orderNo}`, amountFen },
    t.clock.now(),
  );
}

async function recharge(who: BuiltUser, amountFen: number) {
  const order = (await createOrder(who, { kind: "recharge", amountFen })).body.data;
  const note = signed(order);
  expect((await notify(note.headers, note.body)).statusCode).toBe(200);
  return order;
}

describe("paying with the fake provider", () => {
  it("a valid notification marks the order paid once, raises the level, and replays change nothing", async () => {
    const owner = await buildUser(t);
    const created = await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" });
    expect(created.body).toMatchObject({
      code: 200,
      data: { status: "pending", amountFen: 19_900, kind: "vip" },
    });
    const order = created.body.data;
    const started = await payOrder(owner, order.orderNo, "fake");
    expect(started.body.data.codeUrl).toContain(order.orderNo);

    const note = signed(order);
    const answers = await Promise.all([1, 2, 3].map(() => notify(note.headers, note.body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]?.json()).toEqual({ code: "SUCCESS" });

    const paid = await call<OrderView>(t.app, "GET", "pay/getOrder", {
      token: owner.token,
      params: { orderNo: order.orderNo },
    });
    expect(paid.body.data).toMatchObject({ status: "paid", provider: "fake" });
    const info = await userInfo(owner);
    expect(info.vipLevel).toBe(2);
    expect(info.vipStopTime).toBe("2026-07-02 10:00:00");
    const transfers = await t.db
      .selectFrom("ledger_transfers")
      .selectAll()
      .where("reference", "=", order.orderNo)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(
      await t.db
        .selectFrom("payment_notifications")
        .selectAll()
        .where("orderNo", "=", order.orderNo)
        .execute(),
    ).toHaveLength(1);

    // A second order of the same level extends from the current stop time, not from now.
    const again = (await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" })).body.data;
    const note2 = signed(again);
    await notify(note2.headers, note2.body);
    expect((await userInfo(owner)).vipStopTime).toBe("2026-08-02 10:00:00");
  });

  it("refuses a forged, an altered or a stale notification, and the order stays pending", async () => {
    const owner = await buildUser(t);
    const order = (await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" })).body.data;
    const forged = signed(order, forger.privateKey);
    const altered = signed(order);
    const alteredBody = altered.body.replace(`"amountFen":${order.amountFen}`, '"amountFen":1');
    const wrongAmount = signed(order, gateway.privateKey, 1);
    const stale = signed(order);
    t.clock.advance(3600);
    for (const [headers, body] of [
      [forged.headers, forged.body],
      [altered.headers, alteredBody],
      [stale.headers, stale.body],
      [{ ...altered.headers, "fakepay-signature": "" }, altered.body],
    ] as const) {
      const res = await notify(headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "FAIL" });
    }
    t.clock.advance(-3600);
    expect((await notify(wrongAmount.headers, wrongAmount.body)).statusCode).toBe(400);
    const after = await call<OrderView>(t.app, "GET", "pay/getOrder", {
      token: owner.token,
      params: { orderNo: order.orderNo },
    });
    expect(after.body.data.status).toBe("pending");
    expect((await userInfo(owner)).vipLevel).toBe(0);
  });
});

describe("the wallet", () => {
  it("recharges, pays a membership from the balance, and refuses when the balance is short", async () => {
    const owner = await buildUser(t);
    await recharge(owner, 20_000);
    expect(await wallet(owner)).toMatchObject({ availableFen: 20_000, frozenFen: 0 });
    t.clock.advance(60);

    const order = (await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" })).body.data;
    const paid = await payOrder(owner, order.orderNo, "wallet");
    expect(paid.body).toMatchObject({ code: 200, data: { order: { status: "paid", provider: "wallet" } } });
    expect(await wallet(owner)).toMatchObject({ availableFen: 100 });
    expect((await payOrder(owner, order.orderNo, "wallet")).body).toMatchObject({
      code: 409,
      msg: "该订单已支付或已关闭，无需重复支付",
    });

    const short = (await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" })).body.data;
    expect((await payOrder(owner, short.orderNo, "wallet")).body).toMatchObject({
      code: 409,
      msg: "余额不足，请先充值或选择其他支付方式",
    });
    expect(
      (await call(t.app, "GET", "pay/getOrder", { token: owner.token, params: { orderNo: short.orderNo } }))
        .body.data,
    ).toMatchObject({ status: "pending" });

    const records = await call<{ list: { kind: string; amountFen: number }[]; total: number }>(
      t.app,
      "GET",
      "pay/getWalletRecords",
      { token: owner.token },
    );
    expect(records.body.data.list.map((r) => [r.kind, r.amountFen])).toEqual([
      ["vip", -19_900],
      ["recharge", 20_000],
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("concurrent wallet payments of one order charge it once", async () => {
    const owner = await buildUser(t);
    await recharge(owner, 100_000);
    const order = (await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" })).body.data;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => payOrder(owner, order.orderNo, "wallet")),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(await wallet(owner)).toMatchObject({ availableFen: 100_000 - 19_900 });
  });

  it("refuses bad orders and an unconfigured provider with Chinese messages", async () => {
    const owner = await buildUser(t);
    expect((await createOrder(owner, { kind: "recharge", amountFen: 99 })).body.msg).toBe(
      "充值金额需为1到50000元之间，最多两位小数",
    );
    expect((await createOrder(owner, { kind: "vip", vipLevel: 1, period: "month" })).body).toMatchObject({
      code: 404,
      msg: "该会员等级暂未开放购买",
    });
    expect((await createOrder(owner, { kind: "gift" })).body.code).toBe(400);
    expect((await createOrder(owner, { kind: "vip", vipLevel: 2 })).body).toMatchObject({
      code: 400,
      msg: "请选择开通时长",
    });
    const order = (await createOrder(owner, { kind: "recharge", amountFen: 500 })).body.data;
    expect((await payOrder(owner, order.orderNo, "wechat")).body.msg).toBe(
      "微信支付暂未开通，请选择其他支付方式",
    );
    expect((await payOrder(owner, order.orderNo, "alipay")).body.msg).toBe(
      "支付宝支付暂未开通，请选择其他支付方式",
    );
    expect((await payOrder(owner, order.orderNo, "paypal")).body.msg).toBe(
      "该支付方式暂未开通，请选择其他支付方式",
    );
    expect((await payOrder(owner, order.orderNo, "wallet")).body.msg).toBe("充值订单不能用余额支付");
  });
});

describe("user/accountConsumption", () => {
  it("lists the account's own orders, filtered by type and China-time dates", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    await recharge(owner, 1000);
    await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" });
    await createOrder(other, { kind: "vip", vipLevel: 2, period: "month" });
    const list = (params: Record<string, string>) =>
      call<{ list: ConsumptionView[]; total: number }>(t.app, "GET", "user/accountConsumption", {
        token: owner.token,
        params,
      });
    const all = await list({});
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list.map((o) => [o.type, o.status])).toEqual([
      ["vip", "pending"],
      ["recharge", "paid"],
    ]);
    expect((await list({ type: "recharge" })).body.data.list).toHaveLength(1);
    // The test clock is 2026-06-01 10:00 in China.
    expect((await list({ startDate: "2026-06-01", endDate: "2026-06-01" })).body.data.total).toBe(2);
    expect((await list({ startDate: "2026-06-02" })).body.data.total).toBe(0);
    expect((await list({ startDate: "2026-06-02", endDate: "2026-06-01" })).body.code).toBe(400);
  });
});

describe("access", () => {
  it("another user's orders are not found; anonymous callers get 303", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const order = (await createOrder(owner, { kind: "recharge", amountFen: 500 })).body.data;
    for (const [method, path] of [
      ["GET", "pay/getOrder"],
      ["POST", "pay/payOrder"],
      ["POST", "pay/cancelOrder"],
    ] as const) {
      const res = await call(t.app, method, path, {
        token: stranger.token,
        params: { orderNo: order.orderNo, provider: "fake" },
      });
      expect(res.body, path).toMatchObject({ code: 404, msg: "订单不存在" });
    }
    for (const path of ["pay/getWallet", "pay/getWalletRecords", "user/accountConsumption", "pay/getOrder"]) {
      expect((await call(t.app, "GET", path)).body.code, path).toBe(303);
    }
    expect(
      (await call(t.app, "POST", "pay/createOrder", { params: { kind: "recharge", amountFen: 500 } })).body
        .code,
    ).toBe(303);
    expect(
      (await call(t.app, "POST", "pay/fakeGatewayPay", { params: { orderNo: order.orderNo } })).body.code,
    ).toBe(303);
    const strangerList = await call<{ total: number }>(t.app, "GET", "user/accountConsumption", {
      token: stranger.token,
    });
    expect(strangerList.body.data.total).toBe(0);
  });
});

describe("entitlements", () => {
  it("a level-0 account at its questionnaire limit is told to upgrade; a paid level lifts it; expiry brings it back", async () => {
    // The admin's 个人版 row lowers the free count (level 0 sets limits only, never a price).
    await t.db
      .insertInto("vip_sets")
      .values({
        level: 0,
        name: "个人版",
        badge: "",
        priceMonthFen: 0,
        priceYearFen: 0,
        limits: JSON.stringify({ questionnaires: 20 }),
        description: "",
        sort: 0,
        status: "published",
      })
      .execute();
    const owner = await buildUser(t);
    const create = () =>
      call(t.app, "POST", "questionary/addQuestionary", {
        token: owner.token,
        params: { kind: "survey", title: "满意度调查" },
      });
    for (let i = 0; i < 20; i += 1) await buildQuestionnaire(t, owner, { kind: "survey", title: `问卷${i}` });
    const refused = await create();
    expect(refused.body).toMatchObject({
      code: 402,
      msg: "当前会员等级最多可创建20份问卷，升级会员可创建更多",
      data: { upgradeUrl: "/website/version" },
    });

    const order = (await createOrder(owner, { kind: "vip", vipLevel: 2, period: "month" })).body.data;
    const note = signed(order);
    await notify(note.headers, note.body);
    expect((await create()).body.code).toBe(200);

    // Sessions last 30 days: the account signs in again after the stop time.
    t.clock.advance(31 * 86_400 + 60);
    const session = await createSession(t.db, t.clock, t.config.sessionTtlDays, owner.user, {
      ip: "10.0.0.9",
      userAgent: "vitest",
      fromType: 1,
    });
    owner.token = session.token;
    expect((await userInfo(owner)).vipLevel).toBe(0);
    expect((await create()).body.code).toBe(402);
    t.clock.advance(-(31 * 86_400 + 60));
    await t.db.deleteFrom("vip_sets").where("level", "=", 0).execute();
  });
});
