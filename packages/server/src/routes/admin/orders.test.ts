import type { OrderView, UserInfo, WalletView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRowsOf, type BuiltUser, buildAdmin, buildMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { ledgerMismatches } from "../../commands/money/ledger.ts";

let t: TestContext;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
  // Level 2 exists and can be bought (its row comes with a member account the tests do not use).
  await buildMember(t, 2, { questionnaires: -1 });
});
afterAll(async () => {
  await t.close();
});

const bank = {
  accountName: "问卷管家科技有限公司",
  bankName: "招商银行北京分行",
  accountNo: "110900000000001",
  note: "",
};

async function transferOrder(who: BuiltUser) {
  const order = (
    await call<OrderView>(t.app, "POST", "pay/createOrder", {
      token: who.token,
      params: { kind: "vip", vipLevel: 2, period: "year" },
    })
  ).body.data;
  const paid = await call<{ transfer: typeof bank & { reference: string } }>(t.app, "POST", "pay/payOrder", {
    token: who.token,
    params: { orderNo: order.orderNo, provider: "transfer" },
  });
  return { order, paid };
}

const adminCall = <T>(path: string, params: Record<string, unknown>, token = admin.token) =>
  call<T>(t.app, path.endsWith("list") || path.includes("/get") ? "GET" : "POST", `admin/order/${path}`, {
    token,
    ...(path.endsWith("list") || path.includes("/get")
      ? { params: params as Record<string, string> }
      : { json: params }),
  });
const userInfo = async (who: BuiltUser) =>
  (await call<UserInfo>(t.app, "GET", "user/getUserInfo", { token: who.token })).body.data;

describe("对公转账 confirmed by an admin", () => {
  it("shows the bank details and reference code, and the admin's confirmation delivers the level once", async () => {
    const buyer = await buildUser(t);
    expect((await transferOrder(buyer)).paid.body).toMatchObject({
      code: 409,
      msg: "对公转账暂未开通，请选择其他支付方式",
    });
    const providers = async () =>
      (await call<WalletView>(t.app, "GET", "pay/getWallet", { token: buyer.token })).body.data.providers;
    expect(await providers()).not.toContainEqual(expect.objectContaining({ name: "transfer" }));
    expect((await adminCall("saveBankInfo", bank)).body.code).toBe(200);
    expect(await providers()).toContainEqual({ name: "transfer", label: "对公转账" });

    const { order, paid } = await transferOrder(buyer);
    expect(paid.body.data.transfer).toEqual({ ...bank, reference: order.orderNo });
    expect(order.amountFen).toBe(20_000);

    const found = await adminCall<{ list: Array<{ orderNo: string; phone: string; provider: string }> }>(
      "list",
      {
        phone: buyer.user.phone,
        status: "pending",
        provider: "transfer",
      },
    );
    expect(found.body.data.list).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        orderNo: order.orderNo,
        phone: buyer.user.phone,
        provider: "transfer",
      }),
    ]);

    const confirmed = await adminCall<OrderView>("confirmTransfer", {
      orderNo: order.orderNo,
      bankSerial: "CMB20260601001",
    });
    expect(confirmed.body).toMatchObject({
      code: 200,
      msg: "已确认收款，订单已完成",
      data: { status: "paid" },
    });
    expect((await adminCall("confirmTransfer", { orderNo: order.orderNo })).body.code).toBe(409);
    expect(await userInfo(buyer)).toMatchObject({ vipLevel: 2, vipStopTime: "2027-06-01 10:00:00" });
    const audit = await auditRowsOf(t, "order", order.orderNo);
    expect(audit[0]).toMatchObject({
      action: "confirmTransfer",
      after: { bankSerial: "CMB20260601001", status: "paid" },
    });

    // Another account sees nothing of it.
    const other = await buildUser(t);
    const peek = await call(t.app, "GET", "pay/getOrder", {
      token: other.token,
      params: { orderNo: order.orderNo },
    });
    expect(peek.body).toMatchObject({ code: 404, msg: "订单不存在" });
    const consumption = await call<{ total: number }>(t.app, "GET", "user/accountConsumption", {
      token: other.token,
    });
    expect(consumption.body.data.total).toBe(0);
    // A user cannot confirm an order, not even their own.
    const { order: own } = await transferOrder(other);
    expect((await adminCall("confirmTransfer", { orderNo: own.orderNo }, other.token)).body.code).toBe(403);
    expect(
      (
        await call<OrderView>(t.app, "GET", "pay/getOrder", {
          token: other.token,
          params: { orderNo: own.orderNo },
        })
      ).body.data.status,
    ).toBe("pending");
  });
});

describe("refunds and manual grants", () => {
  it("refunds a membership to the wallet once and takes the bought days back", async () => {
    const buyer = await buildUser(t);
    await adminCall("saveBankInfo", bank);
    const { order } = await transferOrder(buyer);
    await adminCall("confirmTransfer", { orderNo: order.orderNo });
    expect(
      (await adminCall("refund", { orderNo: order.orderNo, to: "provider", reason: "重复购买" })).body.msg,
    ).toBe("该订单的支付渠道不支持原路退款，请选择退款到余额");
    expect(
      (await adminCall("refund", { orderNo: order.orderNo, to: "wallet", reason: "" })).body,
    ).toMatchObject({
      code: 400,
      msg: "请填写退款原因（不超过200字）",
    });
    const refunded = await adminCall<OrderView>("refund", {
      orderNo: order.orderNo,
      to: "wallet",
      reason: "重复购买",
    });
    expect(refunded.body).toMatchObject({ code: 200, data: { status: "refunded" } });
    expect(
      (await adminCall("refund", { orderNo: order.orderNo, to: "wallet", reason: "重复购买" })).body,
    ).toMatchObject({
      code: 409,
      msg: "只有已支付的订单可以退款",
    });
    const wallet = await call<{ availableFen: number }>(t.app, "GET", "pay/getWallet", {
      token: buyer.token,
    });
    expect(wallet.body.data.availableFen).toBe(20_000);
    expect(await userInfo(buyer)).toMatchObject({ vipLevel: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect((await auditRowsOf(t, "order", order.orderNo)).map((row) => row.action)).toEqual([
      "confirmTransfer",
      "refund",
    ]);
  });

  it("grants a level with a reason, audited", async () => {
    const user = await buildUser(t);
    expect(
      (await adminCall("grantLevel", { userId: user.user.id, vipLevel: 3, days: 30, reason: "" })).body.msg,
    ).toBe("请填写开通原因（不超过200字）");
    const granted = await adminCall("grantLevel", {
      userId: user.user.id,
      vipLevel: 3,
      days: 30,
      reason: "合作伙伴试用",
    });
    expect(granted.body).toMatchObject({ code: 200, msg: "已为该用户开通会员", data: { vipLevel: 3 } });
    expect(await userInfo(user)).toMatchObject({ vipLevel: 3, vipStopTime: "2026-07-01 10:00:00" });
    const audit = await auditRowsOf(t, "user", user.user.id);
    expect(audit.at(-1)).toMatchObject({ action: "grantLevel", after: { reason: "合作伙伴试用", days: 30 } });
  });
});
