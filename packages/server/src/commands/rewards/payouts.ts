import { ResultCode } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import type { RedPacketClaimRow, RedPacketPayoutRow, RedPacketRow } from "../../db/tables/rewards.ts";
import { AppError } from "../../errors.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/worker.ts";
import {
  type TransferNumbers,
  type TransferPayout,
  type TransferState,
  wechatTransferPayout,
} from "../../payments/wechat-transfer.ts";
import { postPending, siteKey, transfer, walletKey } from "../money/ledger.ts";

/**
 * Paying a red-packet claim out. By default (REDPACKET_PAYOUT=wallet, or a claim without an openid) the
 * claim's share is posted from the budget's hold to the claimant's site wallet, in the claim's own
 * transaction. With REDPACKET_PAYOUT=wechat a claim from inside WeChat (it carries the payee's openid)
 * is sent to WeChat 零钱 instead: the share leaves the hold for the site's payouts account at once (so
 * stopping the questionnaire cannot void money already on its way), a payout row and a job are added in
 * the same transaction, and the job asks WeChat. Success moves the share on to the site's withdrawals
 * account (money that has left the site); a refusal gives it back to the creator's wallet.
 */

export const PAYOUT_JOB = "red_packet_payout";
export const payoutJobKey = (payoutId: number) => `red_packet_payout:${payoutId}`;

/** WeChat's numbers for a payout: letters and digits, 5-32 long, the same on every retry and replay. */
export function transferNumbers(payoutId: number): TransferNumbers {
  const id = String(payoutId).padStart(12, "0");
  return { outBatchNo: `wjgjrpb${id}`, outDetailNo: `wjgjrpd${id}` };
}

/** How long a transfer WeChat is still processing waits before it is looked at again. */
const CHECK_AGAIN_MS = 60_000;

const adapters = new WeakMap<Config, TransferPayout>();

/** The WeChat transfer adapter of this configuration; a clear refusal when WeChat Pay is not configured. */
export function transferPayoutOf(ctx: Pick<AppContext, "config" | "clock">): TransferPayout {
  const { wechatPay } = ctx.config;
  if (!wechatPay) throw new AppError(ResultCode.conflict, "wechatTransferNotConfigured");
  let adapter = adapters.get(ctx.config);
  if (!adapter) {
    adapter = wechatTransferPayout(wechatPay, () => ctx.clock.now());
    adapters.set(ctx.config, adapter);
  }
  return adapter;
}

/** The status a claim takes once it is decided (no review, or approved). */
export function decidedStatus(config: Config, openid: string): "paid" | "paying" {
  return config.redPacketPayout === "wechat" && config.wechatPay && openid ? "paying" : "paid";
}

