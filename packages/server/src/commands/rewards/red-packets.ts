import { randomUUID } from "node:crypto";
import type { Eligibility, RedPacketKind } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import type { RedPacketRow } from "../../db/tables/rewards.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentClaim, presentRedPacket } from "../../presenters/rewards.ts";
import { parseTime } from "../answering/state.ts";
import { reserve, siteKey, voidPending, walletKey } from "../money/ledger.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { parseEligibility } from "./respondent.ts";
import { splitFixed, splitRandom } from "./split.ts";

/**
 * Red packets of a questionnaire. The budget is frozen in the adding creator's wallet when the red packet
 * is added (a ledger hold), so 余额不足 refuses at once and respondents never claim unfunded money; claims
 * post parts of the hold; deleting the red packet, stopping or destroying the questionnaire voids the rest.
 */

export interface RedPacketInput {
  packetType: RedPacketKind;
  count: number;
  /** Random: the whole budget. */
  totalFen?: number | undefined;
  /** Fixed: each packet. */
  amountFen?: number | undefined;
  review: boolean;
  eligibility: Eligibility;
}

function sharesOf(input: RedPacketInput): number[] {
  if (input.packetType === "fixed") {
    if (!input.amountFen) throw InvalidInputError.field("amountFen", "redPacketAmountInvalid");
    return splitFixed(input.amountFen, input.count);
  }
  if (!input.totalFen || input.totalFen < input.count)
    throw InvalidInputError.field("totalFen", "redPacketAmountInvalid");
  return splitRandom(input.totalFen, input.count);
}

export async function addRedPacket(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  input: RedPacketInput,
) {
  const shares = sharesOf(input);
  const totalFen = shares.reduce((a, b) => a + b, 0);
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "publish");
  const now = iso(ctx.clock.now());
  const holdId = `redpacket:${randomUUID()}`;
  const row = await transaction(ctx.db, async (trx) => {
    await reserve(trx, {
      id: holdId,
      debit: walletKey(viewer.user.id),
      credit: siteKey("rewards"),
      amount: totalFen,
      kind: "red_packet",
      reference: `questionnaire:${questionnaireId}`,
      memo: "红包预算冻结",
      now,
    });
    return trx
      .insertInto("red_packets")
      .values({
        questionnaireId,
        payerId: viewer.user.id,
        kind: input.packetType,
        totalFen,
        count: input.count,
        shares: JSON.stringify(shares),
        claimedCount: 0,
        review: input.review ? 1 : 0,
        eligibility: JSON.stringify(input.eligibility),
        holdId,
        status: "active",
        createdAt: now,
        releasedAt: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentRedPacket(row, 0, input.eligibility);
}

/**
 * Voids what is left of a red packet's budget: pending claims are rejected first (their money was never
 * paid), then the hold's remainder goes back to the payer. Idempotent per red packet.
 */
async function release(trx: Trx, row: RedPacketRow, now: string): Promise<boolean> {
  await trx
    .updateTable("red_packet_claims")
    .set({ status: "rejected", reviewedAt: now })
    .where("redPacketId", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  const released = await trx
    .updateTable("red_packets")
    .set({ status: "released", releasedAt: now })
    .where("id", "=", row.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) === 0) return false;
  await voidPending(trx, { id: `${row.holdId}:void`, pendingId: row.holdId, now });
  return true;
}

/** Every active red packet of the questionnaire (stop, destroy). Runs inside the caller's transaction. */
export async function releaseRedPackets(trx: Trx, questionnaireId: number, now: string) {
  const rows = await trx
    .selectFrom("red_packets")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .where("status", "=", "active")
    .execute();
  for (const row of rows) await release(trx, row, now);
}

/**
 * The maintenance run's step for questionnaires whose end time (设置 · 结束时间) has passed: nobody can
 * answer or claim any more, so what is left of each active red packet goes back to its payer. Stopping
 * releases at once (lifecycle.ts); an end time passes without a request, hence this sweep. One
 * transaction per red packet; `release` changes only an active one, so two instances sweeping at once,
 * or a run repeated after a takeover, release each budget once. Returns how many were released.
 */
export async function releaseEndedRedPackets(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await ctx.db
    .selectFrom("red_packets")
    .innerJoin("questionnaires", "questionnaires.id", "red_packets.questionnaireId")
    .selectAll("red_packets")
    .select("questionnaires.settings")
    .where("red_packets.status", "=", "active")
    .execute();
  let released = 0;
  for (const { settings, ...row } of candidates) {
    let endTime = "";
    try {
      endTime = String((JSON.parse(settings) as { endTime?: unknown }).endTime ?? "");
    } catch {
      continue;
    }
    const end = parseTime(endTime);
    if (end === null || end > now.getTime()) continue;
    if (await transaction(ctx.db, (trx) => release(trx, row, iso(now)))) released += 1;
  }
  return released;
}

export async function findRedPacket(db: Db | Trx, questionnaireId: number, redPacketId: number) {
  const row = await db
    .selectFrom("red_packets")
    .selectAll()
    .where("id", "=", redPacketId)
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("redPacketNotFound");
  return row;
}

export async function deleteRedPacket(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  redPacketId: number,
) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "publish");
  const row = await findRedPacket(ctx.db, questionnaireId, redPacketId);
  await transaction(ctx.db, (trx) => release(trx, row, iso(ctx.clock.now())));
  return null;
}

async function paidByPacket(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom("red_packet_claims")
    .select(["redPacketId", (eb) => eb.fn.sum<number>("amountFen").as("paid")])
    .where("redPacketId", "in", ids)
    .where("status", "=", "paid")
    .groupBy("redPacketId")
    .execute();
  return new Map(rows.map((r) => [r.redPacketId, Number(r.paid)]));
}

export async function listRedPackets(ctx: AppContext, viewer: Viewer, questionnaireId: number) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "read");
  const rows = await ctx.db
    .selectFrom("red_packets")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id", "desc")
    .execute();
  const paid = await paidByPacket(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentRedPacket(r, paid.get(r.id) ?? 0, parseEligibility(r.eligibility)));
}

export async function listClaims(ctx: AppContext, viewer: Viewer, questionnaireId: number) {
  await loadQuestionnaire(ctx.db, viewer, questionnaireId, "results");
  const rows = await ctx.db
    .selectFrom("red_packet_claims")
    .innerJoin("red_packets", "red_packets.id", "red_packet_claims.redPacketId")
    .selectAll("red_packet_claims")
    .where("red_packets.questionnaireId", "=", questionnaireId)
    .orderBy("red_packet_claims.id", "desc")
    .limit(1000)
    .execute();
  return rows.map(presentClaim);
}
