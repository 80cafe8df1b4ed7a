import type { SampleOrderView, SampleServiceInfo, WalletView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, satisfactionSurvey } from "../../../test/answering.ts";
import {
  auditRowsOf,
  type BuiltUser,
  buildAdmin,
  buildTeamMember,
  buildUser,
} from "../../../test/factories.ts";
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

const defaultRates = {
  basePriceFen: 500,
  regionPriceFen: 100,
  ageBandPriceFen: 100,
  genderPriceFen: 100,
  occupationPriceFen: 100,
  minQuantity: 10,
  maxQuantity: 10_000,
};

const saveRates = (who: BuiltUser, params: Record<string, string | number>) =>
  call(t.app, "POST", "admin/sampleOrder/saveRates", { token: who.token, params });

const quote = async (who: BuiltUser) =>
  (await call<SampleServiceInfo>(t.app, "GET", "sampleService/getSampleService", { token: who.token })).body
    .data.rates;

const wallet = async (who: BuiltUser) =>
  (await call<WalletView>(t.app, "GET", "pay/getWallet", { token: who.token })).body.data;

let seq = 0;
const published = (owner: BuiltUser, kind: "survey" | "exam" = "survey") => {
  const title = `样本问卷${++seq}`;
  return publishNew(t, owner, { kind, title, definition: { ...satisfactionSurvey(title), kind } });
};

const order = (who: BuiltUser, params: Record<string, string | number>) =>
  call<SampleOrderView>(t.app, "POST", "sampleService/addSampleOrder", { token: who.token, params });

const progress = (params: Record<string, string | number>) =>
  call<SampleOrderView>(t.app, "POST", "admin/sampleOrder/progress", { token: admin.token, params });

const orders = async (who: BuiltUser, id: number) =>
  (
    await call<SampleOrderView[]>(t.app, "GET", "sampleService/getSampleOrderList", {
      token: who.token,
      params: { id },
    })
  ).body;

