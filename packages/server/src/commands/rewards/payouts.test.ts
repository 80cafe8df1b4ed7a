import type { RedPacketClaimView, RedPacketView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, latestCode, nextPhone } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import {
  type FakeWechatTransfer,
  rsaPair,
  startFakeWechatTransfer,
  type TransferBehaviour,
} from "../../../test/payment-fakes.ts";
import { publishedWithRevision, storeResponses } from "../../../test/rewards-fixtures.ts";
import { fundWallet } from "../../../test/wallet.ts";
import { loadConfig } from "../../config.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { WechatTransferError, wechatTransferPayout } from "../../payments/wechat-transfer.ts";
import { sealIdentity, WECHAT_ID_COOKIE } from "../../wechat/identity-cookie.ts";
import { sendPhoneCode } from "../account/phone-codes.ts";
import { findUserByPhone } from "../account/users.ts";
import { balanceOf, ledgerMismatches, siteKey, walletKey } from "../money/ledger.ts";
import { PAYOUT_JOB, payoutJobHandler, transferNumbers, transferPayoutOf } from "./payouts.ts";

const merchant = rsaPair();
const forger = rsaPair();
const wechatEnv = (baseUrl: string) => ({
  WECHATPAY_MCH_ID: "1900000109",
  WECHATPAY_APP_ID: "wxd678efh567hg6787",
  WECHATPAY_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  WECHATPAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, "\\n"),
  WECHATPAY_PLATFORM_PUBLIC_KEY: rsaPair().publicKey,
  WECHATPAY_APIV3_KEY: "0123456789abcdef0123456789ABCDEF",
  WECHATPAY_NOTIFY_URL: "https://wjgj.example.com/wjgj/api/pay/notify/wechat",
  WECHATPAY_BASE_URL: baseUrl,
});

