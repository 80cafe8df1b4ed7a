import { z } from "zod";
import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { QuestionnaireKind } from "../survey/definition/kinds.ts";
import { plainExcerpt, richTextToPlain } from "../survey/definition/rich-text.ts";
import type { Issue } from "../survey/shared/issue.ts";
import { examGuardSchema } from "./exam-guard.ts";
import type { QuestionaryStatus } from "./questionary-list.ts";
import { DEFAULT_REVIEW_NOTE } from "./reviews.ts";
import type { QuestionnaireAction, TeamRole } from "./roles.ts";

/**
 * The creator area's contract (module `questionary` and friends): list items, detail, collection
 * settings. Shared by the server's presenters and the browser's API client.
 */
export {
  type QuestionarySort,
  type QuestionaryStatus,
  questionarySorts,
  questionaryStatuses,
  questionaryStatusNames,
} from "./questionary-list.ts";

export interface QuestionarySummary {
  id: number;
  /** Short random id used in the public links /r/{publicId} and /y/{publicId}/{type}. */
  publicId: string;
  kind: QuestionnaireKind;
  kindName: string;
  title: string;
  status: QuestionaryStatus;
  statusName: string;
  /** The draft differs from the published revision (列表显示「有未发布的修改」). */
  hasUnpublishedChanges: boolean;
  responseCount: number;
  questionCount: number;
  /** Draft version, for optimistic saving. */
  version: number;
  /** China time "YYYY-MM-DD HH:mm:ss"; "" when never. */
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  /** When it went to the recycle bin; "" otherwise. */
  deletedAt: string;
  /** In the creator's list: why the owner's level paused collecting (with 去升级); absent otherwise. */
  planNotice?: string;
  /** An admin took it down (管理员下架): respondents see a notice and it cannot be published until restored. */
  takenDown: boolean;
  /** Its owner marked it 星标 in 我的问卷 (questionary/starQuestionary). */
  starred: boolean;
}

export interface QuestionaryDetail extends QuestionarySummary {
  definition: SurveyDefinition;
  settings: QuestionarySettings;
  /** Version of the draft that was last published; null before the first publish. */
  publishedVersion: number | null;
  /** What core's checkDefinition reports on the draft, with paths for the designer. */
  issues: Issue[];
  /** The caller's role on it, and what that role may do (roles.ts): pages show only those controls. */
  myRole: TeamRole;
  permissions: QuestionnaireAction[];
}

export interface SaveQuestionaryResult {
  version: number;
  updatedAt: string;
  hasUnpublishedChanges: boolean;
  issues: Issue[];
}

const limitPeriod = z.enum(["total", "day"]);

/** A cap on responses from one source (IP, device, account), over the whole run or per day. */
const sourceLimitSchema = z.object({
  enabled: z.boolean().default(false),
  max: z.number().int().min(1).max(100_000).default(1),
  period: limitPeriod.default("total"),
});

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "主题色需为 #RRGGBB 格式");
const urlOrPathSchema = z
  .string()
  .max(500)
  .regex(/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*|)$/, "地址需以 http://、https:// 或 / 开头");

export const DEFAULT_CONSENT_TEXT =
  "您的回答仅用于本问卷发布者的统计分析。您提交的个人信息（如姓名、手机号）将被加密保存，仅发布者及其授权成员可以查看，不会提供给第三方；您可以通过提交后的回执联系发布者查看或删除您的答卷。";

export const privacyConsentSchema = z.object({
  required: z.boolean().default(false),
  /** Shown above the 我已阅读并同意 box. */
  text: z.string().trim().max(1000, "隐私说明最多1000个字").default(DEFAULT_CONSENT_TEXT),
  /** The publisher's privacy policy; empty: the platform's. */
  policyUrl: urlOrPathSchema.default(""),
});
export type PrivacyConsent = z.output<typeof privacyConsentSchema>;

export const retentionActions = ["delete", "anonymise"] as const;
export type RetentionAction = (typeof retentionActions)[number];
export const retentionActionNames: Record<RetentionAction, string> = {
  delete: "删除答卷",
  anonymise: "去除个人信息（保留其余答案用于统计）",
};

/**
 * 答卷保留期限: `days` after collection ends (the questionnaire stopped, or its end time passed), the responses
 * submitted until then are deleted for good (their answers erased, out of every statistic and the recycle
 * bin) or anonymised (personal-information answers, IP, device and account removed; the rest still counts).
 */
export const retentionSchema = z.object({
  enabled: z.boolean().default(false),
  days: z.number().int().min(1, "保留天数需为1-3650天").max(3650, "保留天数需为1-3650天").default(180),
  action: z.enum(retentionActions).default("delete"),
});
export type Retention = z.output<typeof retentionSchema>;

/** questionary/getRetention — GET { id }: when the responses fall due and what retention has done. */
export interface RetentionReport {
  /** ISO time collection ended (stopped, or the end time passed); "" while it collects. */
  collectionEndedAt: string;
  /** Latest runs first (at most 5). */
  runs: {
    action: RetentionAction;
    cutoff: string;
    total: number;
    done: number;
    status: "running" | "done";
    startedAt: string;
    finishedAt: string;
  }[];
}

