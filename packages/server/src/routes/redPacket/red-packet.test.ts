import type { RedPacketClaimView, RedPacketView, WalletRecordView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, latestCode, nextPhone } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedWithRevision, storeResponses } from "../../../test/rewards-fixtures.ts";
import { fundWallet } from "../../../test/wallet.ts";
import { sendPhoneCode } from "../../commands/account/phone-codes.ts";
import { findUserByPhone } from "../../commands/account/users.ts";
import { balanceOf, ledgerMismatches, walletKey } from "../../commands/money/ledger.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
/** A phone with a fresh SMS code for a red packet, as user/sendCode leaves it. */
async function verifiedPhone() {
  const phone = nextPhone();
  ipSeq += 1;
  await sendPhoneCode(t.ctx, { phone, purpose: "redPacket", ip: `10.8.${ipSeq >> 8}.${ipSeq & 255}` });
  return { phone, code: await latestCode(t, phone) };
}

function add(owner: BuiltUser, params: Record<string, unknown>) {
  return call<RedPacketView>(t.app, "POST", "redPacket/addRedPacket", { token: owner.token, json: params });
}

function claim(params: Record<string, unknown>) {
  return call<{ amountFen: number; status: string }>(t.app, "POST", "redPacket/claimRedPacket", {
    json: params,
  });
}

async function wallet(userId: number) {
  return balanceOf(t.db, walletKey(userId));
}

