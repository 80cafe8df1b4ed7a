import {
  examUsesAttempts,
  messageOfKind,
  messages,
  type PublicExamGuard,
  type QuestionarySettings,
  type SurveyDefinition,
} from "@wjgj/core";
import type { AnsweredLimit } from "@wjgj/core/pages/answer";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { type AnsweringRow, answeringColumns, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { WeChatBrowserIdentity } from "../../wechat/identity-cookie.ts";
import { attemptsLeft } from "../exams/attempt-store.ts";
import { paidSettingsInForce, underResponseCap } from "../money/entitlements.ts";
import { readSettings } from "../questionnaires/store.ts";
import { issueAnswerToken } from "./answer-token.ts";
import { candidatePaper } from "./papers.ts";
import { answerGate, passesPasswordGate } from "./password-gate.ts";
import { publishedRevision, respondentDefinition, withPoints } from "./revisions.ts";
import { type AnswerState, answerState, answerStateMessages } from "./state.ts";
import { reachedSourceLimit, type SourceLimit, sourceLimits } from "./submit-limits.ts";
import { wechatKeyOf } from "./wechat-respondent.ts";

/** Settings the answering page needs; the password and limits stay on the server. */
export function publicSettings(settings: QuestionarySettings) {
  return {
    progressBar: settings.progressBar,
    themeColor: settings.themeColor,
    headerImage: settings.headerImage,
    thankYouText: settings.thankYouText,
    redirectUrl: settings.redirectUrl,
    redirectSeconds: settings.redirectSeconds,
    hideBrand: settings.hideBrand,
    showResultsAfterSubmit: settings.showResultsAfterSubmit,
    tabSwitchLimit: settings.tabSwitchLimit,
    endTime: settings.endTime,
    coverPage: settings.coverPage,
    share: settings.share,
    privacyConsent: settings.privacyConsent.required
      ? {
          version: settings.privacyConsentVersion,
          text: settings.privacyConsent.text,
          policyUrl: settings.privacyConsent.policyUrl || PLATFORM_POLICY,
        }
      : null,
  };
}

/**
 * 考试防作弊 as the answer page sees it (issue #40), for an exam that uses any of it; undefined otherwise, so an
 * ordinary questionnaire's page carries nothing of it. `timeLimitMinutes` comes from the published revision.
 */
export function publicExamGuard(
  kind: string,
  settings: QuestionarySettings,
  timeLimitMinutes: number | undefined,
): PublicExamGuard | undefined {
  const guard = settings.examGuard;
  const attempts = examUsesAttempts(kind, guard, timeLimitMinutes);
  if (!attempts && !guard.blockCopy) return undefined;
  return {
    candidatesOnly: guard.candidatesOnly,
    signIn: guard.signIn,
    fullscreen: guard.fullscreen,
    blockCopy: guard.blockCopy,
    watermark: guard.watermark && guard.candidatesOnly,
    camera: guard.camera,
    snapshotMinutes: guard.snapshotMinutes,
    attempts,
    // 查分 signs in from the list: without one there is nobody to sign in (the designer says so).
    review: guard.review && guard.candidatesOnly,
    // For the start screen's rules: a candidate-list exam withholds the paper until exam/start.
    ...(timeLimitMinutes ? { timeLimitMinutes } : {}),
  };
}

/** The page's name for the source whose limit was reached (its wording: 该网络, 该设备, 您, 该微信号). */
const answeredSources: Record<SourceLimit["column"], AnsweredLimit["source"]> = {
  ip: "ip",
  deviceId: "device",
  userId: "account",
  wechatKey: "wechat",
};

/** The platform's privacy policy, where a publisher names none of their own. */
export const PLATFORM_POLICY = "/Agreement?tab=privacy";

export type Gate = "password" | "login" | "candidate" | null;

export interface OpenQuestionnaire {
  state: AnswerState;
  /** Why it cannot be answered now, for the closed pages; "" when open. */
  stateMessage: string;
  /** What the respondent must pass first; the definition is withheld until then. */
  gate: Gate;
  publicId: string;
  title: string;
  kind: string;
  revisionId: number | null;
  definition: SurveyDefinition | null;
  settings: ReturnType<typeof publicSettings> & { examGuard?: PublicExamGuard };
  /** The answering-session token `questionAnswer` and uploads want back; null while nothing can be answered. */
  answerToken: string | null;
  /** 显示每题分值: full points per question, when the exam shows them on the paper. */
  points?: Record<string, number>;
  /** This respondent has used its answers (每个设备/IP/账号/微信号 限答): the page says so, with no paper. */
  answered?: AnsweredLimit;
}

/** The questionnaire behind a public link, without its draft (respondents get the published revision). */
const byPublicId = preparedQuery<AnsweringRow, { publicId: string }>((db, p) =>
  db
    .selectFrom("questionnaires")
    .select(answeringColumns)
    .select(responseCountColumn)
    .where("publicId", "=", p.publicId),
);

export async function findByPublicId(db: Db, publicId: string): Promise<AnsweringRow> {
  const row = (await byPublicId.execute(db, { publicId })).rows[0];
  if (!row) throw new NotFoundError("answerNotFound");
  return row;
}

/** `anQuestion/getQuestionary`: the published revision and what the page needs, or the closed state. */
export async function openQuestionnaire(
  ctx: AppContext,
  viewer: Viewer | null,
  args: {
    publicId: string;
    password?: string | undefined;
    ip?: string | undefined;
    /** The answering device: an exam with 随机组卷 rules hands it its own paper (without one, none is drawn). */
    deviceId?: string | undefined;
    /** Who the respondent is in WeChat, from the sealed cookie: for 每个微信号限答. */
    wechat?: WeChatBrowserIdentity | null | undefined;
    /**
     * Set only by exam/start for a signed-in candidate's attempt: lifts the 考生名单 gate, and the attempt's seed is
     * passed as `deviceId`. Never taken from a request.
     */
    candidateSeed?: string | undefined;
  },
): Promise<OpenQuestionnaire> {
  const row = await findByPublicId(ctx.db, args.publicId);
  const settings = readSettings(row.settings);
  const now = ctx.clock.now();
  let state = answerState(row, settings, now);
  if (state === "open" && !(await underResponseCap(ctx.db, row, now))) state = "stopped";
  const base: Pick<OpenQuestionnaire, "state" | "stateMessage" | "publicId" | "title" | "kind" | "settings"> =
    {
      state,
      stateMessage: state === "open" ? "" : messageOfKind(answerStateMessages[state], row.kind),
      publicId: row.publicId,
      title: row.title,
      kind: row.kind,
      settings: {
        ...publicSettings(settings),
        ...(await paidSettingsInForce(ctx.db, row.ownerId, settings, now)),
      },
    };
  // Closed pages carry it too: 查分 is offered there once the exam has ended.
  const closedGuard = publicExamGuard(row.kind, settings, undefined);
  if (closedGuard) base.settings = { ...base.settings, examGuard: closedGuard };
  const closed = { ...base, gate: null, revisionId: null, definition: null, answerToken: null };
  if (state !== "open" || row.publishedVersion === null) return closed;
  if (settings.loginRequired && !viewer) return { ...closed, gate: "login" };
  if (!(await passesPasswordGate(ctx, answerGate(row), settings.password, args.password, args.ip ?? "")))
    return { ...closed, gate: "password" };
  const revision = await publishedRevision(ctx.db, row.id, row.publishedVersion);
  if (!revision) return closed;
  const examGuard = publicExamGuard(row.kind, settings, revision.definition.settings.exam?.timeLimitMinutes);
  if (examGuard) base.settings = { ...base.settings, examGuard };
  // 考生名单: the paper only after signing in, through exam/start (commands/exams/attempts.ts).
  if (examGuard?.candidatesOnly && !args.candidateSeed)
    return { ...closed, settings: base.settings, gate: "candidate" };
  // 限答: a source that has used its answers is told now, not after answering (the store checks again).
  if (!args.candidateSeed) {
    const limits = sourceLimits(
      settings,
      {
        ip: args.ip ?? "",
        deviceId: args.deviceId ?? "",
        viewer,
        wechatKey: args.wechat ? wechatKeyOf(ctx.db, row.id, args.wechat) : null,
      },
      now,
    );
    const reached = limits.length > 0 ? await reachedSourceLimit(ctx.db, row.id, limits) : null;
    if (reached)
      return {
        ...closed,
        settings: base.settings,
        answered: {
          message: messages[reached.message],
          daily: reached.since !== null,
          source: answeredSources[reached.column],
        },
      };
    // An exam's attempts on this device used up: told now, not by a refused 开始考试 (a list's candidate learns
    // it on signing in, candidate-sign-in.ts).
    if (
      examGuard?.attempts &&
      args.deviceId &&
      (await attemptsLeft(ctx.db, row.id, `d:${args.deviceId}`, settings.examGuard.attempts)) === 0
    )
      return {
        ...closed,
        settings: base.settings,
        answered: { message: messages.examAttemptsUsed, daily: false, source: "attempts" },
      };
  }
  const deviceId = args.candidateSeed ?? args.deviceId;
  const paper = deviceId ? await candidatePaper(ctx.db, row, revision, deviceId, now) : revision.definition;
  return {
    ...base,
    gate: null,
    revisionId: revision.id,
    definition: respondentDefinition(paper),
    ...withPoints(paper),
    answerToken: issueAnswerToken(ctx, row.publicId, revision.id),
  };
}