/**
 * 分享设置: the title, description and picture of the card a shared link shows (WeChat's 分享给朋友 / 朋友圈,
 * and every link preview through the page's og: tags). Empty parts fall back to the questionnaire's title,
 * description and 页眉图片 (then the site's logo).
 */
export const shareCardSchema = z.object({
  title: z.string().trim().max(64, "分享标题最多64个字").default(""),
  description: z.string().trim().max(120, "分享描述最多120个字").default(""),
  image: urlOrPathSchema.default(""),
});
export type ShareCard = z.output<typeof shareCardSchema>;

/** The site's name in page titles and share cards. */
export const SITE_NAME = "问卷管家";

/**
 * A share card's description when it has none of its own: the questionnaire's 问卷说明 as one line of at
 * most 120 characters, else `stateMessage` (why the questionnaire is not open), else 「标题 - 问卷管家在线问卷」.
 * The answer page's og: tags and the share dialog's preview both say this.
 */
export function shareFallbackDescription(description: string, title: string, stateMessage = ""): string {
  // An empty paragraph of the rich editor (<p> </p>) is no description.
  const text = richTextToPlain(description).trim() ? plainExcerpt(description, 120) : "";
  return text || stateMessage || `${plainExcerpt(title, 80)} - ${SITE_NAME}在线问卷`;
}

/** 提交后需审核 in 问卷设置 (api/reviews.ts). */
export const reviewSettingsSchema = z.object({
  required: z.boolean().default(false),
  /** Shown to the respondent on the thank-you screen while review is on. */
  note: z.string().trim().max(200, "审核提示最多200个字").default(DEFAULT_REVIEW_NOTE),
});
export type ReviewSettings = z.output<typeof reviewSettingsSchema>;

/**
 * 问卷设置 (collection settings). They apply immediately, without re-publishing; the engine's own
 * settings (numbering, randomisation, exam scoring) live in the definition.
 */
export const questionarySettingsSchema = z.object({
  /** ISO date-times; empty means no bound. */
  startTime: z.string().max(40).default(""),
  endTime: z.string().max(40).default(""),
  /** 0 = unlimited. */
  maxResponses: z.number().int().min(0).max(10_000_000).default(0),
  limitPerIp: sourceLimitSchema.prefault({}),
  limitPerDevice: sourceLimitSchema.prefault({}),
  limitPerAccount: sourceLimitSchema.prefault({}),
  /**
   * 仅限微信作答 (issue #39): the link answers only inside WeChat's browser, as a WeChat user the 公众号's web
   * authorisation identified (elsewhere a page says to open it in WeChat, and a submit is refused).
   */
  wechatOnly: z.boolean().default(false),
  /** 每个微信号限答 N 次: a per-source cap counted per WeChat user (its openid, kept as a keyed digest). */
  limitPerWechat: sourceLimitSchema.prefault({}),
  /** 记录微信昵称头像: asks WeChat for the respondent's nickname and avatar (snsapi_userinfo), kept sealed. */
  wechatProfile: z.boolean().default(false),
  /** Answering needs this password; "" = none. */
  password: z.string().max(32).default(""),
  loginRequired: z.boolean().default(false),
  thankYouText: z.string().max(2000).default("感谢您的参与！"),
  redirectUrl: urlOrPathSchema.default(""),
  redirectSeconds: z.number().int().min(0).max(60).default(3),
  /** Hides 问卷管家's mark on the answering page (a paid entitlement, checked when saved and when served). */
  hideBrand: z.boolean().default(false),
  /** Votes: show the results to respondents after they vote. */
  showResultsAfterSubmit: z.boolean().default(false),
  progressBar: z.boolean().default(true),
  themeColor: colorSchema.default("#2f6bff"),
  headerImage: urlOrPathSchema.default(""),
  /** Exams: forced submission after this many tab switches; 0 = not watched. */
  tabSwitchLimit: z.number().int().min(0).max(100).default(0),
  /** The answering link opens on a cover (/questionnaireSurvey): description, question count, time. */
  coverPage: z.boolean().default(false),
  /** Exams: anyone with the link may practise the published questions on /practice/{id} (刷题). */
  practiceOpen: z.boolean().default(false),
  /** 同意隐私政策: respondents agree before answering; the version they agreed to is kept with the response. */
  privacyConsent: privacyConsentSchema.prefault({}),
  /**
   * The consent's version, kept by the server (what a client sends is ignored): raised whenever the consent is
   * switched on or its text or link change; 0 while it never was.
   */
  privacyConsentVersion: z.number().int().min(0).default(0),
  /** 答卷保留期限: what happens to the responses `days` after collection ended. */
  retention: retentionSchema.prefault({}),
  /** 分享设置 (issue #39): the card a shared link shows; empty parts fall back (see shareCardSchema). */
  share: shareCardSchema.prefault({}),
  /** 考试防作弊 and 考生名单 (issue #40): exams only; see api/exam-guard.ts. */
  examGuard: examGuardSchema.prefault({}),
  /** 提交后需审核 (issue #41): each response waits for approval; see api/reviews.ts. */
  review: reviewSettingsSchema.prefault({}),
});
export type QuestionarySettings = z.output<typeof questionarySettingsSchema>;
export type QuestionarySettingsInput = z.input<typeof questionarySettingsSchema>;

export interface QuestionaryKindInfo {
  kind: QuestionnaireKind;
  name: string;
  description: string;
  categories: { id: string; name: string }[];
}
