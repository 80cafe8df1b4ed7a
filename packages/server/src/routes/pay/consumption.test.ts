import crypto from "node:crypto";
import type { ConsumptionView, OrderView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, insertVipSet } from "../../../test/factories.ts";
import { call, type TestContext } from "../../../test/helpers.ts";
import { createFakePayContext } from "../../../test/wallet.ts";
import { postPending, reserve, siteKey, voidPending, walletKey } from "../../commands/money/ledger.ts";
import { transaction } from "../../db/index.ts";
import { signFakeNotification } from "../../payments/fake-provider.ts";

let gateway: crypto.KeyPairKeyObjectResult;

let t: TestContext;
beforeAll(async () => {
  ({ t, gateway } = await createFakePayContext());
  await insertVipSet(t, 1, { name: "黄金会员", badge: "gold", priceMonthFen: 2_000, priceYearFen: 20_000 });
});
afterAll(async () => {
  await t.close();
});

type Page = { list: ConsumptionView[]; total: number; pageNum: number; pageSize: number };
const list = async (who: BuiltUser, params: Record<string, string | number> = {}) =>
  (await call<Page>(t.app, "GET", "user/accountConsumption", { token: who.token, params })).body;

async function recharge(who: BuiltUser, amountFen: number): Promise<OrderView> {
  const order = (
    await call<OrderView>(t.app, "POST", "pay/createOrder", {
      token: who.token,
      params: { kind: "recharge", amountFen },
    })
  ).body.data;
  const note = signFakeNotification(
    gateway.privateKey,
    { notifyId: `n-${order.orderNo}`, orderNo: order.orderNo, tradeNo: `T${order.orderNo}`, amountFen },
    t.clock.now(),
  );
  const res = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/pay/notify/fake",
    headers: note.headers,
    payload: note.body,
  });
  expect(res.statusCode).toBe(200);
  return order;
}

async function buyGoldFromWallet(who: BuiltUser): Promise<string> {
  const order = (
    await call<OrderView>(t.app, "POST", "pay/createOrder", {
      token: who.token,
      params: { kind: "vip", vipLevel: 1, period: "month" },
    })
  ).body.data;
  const paid = await call(t.app, "POST", "pay/payOrder", {
    token: who.token,
    params: { orderNo: order.orderNo, provider: "wallet" },
  });
  expect(paid.body.code).toBe(200);
  return order.orderNo;
}

