import {
  type Eligibility,
  PROBABILITY_SCALE,
  type PrizeView,
  type RedPacketClaimView,
  type RedPacketView,
} from "@wjgj/core";
import type { PrizeRow, RedPacketClaimRow, RedPacketRow } from "../db/tables/rewards.ts";

/** Prizes and red packets as the creator's screens read them. */
export function presentPrize(row: PrizeRow, codesLeft: number): PrizeView {
  return {
    prizeId: row.id,
    questionnaireId: row.questionnaireId,
    name: row.name,
    image: row.image,
    prizeType: row.kind,
    stock: Number(row.stock),
    probability: (Number(row.probability) * 100) / PROBABILITY_SCALE,
    sort: row.sort,
    ...(row.kind === "coupon" ? { codesLeft } : {}),
  };
}

export function presentRedPacket(
  row: RedPacketRow,
  paidFen: number,
  eligibility: Eligibility,
): RedPacketView {
  return {
    redPacketId: row.id,
    questionnaireId: row.questionnaireId,
    packetType: row.kind,
    totalFen: Number(row.totalFen),
    count: row.count,
    claimedCount: row.claimedCount,
    paidFen,
    review: row.review === 1,
    eligibility,
    status: row.status,
    createdAt: row.createdAt,
  };
}

export function presentClaim(row: RedPacketClaimRow): RedPacketClaimView {
  return {
    claimId: row.id,
    redPacketId: row.redPacketId,
    responseId: row.responseId,
    // The creator sees enough to tell claimants apart, not the whole number.
    phone: `${row.phone.slice(0, 3)}****${row.phone.slice(-4)}`,
    amountFen: Number(row.amountFen),
    status: row.status,
    createdAt: row.createdAt,
  };
}
