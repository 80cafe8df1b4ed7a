import type { WalletRecordView, WalletView, WithdrawalView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRowsOf, type BuiltUser, buildAdmin, buildUser, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { fundWallet } from "../../../test/wallet.ts";
import { ledgerMismatches } from "../../commands/money/ledger.ts";

let t: TestContext;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const wallet = async (who: BuiltUser) =>
  (await call<WalletView>(t.app, "GET", "pay/getWallet", { token: who.token })).body.data;

const ask = (who: BuiltUser, params: Record<string, string | number>) =>
  call<WithdrawalView>(t.app, "POST", "pay/requestWithdrawal", {
    token: who.token,
    params: { channel: "alipay", accountName: "张三", accountNo: "zhangsan@example.com", ...params },
  });

const myList = async (who: BuiltUser) =>
  (
    await call<{ list: WithdrawalView[]; total: number }>(t.app, "GET", "pay/getWithdrawalList", {
      token: who.token,
    })
  ).body.data;

const decide = (action: "approve" | "reject", params: Record<string, string | number>, token = admin.token) =>
  call<WithdrawalView>(t.app, "POST", `admin/withdrawal/${action}`, { token, params });

describe("withdrawal requests", () => {
  it("freeze the amount at request; the admin's payout takes it out once, audited", async () => {
    const user = await buildUser(t);
    await fundWallet(t, user, 10_000);
    const asked = await ask(user, { amountFen: 3_000 });
    expect(asked.body).toMatchObject({
      code: 200,
      msg: "提现申请已提交，审核通过后打款",
      data: { amountFen: 3_000, status: "pending", accountNo: "********.com" },
    });
    expect(await wallet(user)).toMatchObject({ availableFen: 7_000, frozenFen: 3_000 });

    // More than is available is refused and freezes nothing.
    expect((await ask(user, { amountFen: 7_001 })).body).toMatchObject({
      code: 409,
      msg: "提现金额超过可用余额",
    });
    expect(await wallet(user)).toMatchObject({ availableFen: 7_000, frozenFen: 3_000 });

    const listed = await call<{ list: Array<WithdrawalView & { phone: string }> }>(
      t.app,
      "GET",
      "admin/withdrawal/list",
      { token: admin.token, params: { phone: user.user.phone ?? "", status: "pending" } },
    );
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({
        id: asked.body.data.id,
        accountNo: "zhangsan@example.com",
        phone: user.user.phone,
      }),
    ]);

    const approved = await decide("approve", { id: asked.body.data.id, note: "支付宝流水 2026001" });
    expect(approved.body).toMatchObject({ code: 200, msg: "已确认打款", data: { status: "paid" } });
    expect(await wallet(user)).toMatchObject({ availableFen: 7_000, frozenFen: 0 });
    // Deciding again (approve or reject) changes nothing.
    expect((await decide("approve", { id: asked.body.data.id })).body).toMatchObject({
      code: 409,
      msg: "该提现申请已处理，无法重复操作",
    });
    expect((await decide("reject", { id: asked.body.data.id, reason: "重复" })).body.code).toBe(409);
    expect(await wallet(user)).toMatchObject({ availableFen: 7_000, frozenFen: 0 });

    const audit = await auditRowsOf(t, "withdrawal", asked.body.data.id);
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: admin.user.id,
        action: "approveWithdrawal",
        before: expect.objectContaining({ status: "pending" }),
        after: expect.objectContaining({ status: "paid", adminNote: "支付宝流水 2026001" }),
      }),
    ]);
    expect((await myList(user)).list[0]).toMatchObject({ status: "paid" });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a refused request releases the frozen amount with the reason; the owner may cancel a pending one", async () => {
    const user = await buildUser(t);
    await fundWallet(t, user, 5_000);
    const first = (
      await ask(user, {
        amountFen: 2_000,
        channel: "bank",
        bankName: "招商银行",
        accountNo: "6225880000001234",
      })
    ).body.data;
    expect(first.accountNo).toBe("********1234");
    const rejected = await decide("reject", { id: first.id, reason: "收款人姓名与实名信息不符" });
    expect(rejected.body).toMatchObject({ code: 200, msg: "已驳回，金额已退回用户余额" });
    expect(await wallet(user)).toMatchObject({ availableFen: 5_000, frozenFen: 0 });
    expect((await myList(user)).list[0]).toMatchObject({
      status: "rejected",
      adminNote: "收款人姓名与实名信息不符",
    });
    expect((await auditRowsOf(t, "withdrawal", first.id))[0]?.action).toBe("rejectWithdrawal");

    const second = (await ask(user, { amountFen: 1_500 })).body.data;
    const cancelled = await call(t.app, "POST", "pay/cancelWithdrawal", {
      token: user.token,
      params: { id: second.id },
    });
    expect(cancelled.body).toMatchObject({ code: 200, msg: "已撤销提现申请，金额已解冻" });
    expect(await wallet(user)).toMatchObject({ availableFen: 5_000, frozenFen: 0 });
    expect((await decide("approve", { id: second.id })).body.code).toBe(409);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("收支记录 shows a paid withdrawal once, a refused one as taken and given back; the rows add up to the balance", async () => {
    const user = await buildUser(t);
    await fundWallet(t, user, 10_000);
    const paid = (await ask(user, { amountFen: 3_000 })).body.data;
    await decide("approve", { id: paid.id, note: "" });
    const refused = (await ask(user, { amountFen: 1_000 })).body.data;
    await decide("reject", { id: refused.id, reason: "账户有误" });
    const records = (
      await call<{ list: WalletRecordView[]; total: number }>(t.app, "GET", "pay/getWalletRecords", {
        token: user.token,
      })
    ).body.data;
    // Newest first by time; rows written within the same millisecond (this test is that fast) have no order of
    // their own, so the rows are compared as a set.
    const byAmount = (a: [string, number], b: [string, number]) => a[1] - b[1];
    expect(records.list.map((r): [string, number] => [r.kindLabel, r.amountFen]).sort(byAmount)).toEqual([
      ["提现", -3_000],
      ["提现", -1_000],
      ["提现退回", 1_000],
      ["余额充值", 10_000],
    ]);
    expect(records.total).toBe(4);
    const sum = records.list.reduce((total, r) => total + r.amountFen, 0);
    expect(sum).toBe((await wallet(user)).availableFen);
    expect(sum).toBe(7_000);
  });

  it("checks the input with clear messages", async () => {
    const user = await buildUser(t);
    await fundWallet(t, user, 5_000);
    expect((await ask(user, { amountFen: 50 })).body).toMatchObject({
      code: 400,
      msg: "提现金额需为1到50000元之间，最多两位小数",
    });
    expect((await ask(user, { amountFen: 500, channel: "bank" })).body).toMatchObject({
      code: 400,
      msg: "收款方式为银行卡时请填写开户银行（不超过64字）",
    });
    expect((await ask(user, { amountFen: 500, accountName: "" })).body.code).toBe(400);
    expect(await wallet(user)).toMatchObject({ availableFen: 5_000, frozenFen: 0 });
  });

  it("another account's requests are invisible and cannot be cancelled; non-admins cannot decide", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    await fundWallet(t, owner, 5_000);
    const asked = (await ask(owner, { amountFen: 1_000 })).body.data;
    expect(await myList(other)).toMatchObject({ list: [], total: 0 });

    const before = await tableCounts(t);
    const refused = await call(t.app, "POST", "pay/cancelWithdrawal", {
      token: other.token,
      params: { id: asked.id },
    });
    expect(refused.body).toMatchObject({ code: 404, msg: "提现申请不存在" });
    expect((await decide("approve", { id: asked.id }, other.token)).body.code).toBe(403);
    expect((await decide("reject", { id: asked.id, reason: "x" }, owner.token)).body.code).toBe(403);
    expect((await call(t.app, "GET", "admin/withdrawal/list", { token: owner.token })).body.code).toBe(403);
    expect((await call(t.app, "GET", "pay/getWithdrawalList")).body.code).toBe(303);
    expect(await tableCounts(t)).toEqual(before);
    expect(await wallet(owner)).toMatchObject({ availableFen: 4_000, frozenFen: 1_000 });
    expect((await myList(owner)).list).toEqual([
      expect.objectContaining({ id: asked.id, status: "pending" }),
    ]);
  });
});
