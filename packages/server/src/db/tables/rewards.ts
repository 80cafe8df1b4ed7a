import type { Generated, Selectable } from "kysely";

/** A questionnaire's draw settings (JSON over core's prizeSetSchema). */
export interface PrizeSetsTable {
  questionnaireId: number;
  settings: string;
  updatedAt: string;
}

export interface PrizesTable {
  id: Generated<number>;
  questionnaireId: number;
  name: string;
  image: string;
  kind: "physical" | "coupon" | "none";
  stock: number;
  /** Basis points: 10000 = 100%. */
  probability: number;
  sort: number;
  deletedAt: string | null;
  createdAt: string;
}
export type PrizeRow = Selectable<PrizesTable>;

export interface PrizeDrawsTable {
  id: Generated<number>;
  questionnaireId: number;
  responseId: number;
  prizeId: number | null;
  won: number;
  deviceId: string;
  userId: number | null;
  /** The SMS-verified phone when draws are counted per phone; "" otherwise. */
  phone: Generated<string>;
  /** The winner's form (JSON: name, phone, address). */
  winnerInfo: string;
  sentAt: string | null;
  createdAt: string;
}
export type PrizeDrawRow = Selectable<PrizeDrawsTable>;

export interface PrizeCodesTable {
  id: Generated<number>;
  prizeId: number;
  code: string;
  drawId: number | null;
}

export interface RedPacketsTable {
  id: Generated<number>;
  questionnaireId: number;
  payerId: number;
  kind: "fixed" | "random";
  totalFen: number;
  count: number;
  /** JSON array of fen, one per packet, summing to totalFen. */
  shares: string;
  claimedCount: number;
  review: number;
  /** JSON over core's eligibilitySchema. */
  eligibility: string;
  holdId: string;
  status: "active" | "released";
  createdAt: string;
  releasedAt: string | null;
}
export type RedPacketRow = Selectable<RedPacketsTable>;

export interface RedPacketClaimsTable {
  id: Generated<number>;
  redPacketId: number;
  responseId: number;
  phone: string;
  userId: number;
  shareIndex: number;
  amountFen: number;
  /** pending: awaiting review; paying: sent to WeChat 零钱, not yet confirmed; failed: refunded to the creator. */
  status: "pending" | "paying" | "paid" | "rejected" | "failed";
  /** The claimant's openid under the merchant's app, when the claim came from inside WeChat; "" otherwise. */
  openid: Generated<string>;
  createdAt: string;
  reviewedAt: string | null;
}
export type RedPacketClaimRow = Selectable<RedPacketClaimsTable>;

/** A claim paid out through WeChat 商家转账到零钱; its id names the transfer at WeChat. */
export interface RedPacketPayoutsTable {
  id: Generated<number>;
  claimId: number;
  redPacketId: number;
  payerId: number;
  openid: string;
  amountFen: number;
  status: "sending" | "paid" | "failed";
  failReason: string;
  createdAt: string;
  updatedAt: string;
}
export type RedPacketPayoutRow = Selectable<RedPacketPayoutsTable>;