async function withdraw(who: BuiltUser, amountFen: number): Promise<number> {
  const res = await call<{ id: number }>(t.app, "POST", "pay/requestWithdrawal", {
    token: who.token,
    params: { amountFen, channel: "alipay", accountName: "张三", accountNo: "13800000000" },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

describe("user/accountConsumption lists orders and wallet movements", () => {
  it("one time-ordered list: orders once each, withdrawals, holds and their release, a red packet received", async () => {
    const owner = await buildUser(t);
    const friend = await buildUser(t);
    const recharged = await recharge(owner, 10_000);
    t.clock.advance(60);
    const gold = await buyGoldFromWallet(owner);
    t.clock.advance(60);
    const withdrawalId = await withdraw(owner, 1_500);
    t.clock.advance(60);
    expect(
      (
        await call(t.app, "POST", "pay/cancelWithdrawal", {
          token: owner.token,
          params: { id: withdrawalId },
        })
      ).body.code,
    ).toBe(200);
    t.clock.advance(60);
    // A red packet's budget, one claim paid to a friend, the rest released (as the reward commands do).
    const holdId = `redpacket:${crypto.randomUUID()}`;
    const at = () => t.clock.now().toISOString();
    await transaction(t.db, (trx) =>
      reserve(trx, {
        id: holdId,
        debit: walletKey(owner.user.id),
        credit: siteKey("rewards"),
        amount: 3_000,
        kind: "red_packet",
        reference: "questionnaire:1",
        memo: "红包预算冻结",
        now: at(),
      }),
    );
    t.clock.advance(60);
    await transaction(t.db, (trx) =>
      postPending(trx, {
        id: `${holdId}:claim:1`,
        pendingId: holdId,
        amount: 800,
        credit: walletKey(friend.user.id),
        kind: "red_packet_claim",
        now: at(),
      }),
    );
    t.clock.advance(60);
    await transaction(t.db, (trx) =>
      voidPending(trx, { id: `${holdId}:void`, pendingId: holdId, now: at() }),
    );

    const page = await list(owner);
    expect(page.code).toBe(200);
    expect(
      page.data.list.map((r) => [r.source, r.type, r.itemName, r.amountFen, r.orderNo, r.statusLabel]),
    ).toEqual([
      ["wallet", "red_packet", "红包剩余预算退回", 2_200, "", "已完成"],
      ["wallet", "red_packet", "问卷红包预算冻结", -3_000, "", "已结算"],
      ["wallet", "withdrawal", "提现退回", 1_500, "", "已完成"],
      ["wallet", "withdrawal", "提现申请", -1_500, "", "已撤销"],
      ["order", "vip", "黄金会员（1个月）", -2_000, gold, "已支付"],
      ["order", "recharge", "余额充值", 10_000, recharged.orderNo, "已支付"],
    ]);
    expect(page.data.total).toBe(6);
    expect(page.data.list[0]?.typeLabel).toBe("问卷红包");
    expect(new Set(page.data.list.map((r) => r.id)).size).toBe(6);

    // The friend sees the red packet they received, and nothing of the owner's.
    const theirs = await list(friend);
    expect(theirs.data.list.map((r) => [r.type, r.itemName, r.amountFen])).toEqual([
      ["red_packet", "领取问卷红包", 800],
    ]);
    expect(JSON.stringify(theirs.data)).not.toContain(recharged.orderNo);
  });

  it("filters by type, by China-time date range, and pages without gaps or repeats", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const first = await recharge(owner, 20_000);
    t.clock.advance(60);
    await withdraw(owner, 1_000);
    t.clock.advance(2 * 86_400);
    await withdraw(owner, 2_000);
    t.clock.advance(60);
    await buyGoldFromWallet(owner);
    await recharge(stranger, 5_000);
    await withdraw(stranger, 500);

    const all = await list(owner);
    expect(all.data.total).toBe(4);
    const withdrawals = await list(owner, { type: "withdrawal" });
    expect(withdrawals.data.list.map((r) => r.amountFen)).toEqual([-2_000, -1_000]);
    expect((await list(owner, { type: "recharge" })).data.list.map((r) => r.orderNo)).toEqual([
      first.orderNo,
    ]);
    expect((await list(owner, { type: "red_packet" })).data.total).toBe(0);
    expect((await list(owner, { type: "paypal" })).msg).toBe("明细类型无效，请重新选择");

    // The test clock starts at 2026-06-01 10:00 China time; two days later is 06-03.
    const early = await list(owner, { startDate: "2026-06-01", endDate: "2026-06-02" });
    expect(early.data.list.map((r) => r.amountFen)).toEqual([-1_000, 20_000]);
    const late = await list(owner, { startDate: "2026-06-03" });
    expect(late.data.list.map((r) => r.type)).toEqual(["vip", "withdrawal"]);
    expect(
      (await list(owner, { startDate: "2026-06-03", type: "withdrawal" })).data.list.map((r) => r.amountFen),
    ).toEqual([-2_000]);

    const seen: string[] = [];
    for (let pageNum = 1; pageNum <= 2; pageNum += 1) {
      const page = await list(owner, { pageNum, pageSize: 3 });
      expect(page.data).toMatchObject({ total: 4, pageNum, pageSize: 3 });
      seen.push(...page.data.list.map((r) => r.id));
    }
    expect(seen).toEqual(all.data.list.map((r) => r.id));
    expect(new Set(seen).size).toBe(4);

    // Nothing of the stranger's ever shows, on any page or filter.
    const strangerOrders = (await list(stranger)).data.list.map((r) => r.id);
    expect(strangerOrders).toHaveLength(2);
    for (const id of strangerOrders) expect(seen).not.toContain(id);
  });
});
