import { z } from "zod";
import { type Condition, conditionSchema } from "../survey/definition/condition.ts";
import type { SurveyDefinition } from "../survey/definition/definition.ts";
import { evaluateSurvey } from "../survey/logic/evaluate.ts";

/** Prizes, the lucky draw and red packets for respondents (issue #17). Money is integer fen. */

export const prizeKinds = ["physical", "coupon", "none"] as const;
export type PrizeKind = (typeof prizeKinds)[number];
export const prizeKindLabels: Record<PrizeKind, string> = {
  physical: "实物奖品",
  coupon: "优惠券",
  none: "谢谢参与",
};

/** Who may draw (or claim): everyone who submits, exams at or above a score, or answers meeting a condition. */
export const eligibilitySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("score"), minScore: z.number().min(0).max(100_000) }),
  z.object({ kind: z.literal("condition"), condition: conditionSchema }),
]);
export type Eligibility = z.infer<typeof eligibilitySchema>;

export const winnerFields = ["name", "phone", "address"] as const;
export type WinnerField = (typeof winnerFields)[number];
export const winnerFieldLabels: Record<WinnerField, string> = {
  name: "姓名",
  phone: "手机号",
  address: "收货地址",
};

export const drawLimitBy = ["response", "device", "account", "phone"] as const;
export type DrawLimitBy = (typeof drawLimitBy)[number];
export const drawLimitByLabels: Record<DrawLimitBy, string> = {
  response: "每份答卷一次",
  device: "每台设备",
  account: "每个账号",
  phone: "每个手机号（抽奖前短信验证）",
};

/** One questionnaire's draw settings; a stored value is parsed over these defaults. */
export const prizeSetSchema = z.object({
  enabled: z.boolean().default(false),
  eligibility: eligibilitySchema.default({ kind: "all" }),
  /**
   * How draws are counted per person: by device, by logged-in account, by a phone verified by SMS just
   * before the draw, or only once per response.
   */
  limitBy: z.enum(drawLimitBy).default("response"),
  drawsPerPerson: z.number().int().min(1).max(100).default(1),
  /** ISO times; null leaves that end open. */
  startsAt: z.string().max(40).nullable().default(null),
  endsAt: z.string().max(40).nullable().default(null),
  winnerFields: z.array(z.enum(winnerFields)).max(3).default(["name", "phone"]),
  publicWinners: z.boolean().default(false),
});
export type PrizeSet = z.infer<typeof prizeSetSchema>;

/** Probabilities are kept in basis points (1 = 0.01%): exact integers, summing to at most 10000. */
export const PROBABILITY_SCALE = 10_000;

export interface PrizeView {
  prizeId: number;
  questionnaireId: number;
  name: string;
  image: string;
  prizeType: PrizeKind;
  stock: number;
  /** Percent, two decimals at most. */
  probability: number;
  sort: number;
  /** Coupons: codes imported and not handed out yet (creator views only). */
  codesLeft?: number;
}

/** What the thank-you screen shows of the draw. */
export interface DrawResult {
  drawId: number;
  won: boolean;
  prize: { name: string; image: string; prizeType: PrizeKind } | null;
  /** A coupon winner's code, shown to them alone. */
  couponCode: string | null;
  /** Fields the winner fills in (physical prizes); empty when nothing is asked. */
  winnerFields: WinnerField[];
  winnerFilled: boolean;
}

export interface WinnerView {
  drawId: number;
  responseId: number;
  prizeId: number;
  prizeName: string;
  prizeType: PrizeKind;
  couponCode: string | null;
  name: string;
  phone: string;
  address: string;
  sent: boolean;
  sentAt: string | null;
  createdAt: string;
}

/** A winner as the public list shows them: name and phone masked. */
export interface PublicWinnerView {
  prizeName: string;
  name: string;
  phone: string;
  createdAt: string;
}

export const redPacketKinds = ["fixed", "random"] as const;
export type RedPacketKind = (typeof redPacketKinds)[number];
export const redPacketKindLabels: Record<RedPacketKind, string> = { fixed: "固定金额", random: "拼手气" };

export interface RedPacketView {
  redPacketId: number;
  questionnaireId: number;
  packetType: RedPacketKind;
  totalFen: number;
  count: number;
  claimedCount: number;
  paidFen: number;
  review: boolean;
  eligibility: Eligibility;
  /** active: can be claimed; released: the unspent budget went back to the wallet. */
  status: "active" | "released";
  createdAt: string;
}

export interface RedPacketClaimView {
  claimId: number;
  redPacketId: number;
  responseId: number;
  phone: string;
  amountFen: number;
  /** paying: sent to the claimant's WeChat 零钱, not yet confirmed; failed: WeChat refused, refunded to the budget's payer. */
  status: "pending" | "paying" | "paid" | "rejected" | "failed";
  createdAt: string;
}

/** What the thank-you screen offers for a stored response: the draw (with its result once drawn), red packets. */
export interface RewardOffer {
  prize: {
    prizes: { name: string; image: string; prizeType: PrizeKind }[];
    result: DrawResult | null;
    /** Draws are counted per phone: the respondent verifies one by SMS before drawing. */
    needsPhone: boolean;
    /** The creator shows the winners list (masked) to respondents. */
    publicWinners: boolean;
  } | null;
  redPackets: { redPacketId: number; packetType: RedPacketKind; claimed: boolean }[];
  /** The questionnaire's public link id (the respondent answered there): the public winners list's key. */
  publicId: string;
}

/**
 * Whether stored answers meet `condition`, decided by core's own logic engine (the same evaluation as
 * the answer page's show conditions): a last probe question is visible exactly when the condition holds.
 */
export function answersMeet(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  condition: Condition,
  today: string,
): boolean {
  const probe = {
    id: "__rewardProbe",
    type: "paragraph" as const,
    title: "",
    required: false,
    config: {},
    showIf: condition,
  };
  const pages = definition.pages.map((page, index) =>
    index === definition.pages.length - 1 ? { ...page, questions: [...page.questions, probe] } : page,
  );
  const result = evaluateSurvey({ ...definition, pages } as SurveyDefinition, answers, { today });
  return result.visibleQuestions.includes(probe.id);
}