let t: TestContext;
let fake: FakeWechatTransfer;
beforeAll(async () => {
  // The openid says how the fake answers: o-refuse-…, o-lose-answer-…, o-fail-…, anything else is paid.
  fake = await startFakeWechatTransfer(merchant.publicKey, (openid) => {
    const mode = /^o-(refuse|lose-answer|fail)-/.exec(openid)?.[1];
    return (mode ?? "ok") as TransferBehaviour;
  });
  t = await createTestContext({ ...wechatEnv(fake.url), REDPACKET_PAYOUT: "wechat", JOB_MAX_ATTEMPTS: "3" });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let ipSeq = 0;
async function verifiedPhone() {
  const phone = nextPhone();
  ipSeq += 1;
  await sendPhoneCode(t.ctx, { phone, purpose: "redPacket", ip: `10.9.${ipSeq >> 8}.${ipSeq & 255}` });
  return { phone, code: await latestCode(t, phone) };
}

/** A funded creator, a published questionnaire with one red packet, and `responses` stored answers. */
async function packetWith(params: Record<string, unknown>, responses = 1) {
  const owner = await buildUser(t);
  await fundWallet(t, owner, 1000);
  const q = await publishedWithRevision(t, owner);
  const added = await call<RedPacketView>(t.app, "POST", "redPacket/addRedPacket", {
    token: owner.token,
    json: { questionnaireId: q.id, packetType: "fixed", count: 3, amountFen: 150, ...params },
  });
  expect(added.body.code).toBe(200);
  return { owner, q, packet: added.body.data, proofs: await storeResponses(t, q, responses) };
}

/** The sealed cookie a browser holds once the 公众号's authorisation named it `openid` (issue #39). */
const identityCookie = (openid: string, appId = "wxd678efh567hg6787") =>
  `${WECHAT_ID_COOKIE}=${sealIdentity(t.ctx.config, {
    appId,
    openid,
    unionid: null,
    nickname: "",
    avatarUrl: "",
    at: t.clock.now().getTime(),
  })}`;

/** A claim from a browser WeChat identified as `openid` (the payee is read from its cookie only). */
async function claim(
  packet: RedPacketView,
  proof: { responseId: number; idempotencyKey: string },
  openid?: string,
  extra: { json?: Record<string, unknown>; cookie?: string } = {},
) {
  const cookie = extra.cookie ?? (openid ? identityCookie(openid) : undefined);
  return call<{ amountFen: number; status: string }>(t.app, "POST", "redPacket/claimRedPacket", {
    json: { ...proof, redPacketId: packet.redPacketId, ...(await verifiedPhone()), ...extra.json },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

const payoutOf = (redPacketId: number) =>
  t.db
    .selectFrom("red_packet_payouts")
    .selectAll()
    .where("redPacketId", "=", redPacketId)
    .executeTakeFirstOrThrow();

async function claimStatus(owner: BuiltUser, questionnaireId: number) {
  const list = await call<RedPacketClaimView[]>(t.app, "GET", "redPacket/getClaimList", {
    token: owner.token,
    params: { questionnaireId },
  });
  return list.body.data.map((c) => c.status);
}

const sendsTo = (openid: string) =>
  fake.sends.filter((s) => (s.transfer_detail_list as Array<{ openid: string }>)[0]?.openid === openid);

/** Runs the queue until nothing is due, then moves the clock past the next retry's back-off. */
async function drainWithRetries(rounds: number) {
  for (let i = 0; i < rounds; i += 1) {
    await jobWorkerOf(t.app).idle();
    t.clock.advance(700);
  }
  await jobWorkerOf(t.app).idle();
}

describe("red packets paid to WeChat 零钱 (商家转账到零钱)", () => {
  it("sends a request signed per WeChat Pay v3, which the fake verifies; a forged signature is refused", async () => {
    const numbers = transferNumbers(1);
    expect(numbers).toEqual({ outBatchNo: "wjgjrpb000000000001", outDetailNo: "wjgjrpd000000000001" });
    const config = loadConfig(wechatEnv(fake.url)).wechatPay;
    if (!config) throw new Error("WeChat Pay is configured above");
    const forged = wechatTransferPayout({ ...config, privateKey: forger.privateKey }, () => t.clock.now());
    const refused = await forged.query(numbers).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WechatTransferError);
    expect(refused).toMatchObject({ status: 401, wechatCode: "SIGN_ERROR" });
    await expect(
      forged.send({ ...numbers, openid: "o-forged-1", amountFen: 100, remark: "问卷红包" }),
    ).rejects.toMatchObject({ status: 401 });
    expect(fake.sends).toHaveLength(0);
    // The real adapter's signature holds: WeChat answers that it has no such transfer.
    expect(await transferPayoutOf(t.ctx).query(numbers)).toEqual({ kind: "absent" });
  });

  it("pays a claim from inside WeChat to 零钱 and marks it paid; the share leaves the site, not to a wallet", async () => {
    const { owner, q, packet, proofs } = await packetWith({});
    const [proof] = proofs;
    if (!proof) throw new Error("one response");
    const claimed = await claim(packet, proof, "o-paid-openid-1");
    expect(claimed.body.data).toEqual({ amountFen: 150, status: "paying" });
    await jobWorkerOf(t.app).idle();

    const payout = await payoutOf(packet.redPacketId);
    expect(payout).toMatchObject({ status: "paid", openid: "o-paid-openid-1", failReason: "" });
    const numbers = transferNumbers(payout.id);
    expect(sendsTo("o-paid-openid-1")).toEqual([
      {
        appid: "wxd678efh567hg6787",
        out_batch_no: numbers.outBatchNo,
        batch_name: "问卷红包",
        batch_remark: "问卷红包",
        total_amount: 150,
        total_num: 1,
        transfer_detail_list: [
          {
            out_detail_no: numbers.outDetailNo,
            transfer_amount: 150,
            transfer_remark: "问卷红包",
            openid: "o-paid-openid-1",
          },
        ],
      },
    ]);
    expect(fake.transfers.get(numbers.outDetailNo)).toMatchObject({ amount: 150, status: "SUCCESS" });
    expect(await claimStatus(owner, q.id)).toEqual(["paid"]);
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 850,
      frozen: 300,
      available: 550,
    });
    const claimant = await t.db
      .selectFrom("red_packet_claims")
      .select("userId")
      .where("redPacketId", "=", packet.redPacketId)
      .executeTakeFirstOrThrow();
    expect((await balanceOf(t.db, walletKey(claimant.userId))).posted).toBe(0);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a refused transfer is retried, then marked failed and its share refunded to the creator", async () => {
    const { owner, q, packet, proofs } = await packetWith({});
    const [proof] = proofs;
    if (!proof) throw new Error("one response");
    expect((await claim(packet, proof, "o-refuse-1")).body.data.status).toBe("paying");
    await jobWorkerOf(t.app).idle();
    // The first attempt failed and waits for its back-off: nothing refunded yet.
    expect(await payoutOf(packet.redPacketId)).toMatchObject({ status: "sending" });
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 850,
      frozen: 300,
      available: 550,
    });
    const job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", PAYOUT_JOB)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job.lastError).toContain("NOT_ENOUGH");

    await drainWithRetries(3);
    expect(sendsTo("o-refuse-1")).toHaveLength(3);
    const payout = await payoutOf(packet.redPacketId);
    expect(payout.status).toBe("failed");
    expect(payout.failReason).toContain("资金不足");
    expect(fake.transfers.has(transferNumbers(payout.id).outDetailNo)).toBe(false);
    expect(await claimStatus(owner, q.id)).toEqual(["failed"]);
    // The share is back in the creator's wallet; the rest of the budget is still frozen for other claims.
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 1000,
      frozen: 300,
      available: 700,
    });
    expect(await balanceOf(t.db, siteKey("payouts"))).toMatchObject({ posted: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a transfer WeChat refuses after accepting (detail FAIL) is refunded at once, without retries", async () => {
    const { owner, packet, proofs } = await packetWith({});
    const [proof] = proofs;
    if (!proof) throw new Error("one response");
    await claim(packet, proof, "o-fail-1");
    await jobWorkerOf(t.app).idle();
    expect(await payoutOf(packet.redPacketId)).toMatchObject({
      status: "failed",
      failReason: "ACCOUNT_FROZEN",
    });
    expect(sendsTo("o-fail-1")).toHaveLength(1);
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 1000,
      frozen: 300,
      available: 700,
    });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a lost answer, a replayed job and two runs at once pay once", async () => {
    const { owner, q, packet, proofs } = await packetWith({}, 2);
    const [first, second] = proofs;
    if (!first || !second) throw new Error("two responses");
    // WeChat pays but its answer is lost: the retry finds the transfer by its numbers and does not send again.
    await claim(packet, first, "o-lose-answer-1");
    await drainWithRetries(1);
    const lost = await payoutOf(packet.redPacketId);
    expect(lost.status).toBe("paid");
    expect(sendsTo("o-lose-answer-1")).toHaveLength(1);

    // The same payout's job queued again, and run twice side by side by hand: nothing more is sent or moved.
    await enqueueJob(t.db, t.clock.now(), {
      kind: PAYOUT_JOB,
      key: `replay:${lost.id}`,
      payload: { payoutId: lost.id },
      maxAttempts: 1,
    });
    await jobWorkerOf(t.app).idle();
    const handler = payoutJobHandler(t.ctx);
    const run = () =>
      handler.run({
        job: {} as never,
        payload: { payoutId: lost.id },
        signal: new AbortController().signal,
      });
    await Promise.all([run(), run()]);
    expect(sendsTo("o-lose-answer-1")).toHaveLength(1);

    // A fresh payout run by hand twice at once, while the worker may take it too: one transfer at WeChat.
    await claim(packet, second, "o-twice-1");
    const fresh = await t.db
      .selectFrom("red_packet_payouts")
      .selectAll()
      .where("openid", "=", "o-twice-1")
      .executeTakeFirstOrThrow();
    await Promise.allSettled([
      handler.run({
        job: {} as never,
        payload: { payoutId: fresh.id },
        signal: new AbortController().signal,
      }),
      handler.run({
        job: {} as never,
        payload: { payoutId: fresh.id },
        signal: new AbortController().signal,
      }),
    ]);
    await drainWithRetries(1);
    expect([...fake.transfers.values()].filter((x) => x.openid === "o-twice-1")).toHaveLength(1);
    expect(await claimStatus(owner, q.id)).toEqual(["paid", "paid"]);
    const moved = await t.db
      .selectFrom("ledger_transfers")
      .select("id")
      .where("id", "like", "payout:%")
      .where("reference", "=", `red_packet:${packet.redPacketId}`)
      .execute();
    expect(moved.map((m) => m.id).sort()).toEqual(
      [`payout:${fresh.id}:paid`, `payout:${lost.id}:paid`].sort(),
    );
    expect(await balanceOf(t.db, walletKey(owner.user.id))).toEqual({
      posted: 700,
      frozen: 150,
      available: 550,
    });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a claim without an openid, and a reviewed claim, follow the same rules: wallet by default, 零钱 once approved", async () => {
    const { owner, packet, proofs } = await packetWith({ review: true }, 2);
    const [inWechat, inBrowser] = proofs;
    if (!inWechat || !inBrowser) throw new Error("two responses");
    expect((await claim(packet, inWechat, "o-reviewed-1")).body.data.status).toBe("pending");
    const browser = await verifiedPhone();
    const plain = await call<{ status: string }>(t.app, "POST", "redPacket/claimRedPacket", {
      json: { ...inBrowser, redPacketId: packet.redPacketId, ...browser },
    });
    expect(plain.body.data.status).toBe("pending");
    const claims = await t.db
      .selectFrom("red_packet_claims")
      .selectAll()
      .where("redPacketId", "=", packet.redPacketId)
      .orderBy("id")
      .execute();
    for (const c of claims) {
      const reviewed = await call(t.app, "POST", "redPacket/reviewClaim", {
        token: owner.token,
        params: { questionnaireId: packet.questionnaireId, claimId: c.id, approve: "true" },
      });
      expect(reviewed.body.code).toBe(200);
    }
    await jobWorkerOf(t.app).idle();
    expect(sendsTo("o-reviewed-1")).toHaveLength(1);
    expect(await payoutOf(packet.redPacketId)).toMatchObject({ status: "paid" });
    const browserUser = await findUserByPhone(t.db, browser.phone);
    expect(await balanceOf(t.db, walletKey(browserUser?.id ?? 0))).toEqual({
      posted: 150,
      frozen: 0,
      available: 150,
    });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("pays the openid of the browser's verified WeChat identity, never one the page sends, once though retried", async () => {
    const { owner, q, packet, proofs } = await packetWith({}, 3);
    const [forged, other, verified] = proofs;
    if (!forged || !verified || !other) throw new Error("three responses");
    // An openid in the request, without the identity cookie: ignored, the share goes to the wallet.
    const sent = await claim(packet, forged, undefined, { json: { openid: "o-attacker-1" } });
    expect(sent.body).toMatchObject({ code: 200, data: { status: "paid" } });
    // A cookie sealed for another app (not WeChat Pay's) or edited by hand: no 零钱 either.
    const foreign = await claim(packet, other, undefined, {
      cookie: identityCookie("o-foreign-app-1", "wxsomeotherapp00001"),
    });
    expect(foreign.body.data.status).toBe("paid");
    // The identified browser: paid to its openid, whatever openid the page adds, though the answer is lost once.
    const paying = await claim(packet, verified, "o-lose-answer-verified", {
      json: { openid: "o-attacker-2" },
    });
    expect(paying.body).toMatchObject({ code: 200, data: { status: "paying" } });
    await drainWithRetries(4);
    const payout = await payoutOf(packet.redPacketId);
    expect(payout).toMatchObject({ status: "paid", openid: "o-lose-answer-verified" });
    // Retried after the lost answer, and run again by hand: one transfer at WeChat, to that openid only.
    await payoutJobHandler(t.ctx).run({
      job: {} as never,
      payload: { payoutId: payout.id },
      signal: new AbortController().signal,
    });
    expect([...fake.transfers.values()].filter((x) => x.openid === "o-lose-answer-verified")).toHaveLength(1);
    expect(fake.sends.some((s) => JSON.stringify(s).includes("o-attacker"))).toBe(false);
    expect(fake.sends.some((s) => JSON.stringify(s).includes("o-foreign-app"))).toBe(false);
    expect(await claimStatus(owner, q.id)).toEqual(["paid", "paid", "paid"]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("refuses to start with REDPACKET_PAYOUT=wechat but WeChat Pay unconfigured", async () => {
    expect(() => loadConfig({ REDPACKET_PAYOUT: "wechat" })).toThrow(/红包微信零钱打款未开通/);
    const wallet = loadConfig({});
    expect(wallet.redPacketPayout).toBe("wallet");
    expect(() => transferPayoutOf({ config: wallet, clock: t.clock })).toThrow(
      "微信零钱打款未开通（未配置微信支付商户），红包将发放到账户余额",
    );
  });
});