describe("red packets", () => {
  it("refuses 余额不足 and freezes nothing; a funded add freezes the budget", async () => {
    const owner = await buildUser(t);
    const q = await publishedWithRevision(t, owner);
    const poor = await add(owner, { questionnaireId: q.id, packetType: "fixed", count: 10, amountFen: 100 });
    expect(poor.body).toMatchObject({ code: 409, msg: "余额不足，请先充值或选择其他支付方式" });
    expect(
      await t.db.selectFrom("red_packets").selectAll().where("questionnaireId", "=", q.id).execute(),
    ).toEqual([]);

    await fundWallet(t, owner, 5000);
    const added = await add(owner, { questionnaireId: q.id, packetType: "fixed", count: 10, amountFen: 100 });
    expect(added.body.data).toMatchObject({
      packetType: "fixed",
      totalFen: 1000,
      count: 10,
      status: "active",
    });
    expect(await wallet(owner.user.id)).toEqual({ posted: 5000, frozen: 1000, available: 4000 });
    const list = await call<RedPacketView[]>(t.app, "GET", "redPacket/getRedPacketList", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    expect(list.body.data.map((p) => p.redPacketId)).toEqual([added.body.data.redPacketId]);

    const bad = await add(owner, { questionnaireId: q.id, packetType: "random", count: 10, totalFen: 9 });
    expect(bad.body).toMatchObject({ code: 400, msg: "红包金额需为整数分，且每个红包至少0.01元" });
    const badType = await add(owner, { questionnaireId: q.id, packetType: "gold", count: 1, amountFen: 1 });
    expect(badType.body).toMatchObject({ code: 400, msg: "请选择红包类型：固定金额或拼手气" });
  });

  it("pays a verified phone's wallet once per response and phone, creating the account; delete releases the rest", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 1000);
    const q = await publishedWithRevision(t, owner);
    const packet = (
      await add(owner, { questionnaireId: q.id, packetType: "fixed", count: 3, amountFen: 150 })
    ).body.data;
    const [r1, r2] = await storeResponses(t, q, 2);
    const { phone, code } = await verifiedPhone();
    expect(await findUserByPhone(t.db, phone)).toBeUndefined();
    // The SMS says what the code is for; a login code of the same phone does not take a red packet.
    const sms = await t.db
      .selectFrom("sms_outbox")
      .select("content")
      .where("phone", "=", phone)
      .executeTakeFirstOrThrow();
    expect(sms.content).toContain("您的领取红包验证码是");
    t.clock.advance(61);
    await sendPhoneCode(t.ctx, { phone, purpose: "login", ip: "10.8.98.1" });
    const loginCode = await latestCode(t, phone);
    if (loginCode !== code) {
      const asLogin = await claim({ ...r1, redPacketId: packet.redPacketId, phone, code: loginCode });
      expect(asLogin.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    }

    const wrong = await claim({
      ...r1,
      redPacketId: packet.redPacketId,
      phone,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    const forged = await claim({
      ...r1,
      idempotencyKey: "not-the-key",
      redPacketId: packet.redPacketId,
      phone,
      code,
    });
    expect(forged.body).toMatchObject({ code: 404 });

    const paid = await claim({ ...r1, redPacketId: packet.redPacketId, phone, code });
    expect(paid.body.data).toEqual({ amountFen: 150, status: "paid" });
    const recipient = await findUserByPhone(t.db, phone);
    expect(await wallet(recipient?.id ?? 0)).toEqual({ posted: 150, frozen: 0, available: 150 });
    expect(await wallet(owner.user.id)).toEqual({ posted: 850, frozen: 300, available: 550 });

    t.clock.advance(61);
    await sendPhoneCode(t.ctx, { phone, purpose: "redPacket", ip: "10.8.99.1" });
    const samePhone = await latestCode(t, phone);
    const twice = await claim({ ...r2, redPacketId: packet.redPacketId, phone, code: samePhone });
    expect(twice.body).toMatchObject({ code: 409, msg: "这份答卷或这个手机号已经领取过红包" });
    const other = await verifiedPhone();
    const sameResponse = await claim({ ...r1, redPacketId: packet.redPacketId, ...other });
    expect(sameResponse.body.code).toBe(409);

    // The owner's wallet names the questionnaire the budget went to, never its internal id.
    const records = await call<{ list: WalletRecordView[] }>(t.app, "GET", "pay/getWalletRecords", {
      token: owner.token,
    });
    const title = (
      await t.db.selectFrom("questionnaires").select("title").where("id", "=", q.id).executeTakeFirstOrThrow()
    ).title;
    const details = records.body.data.list.map((r) => r.detail);
    expect(details).toContain(`问卷《${title}》`);
    expect(details.join(" ")).not.toMatch(/questionnaire:|red_packet:/);

    const del = await call(t.app, "POST", "redPacket/delRedPacket", {
      token: owner.token,
      params: { questionnaireId: q.id, redPacketId: packet.redPacketId },
    });
    expect(del.body.code).toBe(200);
    expect(await wallet(owner.user.id)).toEqual({ posted: 850, frozen: 0, available: 850 });
    const late = await claim({ ...r2, redPacketId: packet.redPacketId, ...(await verifiedPhone()) });
    // Deleted, not taken: the respondent is told it stopped, not that others were quicker.
    expect(late.body).toMatchObject({ code: 409, msg: "红包已停止发放" });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("holds claims for review: approve pays, reject does not; stopping the questionnaire releases the rest", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 600);
    const q = await publishedWithRevision(t, owner);
    const packet = (
      await add(owner, { questionnaireId: q.id, packetType: "random", count: 3, totalFen: 600, review: true })
    ).body.data;
    const responses = await storeResponses(t, q, 3);
    const phones = [await verifiedPhone(), await verifiedPhone(), await verifiedPhone()];
    const claims = [];
    for (const [i, proof] of responses.entries())
      claims.push((await claim({ ...proof, redPacketId: packet.redPacketId, ...phones[i] })).body.data);
    expect(claims.map((c) => c.status)).toEqual(["pending", "pending", "pending"]);
    expect(claims.reduce((sum, c) => sum + c.amountFen, 0)).toBe(600);

    const list = await call<RedPacketClaimView[]>(t.app, "GET", "redPacket/getClaimList", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    const [third, second, first] = list.body.data;
    const review = (claimId: number | undefined, approve: boolean) =>
      call(t.app, "POST", "redPacket/reviewClaim", {
        token: owner.token,
        params: { questionnaireId: q.id, claimId: claimId ?? 0, approve: String(approve) },
      });
    expect((await review(first?.claimId, true)).body.code).toBe(200);
    expect((await review(second?.claimId, false)).body.code).toBe(200);
    expect((await review(second?.claimId, true)).body).toMatchObject({
      code: 404,
      msg: "领取记录不存在或已审核",
    });
    const firstUser = await findUserByPhone(t.db, phones[0]?.phone ?? "");
    expect((await wallet(firstUser?.id ?? 0)).posted).toBe(first?.amountFen);

    const stop = await call(t.app, "POST", "questionary/stopQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(stop.body.code).toBe(200);
    // The third claim was still pending: stopping rejects it and returns its money with the rest.
    expect(await wallet(owner.user.id)).toEqual({
      posted: 600 - (first?.amountFen ?? 0),
      frozen: 0,
      available: 600 - (first?.amountFen ?? 0),
    });
    const after = await call<RedPacketClaimView[]>(t.app, "GET", "redPacket/getClaimList", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    expect(after.body.data.find((c) => c.claimId === third?.claimId)?.status).toBe("rejected");
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("pays exactly 100 of 500 concurrent claims and never more than the budget", async () => {
    const owner = await buildUser(t);
    await fundWallet(t, owner, 20_000);
    const q = await publishedWithRevision(t, owner);
    const packet = (
      await add(owner, { questionnaireId: q.id, packetType: "random", count: 100, totalFen: 12_345 })
    ).body.data;
    const responses = await storeResponses(t, q, 500);
    const phones: Array<{ phone: string; code: string }> = [];
    for (let i = 0; i < 500; i += 1) phones.push(await verifiedPhone());
    const results = await Promise.all(
      responses.map((proof, i) => claim({ ...proof, redPacketId: packet.redPacketId, ...phones[i] })),
    );
    const paid = results.filter((r) => r.body.code === 200);
    expect(paid).toHaveLength(100);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.msg === "红包已被领完")).toBe(true);
    expect(paid.reduce((sum, r) => sum + r.body.data.amountFen, 0)).toBe(12_345);
    expect(paid.every((r) => r.body.data.amountFen >= 1)).toBe(true);
    expect(await wallet(owner.user.id)).toEqual({
      posted: 20_000 - 12_345,
      frozen: 0,
      available: 20_000 - 12_345,
    });
    const hold = await t.db
      .selectFrom("ledger_holds")
      .innerJoin("red_packets", "red_packets.holdId", "ledger_holds.transferId")
      .select("remaining")
      .where("red_packets.id", "=", packet.redPacketId)
      .executeTakeFirstOrThrow();
    expect(hold.remaining).toBe(0);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  }, 300_000);
});
