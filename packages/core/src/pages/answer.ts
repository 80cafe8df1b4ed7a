import type { Issue, SurveyDefinition } from "../survey/index.ts";

/**
 * The wire shapes of the respondent page: what `anQuestion/getQuestionary` answers, what the server inlines
 * into /r/{id} and /y/{id}/{type}, and what `anQuestion/questionAnswer` replies. Pure types, here in core
 * because the server (packages/server/src/http/answer-pages.ts) and the web package's renderer both import
 * them, so both sides agree on the inlined data.
 */

export type { AnswerState } from "../api/answering.ts";

import type { AnswerState } from "../api/answering.ts";
import type { PublicExamGuard } from "../api/exam-guard.ts";

export interface PublicSettings {
  progressBar: boolean;
  themeColor: string;
  headerImage: string;
  thankYouText: string;
  redirectUrl: string;
  redirectSeconds: number;
  showResultsAfterSubmit: boolean;
  tabSwitchLimit: number;
  endTime: string;
  /** The share link opens on the cover (/questionnaireSurvey) first. */
  coverPage: boolean;
  /** 同意隐私政策 before answering, and the version the submission names; null when not asked. */
  privacyConsent: PublicConsent | null;
  /** 分享设置 as the creator wrote them (empty parts fall back; the page's og: tags carry the result). */
  share?: { title: string; description: string; image: string };
  /** 考试防作弊 (issue #40): absent for anything but an exam that uses one of its options. */
  examGuard?: PublicExamGuard;
}

export interface PublicConsent {
  version: number;
  text: string;
  /** The publisher's policy, or the platform's (/Agreement?tab=privacy). */
  policyUrl: string;
}

/** `anQuestion/getQuestionary` (and the owner's `anQuestion/getPreviewQuestionary`). */
export interface OpenData {
  state: AnswerState;
  stateMessage: string;
  /** `candidate`: 考生名单 — the paper is withheld until the candidate signs in and starts (`exam/start`). */
  gate: "password" | "login" | "candidate" | null;
  publicId: string;
  title: string;
  kind: string;
  revisionId: number | null;
  definition: SurveyDefinition | null;
  settings: PublicSettings;
  /** Signed by the server for this page: sent back with the submission and with uploads; null when gated. */
  answerToken: string | null;
  /** 显示每题分值: question id → full points, when the exam shows them on the paper (core's paperPoints). */
  points?: Record<string, number>;
  /** Previews only: the draft's version, sent back as the revision of a preview submission. */
  draftVersion?: number;
  /** This respondent has used its answers (每个设备/IP/账号/微信号 限答): told on opening, with no paper. */
  answered?: AnsweredLimit;
}

/** Why a respondent may not answer again: the limit's own message (该设备已提交过答卷…), and whether it is per day. */
export interface AnsweredLimit {
  message: string;
  /** 每天限答: the respondent may answer again tomorrow. */
  daily: boolean;
  /** Whose answers are used: this network, device, account or WeChat user; `attempts` an exam's 考试次数. */
  source: "ip" | "device" | "account" | "wechat" | "attempts";
}

/** What the first page needs before the logic engine has loaded: the engine's own result, trimmed. */
export interface PageView {
  visibleQuestions: string[];
  options: Record<string, readonly { readonly id: string; readonly label: string }[]>;
  numbers: Record<string, number>;
  texts: Record<string, { title: string; description?: string }>;
  pagePath: string[];
  errors: Record<string, Issue[]>;
  warnings: Record<string, Issue[]>;
  answers: Record<string, unknown>;
  valid: boolean;
  end: { kind: "submit" | "screenOut"; questionId: string } | null;
}

/** 提醒我 on /trailerPage, as plain form posts so it works without script: where the visitor is in it. */
export interface ReminderForm {
  step: "phone" | "code" | "done";
  phone: string;
  error: string;
  notice: string;
}

/** /trailerPage?id=…: why the questionnaire takes no answers now, with a countdown before its start. */
export interface TrailerData {
  page: "trailer";
  publicId: string;
  title: string;
  /** The questionnaire's kind (QuestionnaireKind): the page names it by it (考试未开始). */
  kind: string;
  state: Exclude<AnswerState, "open">;
  /** ISO start time when not yet started (the countdown's target), else "". */
  startTime: string;
  /** Only while not started. */
  reminder: ReminderForm | null;
}

/** /questionnaireSurvey?id=…: the cover shown before answering when the questionnaire's settings ask for it. */
export interface CoverData {
  page: "cover";
  publicId: string;
  title: string;
  /** The questionnaire's kind: a vote's cover says 开始投票, a form's 开始填写. */
  kind: string;
  /** Rich text of the published revision; "" while a password or login gate withholds it. */
  description: string;
  headerImage: string;
  themeColor: string;
  questionCount: number;
  minutes: number;
}

/** /hd/{name} (and /hd?name=…): a topic page the admin wrote. */
export interface CampaignData {
  page: "campaign";
  slug: string;
  title: string;
  banner: string;
  /** Sanitised rich text. */
  content: string;
  links: { kind: "template" | "questionnaire"; title: string; href: string }[];
  cta: { text: string; href: string } | null;
}

export type AnswerPageData =
  | {
      page: "answer";
      open: OpenData;
      /** The server-rendered first page; null when nothing can be shown yet (closed, gated). */
      initial: PageView | null;
      /** The respondent's today (China), as the server's submit check sees it. */
      today: string;
      /** Seeds option and question shuffles; mirrored from local storage into a cookie. */
      deviceId: string;
      /** The site has a 公众号 for WeChat's JS-SDK: inside WeChat the page sets its share cards up. */
      wechatShare?: boolean;
    }
  | { page: "preview"; publicId: string; frame: "pc" | "phone"; today: string; deviceId: string }
  | { page: "notFound"; message: string; heading?: string }
  | TrailerData
  | CoverData
  | CampaignData;

/** The part of `AnswerPageData` the server supplies; `prepareAnswerPage` adds the first page's view. */
export type AnswerPageInput =
  | Omit<Extract<AnswerPageData, { page: "answer" }>, "initial">
  | Extract<AnswerPageData, { page: "preview" | "notFound" | "trailer" | "cover" | "campaign" }>;

/** The server-side renderer (`packages/web/src/answer/ssr.tsx`, built to `dist/server/answer-ssr.js`). */
export interface AnswerSsrModule {
  prepareAnswerPage(input: AnswerPageInput): AnswerPageData;
  renderAnswerPage(data: AnswerPageData): { html: string };
  /** The input groups (`rating`, `matrix`, `advanced`) the page loads before hydrating; their chunks are preloaded. */
  fieldGroupsOfPage?(data: AnswerPageData): string[];
}

export type { ForcedReason, SubmitReply } from "../api/answering.ts";

export const DATA_SCRIPT_ID = "__ANSWER_DATA__";

/** The pages that are not a questionnaire to answer: /trailerPage, /questionnaireSurvey and /hd. */
export type ExtraScreenData = Extract<AnswerPageData, { page: "trailer" | "cover" | "campaign" }>;
