import type { RewardOffer } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { drawResultOf } from "./draw.ts";
import { livePrizes, prizeSetOf, readPrizeSet } from "./prizes.ts";
import { meetsEligibility, parseEligibility, provenResponse, type ResponseProof } from "./respondent.ts";

/**
 * Whether the thank-you screen should ask what it may offer: the draw is on or a red packet is active.
 * Runs on every stored submit, so it is one statement (one round trip, one pooled connection).
 */
export async function offersRewards(db: Db, questionnaireId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("prize_sets")
        .select("settings")
        .where("questionnaireId", "=", questionnaireId)
        .as("settings"),
      eb
        .exists(
          eb
            .selectFrom("red_packets")
            .select("id")
            .where("questionnaireId", "=", questionnaireId)
            .where("status", "=", "active"),
        )
        .as("packet"),
    ])
    .executeTakeFirstOrThrow();
  return rewardsOffered(row.settings, row.packet);
}

/**
 * `offersRewards` from what a statement already read: the prize set's settings (null without one) and
 * whether an active red packet exists. The submit's own store statement reads both, so a stored submit
 * learns it without a round trip of its own.
 */
export function rewardsOffered(prizeSettings: string | null | undefined, packet: unknown): boolean {
  // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
  if (packet === true || Number(packet) === 1) return true;
  return prizeSettings !== null && prizeSettings !== undefined && readPrizeSet(prizeSettings).enabled;
}

/** What the thank-you screen may offer this response: the draw (or its result) and claimable red packets. */
export async function rewardOffer(ctx: AppContext, proof: ResponseProof): Promise<RewardOffer> {
  const response = await provenResponse(ctx.db, proof);
  const now = ctx.clock.now();
  const settings = await prizeSetOf(ctx.db, response.questionnaireId);
  const drawn = await ctx.db
    .selectFrom("prize_draws")
    .select("id")
    .where("responseId", "=", response.id)
    .executeTakeFirst();
  const open =
    settings.enabled &&
    (!settings.startsAt || iso(now) >= settings.startsAt) &&
    (!settings.endsAt || iso(now) < settings.endsAt) &&
    (await meetsEligibility(ctx.db, settings.eligibility, response, now));
  const prizes = drawn || open ? await livePrizes(ctx.db, response.questionnaireId) : [];
  const packets = await ctx.db
    .selectFrom("red_packets")
    .leftJoin("red_packet_claims", (join) =>
      join
        .onRef("red_packet_claims.redPacketId", "=", "red_packets.id")
        .on("red_packet_claims.responseId", "=", response.id),
    )
    .select([
      "red_packets.id",
      "red_packets.kind",
      "red_packets.status",
      "red_packets.claimedCount",
      "red_packets.count",
      "red_packets.eligibility",
      "red_packet_claims.id as claimId",
    ])
    .where("red_packets.questionnaireId", "=", response.questionnaireId)
    .orderBy("red_packets.id")
    .execute();
  const redPackets: RewardOffer["redPackets"] = [];
  for (const p of packets) {
    const claimed = p.claimId !== null;
    const claimable =
      p.status === "active" &&
      p.claimedCount < p.count &&
      (await meetsEligibility(ctx.db, parseEligibility(p.eligibility), response, now));
    if (claimed || claimable) redPackets.push({ redPacketId: p.id, packetType: p.kind, claimed });
  }
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select("publicId")
    .where("id", "=", response.questionnaireId)
    .executeTakeFirstOrThrow();
  return {
    publicId: questionnaire.publicId,
    prize:
      drawn || open
        ? {
            prizes: prizes.map((p) => ({ name: p.name, image: p.image, prizeType: p.kind })),
            result: drawn ? await drawResultOf(ctx, drawn.id, settings) : null,
            needsPhone: settings.limitBy === "phone",
            publicWinners: settings.publicWinners,
          }
        : null,
    redPackets,
  };
}
