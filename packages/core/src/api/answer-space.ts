import type { SurveyDefinition } from "../survey/definition/definition.ts";

/**
 * The answer space (互填, issue #19): creators spend points to post a published questionnaire; others answer
 * it from the space (`/r/{id}?source=mutual`) and earn the points it offers, under the rules below.
 */
export const spaceSource = "mutual";

export const spaceRules = {
  /** Points a new account starts with, so a first post is possible before answering anything. */
  welcomePoints: 50,
  /** Points one person can earn per China day. */
  dailyCap: 60,
  minReward: 1,
  maxReward: 20,
  minQuota: 1,
  maxQuota: 1000,
  /** Minimum answering time: this many seconds per answered question, and never less than `minSeconds`. */
  secondsPerQuestion: 3,
  minSeconds: 10,
  /** Straight-lining: at least this many choice answers, every one at the same option position. */
  straightLineMin: 4,
} as const;

/**
 * The earning and posting rules the admin sets (站点设置 → 互填积分规则). The defaults are the constants
 * above; the server reads the stored values wherever a rule is checked.
 */
export interface SpaceSettings {
  /** Points one person can earn per China day. */
  dailyCap: number;
  /** Minimum answering time: seconds per answered question, and never less than `minSeconds`. */
  secondsPerQuestion: number;
  minSeconds: number;
  /** The points per answer a creator may offer. */
  minReward: number;
  maxReward: number;
  /** Points a post costs on top of its rewards (kept by the site, not refunded). */
  postFee: number;
}

export const spaceSettingDefaults: SpaceSettings = {
  dailyCap: spaceRules.dailyCap,
  secondsPerQuestion: spaceRules.secondsPerQuestion,
  minSeconds: spaceRules.minSeconds,
  minReward: spaceRules.minReward,
  maxReward: spaceRules.maxReward,
  postFee: 0,
};

/** Bounds the admin's rules must keep. */
export const spaceSettingLimits = {
  maxDailyCap: 100_000,
  maxSecondsPerQuestion: 600,
  maxMinSeconds: 3_600,
  maxReward: 1_000,
  maxPostFee: 100_000,
} as const;

export const spaceDailyCapMessage = (cap: number) => `今天获得的积分已达上限（${cap}分），明天再来吧`;
export const spaceRewardMessage = (min: number, max: number) =>
  `每份答卷奖励需为${min}到${max}之间的整数积分`;

export const spaceMessages = {
  spaceRewardInvalid: spaceRewardMessage(spaceRules.minReward, spaceRules.maxReward),
  spaceQuotaInvalid: `需要的答卷数需为${spaceRules.minQuota}到${spaceRules.maxQuota}之间的整数`,
  spaceNotPublished: "只有已发布、正在收集的问卷才能发布到互填",
  spaceAlreadyPosted: "这份问卷已经在互填中了",
  spacePointsInsufficient: "积分不足，去互填里答别人的问卷赚积分吧",
  spacePostNotFound: "互填记录不存在或已结束",
  spaceNotFromSpace: "这份答卷不是从互填进入的，不计积分",
  spaceNotLoggedInAnswer: "登录后从互填答题才能获得积分",
  spaceOwnQuestionnaire: "答自己的问卷不计积分",
  spaceAlreadyEarned: "这份问卷您已经获得过积分了",
  spaceDailyCap: spaceDailyCapMessage(spaceRules.dailyCap),
  spaceTooFast: "答题时间过短，不计积分",
  spaceAttentionFailed: "注意力检测题未答对，不计积分",
  spaceStraightLined: "答案过于一致（疑似随意作答），不计积分",
  spacePostEnded: "该问卷的互填积分已发完",
  spacePostPaused: "发布者已暂停这份问卷的互填，暂不发放积分",
  spaceRemovedReasonInvalid: "请填写下架原因（1-200个字）",
  spaceDailyCapInvalid: `每日积分上限需为1到${spaceSettingLimits.maxDailyCap}之间的整数`,
  spaceSecondsInvalid: `每题最少答题秒数需为0到${spaceSettingLimits.maxSecondsPerQuestion}之间的整数`,
  spaceMinSecondsInvalid: `每份最少答题秒数需为0到${spaceSettingLimits.maxMinSeconds}之间的整数`,
  spaceRewardLimitInvalid: `奖励积分需为1到${spaceSettingLimits.maxReward}之间的整数`,
  spaceRewardRangeInvalid: "最低奖励不能高于最高奖励",
  spacePostFeeInvalid: `发布费用需为0到${spaceSettingLimits.maxPostFee}之间的整数积分`,
  spaceSettingsSaved: "互填积分规则已保存",
} as const;