/** Pays a decided claim (status paid or paying), inside the claim's or the review's transaction. */
export async function payClaim(
  trx: Trx,
  ctx: Pick<AppContext, "config" | "clock">,
  packet: RedPacketRow,
  claim: RedPacketClaimRow,
  now: string,
): Promise<void> {
  const amount = Number(claim.amountFen);
  if (claim.status !== "paying") {
    await postPending(trx, {
      id: `${packet.holdId}:claim:${claim.id}`,
      pendingId: packet.holdId,
      amount,
      credit: walletKey(claim.userId),
      kind: "red_packet_claim",
      memo: "问卷红包",
      now,
    });
    return;
  }
  await postPending(trx, {
    id: `${packet.holdId}:claim:${claim.id}`,
    pendingId: packet.holdId,
    amount,
    credit: siteKey("payouts"),
    kind: "red_packet_payout",
    memo: "问卷红包（微信零钱打款中）",
    now,
  });
  const payout = await trx
    .insertInto("red_packet_payouts")
    .values({
      claimId: claim.id,
      redPacketId: packet.id,
      payerId: packet.payerId,
      openid: claim.openid,
      amountFen: amount,
      status: "sending",
      failReason: "",
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueJob(trx, ctx.clock.now(), {
    kind: PAYOUT_JOB,
    key: payoutJobKey(payout.id),
    payload: { payoutId: payout.id },
    maxAttempts: ctx.config.jobs.maxAttempts,
  });
}

/**
 * Records WeChat's final word once: the conditional UPDATE lets only the first settlement (of a retry,
 * a replayed job or a second instance) move money; the transfer ids are the ledger's second guard.
 */
async function settle(
  ctx: Pick<AppContext, "db" | "clock">,
  payout: RedPacketPayoutRow,
  outcome: { kind: "success" } | { kind: "failed"; reason: string },
): Promise<void> {
  const now = iso(ctx.clock.now());
  const paid = outcome.kind === "success";
  await transaction(ctx.db, async (trx) => {
    const changed = await trx
      .updateTable("red_packet_payouts")
      .set({
        status: paid ? "paid" : "failed",
        failReason: paid ? "" : outcome.reason.slice(0, 200),
        updatedAt: now,
      })
      .where("id", "=", payout.id)
      .where("status", "=", "sending")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await transfer(trx, {
      id: `payout:${payout.id}:${paid ? "paid" : "refund"}`,
      debit: siteKey("payouts"),
      credit: paid ? siteKey("withdrawals") : walletKey(payout.payerId),
      amount: Number(payout.amountFen),
      kind: paid ? "red_packet_payout" : "red_packet_refund",
      reference: `red_packet:${payout.redPacketId}`,
      memo: paid ? "红包已打款到微信零钱" : "红包微信打款失败，退回预算",
      now,
    });
    await trx
      .updateTable("red_packet_claims")
      .set({ status: paid ? "paid" : "failed" })
      .where("id", "=", payout.claimId)
      .where("status", "=", "paying")
      .execute();
  });
}

function payoutIdOf(payload: unknown): number {
  const id = (payload as { payoutId?: unknown } | null)?.payoutId;
  if (typeof id !== "number" || !Number.isSafeInteger(id)) throw new Error("payout job without a payout id");
  return id;
}

async function sendingPayout(ctx: Pick<AppContext, "db">, payoutId: number) {
  const row = await ctx.db
    .selectFrom("red_packet_payouts")
    .selectAll()
    .where("id", "=", payoutId)
    .executeTakeFirst();
  return row?.status === "sending" ? row : undefined;
}

/**
 * The payout job. Each run first asks WeChat about the payout's numbers, and sends only when WeChat has
 * never seen them: a run repeated after a crash, a lost answer or a replayed job finds the transfer and
 * never pays twice. A transfer WeChat is still processing is looked at again a minute later (without
 * spending an attempt); errors are retried by the queue with back-off.
 */
export function payoutJobHandler(ctx: Pick<AppContext, "db" | "clock" | "config">): JobHandler {
  const decide = async (payout: RedPacketPayoutRow, state: TransferState) => {
    if (state.kind === "success" || state.kind === "failed") {
      await settle(ctx, payout, state);
      return true;
    }
    return false;
  };
  return {
    async run({ payload, signal }) {
      const payout = await sendingPayout(ctx, payoutIdOf(payload));
      if (!payout) return;
      const wechat = transferPayoutOf(ctx);
      const numbers = transferNumbers(payout.id);
      let state = await wechat.query(numbers);
      if (state.kind === "absent") {
        signal.throwIfAborted();
        await wechat.send({
          ...numbers,
          openid: payout.openid,
          amountFen: Number(payout.amountFen),
          remark: "问卷红包",
        });
        state = await wechat.query(numbers);
      }
      if (await decide(payout, state)) return;
      if (state.kind === "absent") throw new Error("微信未查到已受理的零钱打款");
      const now = ctx.clock.now();
      await enqueueJob(ctx.db, now, {
        kind: PAYOUT_JOB,
        key: `${payoutJobKey(payout.id)}:check:${now.getTime()}`,
        payload: { payoutId: payout.id },
        maxAttempts: ctx.config.jobs.maxAttempts,
        runAt: new Date(now.getTime() + CHECK_AGAIN_MS),
      });
    },
    /**
     * Attempts spent: the share goes back to the creator only when WeChat certainly will not pay (it never
     * received the transfer, or refused it). When WeChat cannot be asked, the payout stays 'sending' with
     * the error recorded, for an operator to check: refunding then could pay the money twice.
     */
    async giveUp({ payload }, error) {
      const payout = await sendingPayout(ctx, payoutIdOf(payload));
      if (!payout) return;
      const reason = error instanceof Error ? error.message : String(error);
      let state: TransferState | null = null;
      try {
        state = await transferPayoutOf(ctx).query(transferNumbers(payout.id));
      } catch {
        state = null;
      }
      if (state?.kind === "absent") {
        await settle(ctx, payout, { kind: "failed", reason });
        return;
      }
      if (state && (await decide(payout, state))) return;
      await ctx.db
        .updateTable("red_packet_payouts")
        .set({
          failReason: `打款结果未知，请到微信支付商户平台核对：${reason}`.slice(0, 200),
          updatedAt: iso(ctx.clock.now()),
        })
        .where("id", "=", payout.id)
        .where("status", "=", "sending")
        .execute();
    },
  };
}