describe("sample-service orders", () => {
  it("freeze price × quantity, charge each accepted response once, and refund the unfilled part on cancel", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 100_000);
    const q = await published(owner);
    const info = await call<SampleServiceInfo>(t.app, "GET", "sampleService/getSampleService", {
      token: owner.token,
    });
    expect(info.body.data).toEqual({
      rates: defaultRates,
      balanceFen: 100_000,
    });

    // Two narrowed dimensions: 500 + 2 × 100 fen a response.
    const placed = await order(owner, {
      id: q.id,
      quantity: 20,
      region: "east",
      gender: "female",
      note: "大学生优先",
    });
    expect(placed.body).toMatchObject({
      code: 200,
      msg: "下单成功，费用已从余额中冻结",
      data: {
        quantity: 20,
        priceFen: 700,
        totalFen: 14_000,
        status: "paid",
        targetingText: "华东 · 年龄段不限 · 女 · 职业不限",
        targeting: { region: "east", ageBand: "any", gender: "female", occupation: "any" },
      },
    });
    expect(await wallet(owner)).toMatchObject({ availableFen: 86_000, frozenFen: 14_000 });
    const id = placed.body.data.id;

    // The admin sees it with its buyer and questionnaire, and the responses that came through its link.
    const listed = await call<{ list: Array<SampleOrderView & { title: string; phone: string }> }>(
      t.app,
      "GET",
      "admin/sampleOrder/list",
      { token: admin.token, params: { phone: owner.user.phone ?? "", status: "paid" } },
    );
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ id, title: q.title, phone: owner.user.phone, arrived: 0 }),
    ]);

    // 8 accepted, 3 rejected: 8 × 7 yuan charged, the rejected ones never.
    expect((await progress({ id, filled: 8, rejected: 3, note: "第一批" })).body).toMatchObject({
      code: 200,
      msg: "进度已更新",
      data: { filled: 8, rejected: 3, status: "collecting", chargedFen: 5_600 },
    });
    expect(await wallet(owner)).toMatchObject({ availableFen: 86_000, frozenFen: 8_400 });
    // Counts never go back, nor beyond the order.
    for (const bad of [
      { filled: 7, rejected: 3 },
      { filled: 21, rejected: 3 },
      { filled: 9, rejected: 2 },
    ])
      expect((await progress({ id, ...bad })).body).toMatchObject({
        code: 409,
        msg: "有效答卷数不能减少，也不能超过订购数量；无效答卷数不能减少",
      });
    // The same total again charges nothing more.
    await progress({ id, filled: 8, rejected: 3 });
    expect(await wallet(owner)).toMatchObject({ availableFen: 86_000, frozenFen: 8_400 });

    // The creator follows the progress on the questionnaire, then cancels: 12 × 7 yuan come back.
    expect((await orders(owner, q.id)).data).toEqual([
      expect.objectContaining({ id, filled: 8, rejected: 3, status: "collecting", adminNote: "第一批" }),
    ]);
    const cancelled = await call<SampleOrderView>(t.app, "POST", "sampleService/cancelSampleOrder", {
      token: owner.token,
      params: { id: q.id, orderId: id },
    });
    expect(cancelled.body).toMatchObject({
      code: 200,
      msg: "订单已取消，未完成部分的费用已退回余额",
      data: { status: "cancelled", refundedFen: 8_400, chargedFen: 5_600 },
    });
    expect(await wallet(owner)).toMatchObject({ availableFen: 94_400, frozenFen: 0 });
    // A closed order takes no more progress and no second refund.
    expect((await progress({ id, filled: 9, rejected: 3 })).body).toMatchObject({
      code: 409,
      msg: "该样本订单已完成或已取消",
    });
    expect(
      (
        await call(t.app, "POST", "admin/sampleOrder/cancel", {
          token: admin.token,
          params: { id, reason: "重复" },
        })
      ).body,
    ).toMatchObject({ code: 409 });
    expect(await wallet(owner)).toMatchObject({ availableFen: 94_400, frozenFen: 0 });
    expect((await auditRowsOf(t, "sampleOrder", id)).map((row) => row.action)).toEqual([
      "updateProgress",
      "updateProgress",
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("completes at the ordered quantity, and the admin's cancel refunds with a reason", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 20_000);
    const q = await published(owner);
    const a = (await order(owner, { id: q.id, quantity: 10 })).body.data;
    expect(a).toMatchObject({ priceFen: 500, totalFen: 5_000 });
    expect((await progress({ id: a.id, filled: 10 })).body.data).toMatchObject({
      status: "completed",
      chargedFen: 5_000,
    });
    const b = (await order(owner, { id: q.id, quantity: 10 })).body.data;
    await progress({ id: b.id, filled: 4 });
    const cancelled = await call<SampleOrderView>(t.app, "POST", "admin/sampleOrder/cancel", {
      token: admin.token,
      params: { id: b.id, reason: "定向条件无法满足" },
    });
    expect(cancelled.body.data).toMatchObject({
      status: "cancelled",
      refundedFen: 3_000,
      adminNote: "定向条件无法满足",
    });
    // 20,000 − 5,000 − 4 × 500.
    expect(await wallet(owner)).toMatchObject({ availableFen: 13_000, frozenFen: 0 });
    expect((await auditRowsOf(t, "sampleOrder", b.id)).map((row) => row.action)).toEqual([
      "updateProgress",
      "cancel",
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("refuses what it cannot do with a Chinese reason and freezes nothing", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 4_000);
    const q = await published(owner);
    expect((await order(owner, { id: q.id, quantity: 10 })).body).toMatchObject({
      code: 409,
      msg: "账户余额不足，请先充值",
    });
    expect((await order(owner, { id: q.id, quantity: 5 })).body).toMatchObject({
      code: 400,
      msg: "需要的答卷数需为10到10000之间的整数",
    });
    expect((await order(owner, { id: q.id, quantity: 10, region: "mars" })).body).toMatchObject({
      code: 400,
      msg: "请选择有效的定向条件",
    });
    const draft = await published(owner);
    await call(t.app, "POST", "questionary/stopQuestionary", {
      token: owner.token,
      params: { id: draft.id },
    });
    await fundWallet(t, owner, 10_000);
    expect((await order(owner, { id: draft.id, quantity: 10 })).body).toMatchObject({
      code: 409,
      msg: "只有已发布、正在收集的问卷才能下单样本服务",
    });
    // An exam's refusal names the exam.
    const exam = await published(owner, "exam");
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: exam.id } });
    expect((await order(owner, { id: exam.id, quantity: 10 })).body).toMatchObject({
      code: 409,
      msg: "只有已发布、正在收集的考试才能下单样本服务",
    });
    expect(await wallet(owner)).toMatchObject({ availableFen: 14_000, frozenFen: 0 });
    expect((await orders(owner, q.id)).data).toEqual([]);
  });

  it("prices from the admin's rates, which only an admin changes, validated in Chinese and audited", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 10_000);
    const q = await published(owner);
    const rates = {
      basePriceFen: 300,
      regionPriceFen: 40,
      ageBandPriceFen: 50,
      genderPriceFen: 0,
      occupationPriceFen: 70,
      minQuantity: 1,
      maxQuantity: 50,
    };
    expect((await saveRates(owner, rates)).body.code).toBe(403);
    for (const [bad, field, msg] of [
      [{ minQuantity: 60 }, "minQuantity", "最少订购数量不能大于最多订购数量"],
      [{ basePriceFen: 0 }, "basePriceFen", "基础价需为1到100000之间的整数（单位：分）"],
      [{ regionPriceFen: "1.5" }, "regionPriceFen", "加价需为0到100000之间的整数（单位：分）"],
      [{ genderPriceFen: -1 }, "genderPriceFen", "加价需为0到100000之间的整数（单位：分）"],
      [{ occupationPriceFen: "一元" }, "occupationPriceFen", "加价需为0到100000之间的整数（单位：分）"],
      [{ maxQuantity: 100_001 }, "maxQuantity", "订购数量限制需为1到100000之间的整数"],
    ] as const) {
      const refused = await saveRates(admin, { ...rates, ...bad });
      expect(refused.body).toMatchObject({ code: 400, msg, data: { errors: [{ field }] } });
    }
    expect(await quote(owner)).toEqual(defaultRates);
    const saved = await saveRates(admin, rates);
    expect(saved.body).toMatchObject({ code: 200, msg: "样本服务价格已保存", data: rates });
    expect(
      (await call(t.app, "GET", "admin/sampleOrder/getRates", { token: admin.token })).body.data,
    ).toEqual(rates);
    const audit = await auditRowsOf(t, "settings", "samples");
    expect(audit.at(-1)).toMatchObject({ action: "save", before: defaultRates, after: rates });
    try {
      expect(await quote(owner)).toEqual(rates);
      // Each narrowed dimension adds its own surcharge: 300 + 40 (region) + 0 (gender) + 70 (occupation).
      expect(
        (await order(owner, { id: q.id, quantity: 2, region: "east", gender: "male", occupation: "student" }))
          .body.data,
      ).toMatchObject({ priceFen: 410, totalFen: 820 });
      expect((await order(owner, { id: q.id, quantity: 51 })).body.msg).toBe(
        "需要的答卷数需为1到50之间的整数",
      );
    } finally {
      await saveRates(admin, defaultRates);
    }
  });

  it("charges an order already placed at its own price after the rates change", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 100_000);
    const q = await published(owner);
    const placed = (await order(owner, { id: q.id, quantity: 10, ageBand: "18-24" })).body.data;
    expect(placed).toMatchObject({ priceFen: 600, totalFen: 6_000 });
    try {
      expect(
        (await saveRates(admin, { ...defaultRates, basePriceFen: 900, ageBandPriceFen: 300 })).body.code,
      ).toBe(200);
      // The next quote and order use the new rates…
      expect(await quote(owner)).toMatchObject({ basePriceFen: 900, ageBandPriceFen: 300 });
      const next = (await order(owner, { id: q.id, quantity: 10, ageBand: "18-24" })).body.data;
      expect(next).toMatchObject({ priceFen: 1_200, totalFen: 12_000 });
      // …while the first keeps its price: its progress charges 6 yuan a response and its hold is unchanged.
      expect((await progress({ id: placed.id, filled: 10 })).body.data).toMatchObject({
        status: "completed",
        priceFen: 600,
        chargedFen: 6_000,
      });
      expect(await wallet(owner)).toMatchObject({ availableFen: 82_000, frozenFen: 12_000 });
      expect((await orders(owner, q.id)).data.map((o) => o.priceFen)).toEqual([1_200, 600]);
    } finally {
      await saveRates(admin, defaultRates);
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("reads rates saved with one surcharge for every dimension as that surcharge on each", async () => {
    const owner = await buildUser(t);
    const now = new Date().toISOString();
    const legacy = JSON.stringify({
      basePriceFen: 400,
      targetingPriceFen: 30,
      minQuantity: 5,
      maxQuantity: 99,
    });
    await t.db
      .insertInto("settings")
      .values({ key: "samples", value: legacy, updatedAt: now })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: legacy, updatedAt: now }))
      .execute();
    try {
      expect(await quote(owner)).toEqual({
        basePriceFen: 400,
        regionPriceFen: 30,
        ageBandPriceFen: 30,
        genderPriceFen: 30,
        occupationPriceFen: 30,
        minQuantity: 5,
        maxQuantity: 99,
      });
    } finally {
      await saveRates(admin, defaultRates);
    }
  });

  it("lets the team follow orders, only publishers order or cancel, and strangers see nothing", async () => {
    const owner = await buildUser(t);
    const viewer = await buildUser(t);
    const stranger = await buildUser(t);
    await fundWallet(t, owner, 10_000);
    await fundWallet(t, stranger, 10_000);
    const q = await published(owner);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const placed = (await order(owner, { id: q.id, quantity: 10 })).body.data;
    expect((await orders(viewer, q.id)).data).toHaveLength(1);
    expect((await orders(stranger, q.id)).code).toBe(403);
    expect((await order(viewer, { id: q.id, quantity: 10 })).body.code).toBe(403);
    expect((await order(stranger, { id: q.id, quantity: 10 })).body.code).toBe(403);
    const cancelAs = (who: BuiltUser, id: number) =>
      call(t.app, "POST", "sampleService/cancelSampleOrder", {
        token: who.token,
        params: { id, orderId: placed.id },
      });
    expect((await cancelAs(viewer, q.id)).body.code).toBe(403);
    // Naming one's own questionnaire does not reach another's order.
    const own = await published(stranger);
    expect((await cancelAs(stranger, own.id)).body).toMatchObject({ code: 404, msg: "样本订单不存在" });
    expect(await wallet(owner)).toMatchObject({ frozenFen: 5_000 });
    expect(await wallet(stranger)).toMatchObject({ availableFen: 10_000, frozenFen: 0 });
  });
});