export type SpaceRefusal = "spaceTooFast" | "spaceAttentionFailed" | "spaceStraightLined";

function chosenOption(answer: unknown): string | null {
  if (answer && typeof answer === "object" && "optionId" in answer) {
    const id = (answer as { optionId: unknown }).optionId;
    return typeof id === "string" ? id : null;
  }
  return null;
}

/** Seconds a response must have taken to earn points, from the number of questions it answered. */
export function spaceMinimumSeconds(
  answeredCount: number,
  rules: Pick<SpaceSettings, "minSeconds" | "secondsPerQuestion"> = spaceSettingDefaults,
): number {
  return Math.max(rules.minSeconds, answeredCount * rules.secondsPerQuestion);
}

/**
 * Why a response earns no points by its content (null when it may): too fast for the questions it answered,
 * a failed attention check (a question whose `attentionCheck` names the option to choose), or straight-lined
 * choice answers (every single choice at the same option position).
 */
export function spaceRefusal(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  durationSeconds: number,
  rules: Pick<SpaceSettings, "minSeconds" | "secondsPerQuestion"> = spaceSettingDefaults,
): SpaceRefusal | null {
  const questions = definition.pages.flatMap((page) => page.questions);
  const answered = questions.filter((q) => answers[q.id] !== undefined && answers[q.id] !== null);
  if (durationSeconds < spaceMinimumSeconds(answered.length, rules)) return "spaceTooFast";
  for (const q of questions) {
    if (q.attentionCheck && chosenOption(answers[q.id]) !== q.attentionCheck.optionId)
      return "spaceAttentionFailed";
  }
  const positions: number[] = [];
  for (const q of answered) {
    const options = (q.config as { options?: Array<{ id: string }> }).options;
    const chosen = chosenOption(answers[q.id]);
    if (!Array.isArray(options) || options.length < 2 || chosen === null) continue;
    positions.push(options.findIndex((o) => o.id === chosen));
  }
  if (positions.length >= spaceRules.straightLineMin && positions.every((p) => p === positions[0]))
    return "spaceStraightLined";
  return null;
}

/**
 * A post's life: `active` is listed and pays; `paused` (by its poster) is hidden and pays nothing but keeps its
 * points frozen; `completed` reached its quota by itself; `withdrawn` was ended by its poster and `removed` taken
 * down by an admin. The last three are final, and whatever their hold still had went back to the poster.
 */
export type SpacePostStatus = "active" | "paused" | "completed" | "withdrawn" | "removed";

/** A post as its creator and the listing see it. */
export interface SpacePost {
  postId: number;
  questionnaireId: number;
  publicId: string;
  title: string;
  questionCount: number;
  reward: number;
  quota: number;
  /** Answers that earned points so far. */
  answered: number;
  status: SpacePostStatus;
  removedReason: string;
  createdAt: string;
}

/**
 * 我的发布 (`answerSpace/getMySpaceList`): a post of the caller's with where its points went. Exact, from the
 * ledger: `reserved` = `spent` + `frozen` + `returned`.
 */
export interface MySpacePost extends SpacePost {
  /** reward × quota: what posting froze (the posting fee is apart and never returned). */
  reserved: number;
  /** Paid to respondents so far. */
  spent: number;
  /** Still frozen for answers to come; 0 once the post has ended. */
  frozen: number;
  /** Given back to the poster when the post ended. */
  returned: number;
  endedAt: string | null;
}

/** `answerSpace/checkUserSpace`: the caller's points, their posts and whether they may post now. */
export interface UserSpace {
  points: number;
  /** Points frozen by active posts. */
  frozen: number;
  earnedToday: number;
  dailyCap: number;
  canPost: boolean;
  /** Why not, in Chinese; empty when `canPost`. */
  reason: string;
  posts: SpacePost[];
  /** The caller's published questionnaires not in the space yet: what 发布到互填 offers. */
  postable: Array<{ questionnaireId: number; title: string }>;
  /** Today's rules, for 发布到互填's bounds and cost. */
  rules: SpaceSettings;
}

export interface SpaceEarning {
  points: number;
  balance: number;
}
