import { z } from "zod";
import type { SurveyDefinition } from "../survey/definition/definition.ts";
import { isGradedKind } from "../survey/definition/kinds.ts";
import type { SubmitReply } from "./answering.ts";

/**
 * Exams people can trust (issue #40): who may sit the exam (考生名单), how they sign in, the proctoring the
 * page applies (全屏, 禁止复制, 水印, 摄像头), server-timed attempts that survive a dropped connection, the
 * invigilator's live page and 查分 after the exam. The wire shapes of `/wjgj/api/exam/*` live here so the
 * server, the answer page and the creator's pages agree on them.
 */

/** 考试防作弊 in 问卷设置 (collection settings: they apply at once, without re-publishing). */
export const examGuardSchema = z.object({
  /** 考生名单: only candidates on the questionnaire's list may answer; they sign in first. */
  candidatesOnly: z.boolean().default(false),
  /** How listed candidates sign in: 准考证号 + 姓名, or an SMS code to the phone on the list. */
  signIn: z.enum(["number", "phone"]).default("number"),
  /** Attempts each candidate (or, without a list, each device) may start. */
  attempts: z.number().int().min(1).max(10).default(1),
  /** 全屏作答: leaving full screen counts like leaving the page (`tabSwitchLimit` ends the attempt). */
  fullscreen: z.boolean().default(false),
  /** 禁止复制: copy, cut, paste, the context menu and text selection are blocked on the questions. */
  blockCopy: z.boolean().default(false),
  /** 水印: the candidate's name and number tiled over the page (needs 考生名单). */
  watermark: z.boolean().default(false),
  /** 摄像头监考: a snapshot at the start and at random intervals around `snapshotMinutes`, after consent. */
  camera: z.boolean().default(false),
  snapshotMinutes: z.number().int().min(1).max(30).default(5),
  /** 查分: candidates look up their answer sheet once the exam's end time has passed, or once released. */
  review: z.boolean().default(false),
  /** 发布成绩: the creator opens 查分 before the end time (or without one). */
  reviewReleased: z.boolean().default(false),
});
export type ExamGuard = z.output<typeof examGuardSchema>;
export type ExamGuardInput = z.input<typeof examGuardSchema>;

/** The part of the settings the answer page sees (the review switches stay on the server). */
export type PublicExamGuard = Pick<
  ExamGuard,
  "candidatesOnly" | "signIn" | "fullscreen" | "blockCopy" | "watermark" | "camera" | "snapshotMinutes"
> & {
  /** Whether this exam runs server-timed attempts (`examUsesAttempts`): the page starts one before answering. */
  attempts: boolean;
  /** 查分 is offered (enabled; it may still be closed until the end time or the release). */
  review: boolean;
  /** The paper's time limit, for the rules on the start screen (the paper itself is withheld until start). */
  timeLimitMinutes?: number;
};

/**
 * Whether an exam runs attempts on the server: a candidate list, a time limit, full screen or the camera.
 * Then `exam/start` opens (or resumes) the attempt, the server keeps the clock and the saved answers, and a
 * submit past the deadline keeps only what was saved in time.
 */
export function examUsesAttempts(
  kind: string,
  guard: ExamGuard,
  timeLimitMinutes: number | undefined,
): boolean {
  if (!isGradedKind(kind)) return false;
  return guard.candidatesOnly || guard.fullscreen || guard.camera || (timeLimitMinutes ?? 0) > 0;
}

/** Seconds after the deadline a submit or a save still counts in full (the network's delay, not extra time). */
export const EXAM_GRACE_SECONDS = 20;
/** The page reports in (`exam/heartbeat`) this often; the live page calls a candidate offline after 3 misses. */
export const EXAM_HEARTBEAT_SECONDS = 10;
export const EXAM_OFFLINE_AFTER_SECONDS = 30;
/** The largest snapshot accepted (a JPEG the page draws at 320×240). */
export const EXAM_SNAPSHOT_MAX_BYTES = 512 * 1024;

/** `data` of exam/start's refusal when no attempt is left: final, the page shows 您的考试已结束 (not 开始考试 again). */
export interface ExamAttemptsUsedData {
  attemptsLeft: 0;
}

export { examGuardMessages } from "./exam-guard-messages.ts";

/** The candidate as they see themselves (their own name and number, for the header and the watermark). */
export interface ExamCandidateSelf {
  name: string;
  number: string;
}

/** `exam/signIn`: a candidate's session for this exam (kept by the page for this tab; hours, not days). */
export interface ExamSignInResult {
  candidateToken: string;
  candidate: ExamCandidateSelf;
  /** Attempts left to start or resume (an active one counts): 0 → the page shows 您的考试已结束, not 开始考试. */
  attemptsLeft: number;
}

export type ExamAttemptStatus = "active" | "submitted" | "ended";
export type ExamEndedReason = "timeout" | "tabSwitch" | "invigilator";

/** What every attempt call answers: the state the server decides (the page follows it, never its own clock). */
export interface ExamAttemptSync {
  status: ExamAttemptStatus;
  /** Server epoch ms when time is up (start + limit + time added); null without a time limit. */
  deadline: number | null;
  /** The server's clock when it answered (epoch ms): the page counts down from these two and a monotonic clock. */
  serverNow: number;
  /** Page leaves and full-screen exits counted so far (`tabSwitchLimit` ends the attempt past it). */
  switches: number;
  endedReason: ExamEndedReason | null;
  /** The response stored for a submitted or ended attempt. */
  responseId: number | null;
}

/** `exam/start`: the attempt opened or resumed. */
export interface ExamAttempt extends ExamAttemptSync {
  attemptToken: string;
  attemptNo: number;
  attemptsAllowed: number;
  /**
   * Seeds the paper and the shuffles: the page answers with it as its device id, so an attempt resumed on
   * another device shows the same paper in the same order.
   */
  seed: string;
  /** Progress as last saved on the server (a resume starts from it). */
  answers: Record<string, unknown>;
  pageId: string | null;
  history: string[];
  /** null for an attempt without a candidate list (a device's attempt). */
  candidate: ExamCandidateSelf | null;
}

/**
 * `exam/start`'s reply. `attempt` is null while the page cannot start one: the exam is closed (`open.state`
 * says why, as `anQuestion/getQuestionary` does) or a gate (password, login) is still to pass (`open.gate`).
 */
export interface ExamStartReply<Open = unknown> {
  attempt: ExamAttempt | null;
  open: Open;
}

/** Events the page reports (`exam/event`); the server adds start, resume, save gaps, submit, end, time added. */
export const examClientEventKinds = [
  "switch",
  "fullscreenExit",
  "copy",
  "offline",
  "online",
  "cameraConsent",
  "cameraDenied",
  "cameraLost",
] as const;
export type ExamClientEventKind = (typeof examClientEventKinds)[number];
export type ExamEventKind =
  | ExamClientEventKind
  | "start"
  | "resume"
  | "snapshot"
  | "submit"
  | "ended"
  | "timeAdded";

export const examEventLabels: Record<ExamEventKind, string> = {
  start: "开始作答",
  resume: "重新进入考试",
  switch: "离开答题页面",
  fullscreenExit: "退出全屏",
  copy: "尝试复制或粘贴",
  offline: "网络断开",
  online: "网络恢复",
  cameraConsent: "同意摄像头监考",
  cameraDenied: "拒绝使用摄像头",
  cameraLost: "摄像头中断",
  snapshot: "监考抓拍",
  submit: "交卷",
  ended: "考试结束",
  timeAdded: "监考加时",
};

/** A candidate on the list as the creator sees it (masked; `exam/revealCandidate` shows one in full, logged). */
export interface ExamCandidateRow {
  id: number;
  name: string;
  number: string;
  phone: string;
  attemptsUsed: number;
  status: "notStarted" | "answering" | "submitted" | "ended";
  score: number | null;
}

/** `exam/getCandidates` {id, page, pageSize ≤ 100, keyword?}: one page of the list, masked. */
export interface ExamCandidatePage {
  total: number;
  list: ExamCandidateRow[];
}

/** `exam/saveCandidate` {id, name, number, phone?}: the candidate's id, and whether the number was new. */
export interface ExamCandidateSaved {
  id: number;
  added: boolean;
}

/** `exam/revealCandidate` {id, candidateId}: one candidate in full (logged in the team's activity). */
export interface ExamCandidateRevealed extends ExamCandidateSelf {
  /** "" when the list gives none. */
  phone: string;
}

export interface ExamCandidateImportResult {
  added: number;
  updated: number;
  errors: { row: number; message: string }[];
}

/** One attempt on the invigilator's live page (`exam/getLive`). */
export interface ExamLiveAttempt {
  attemptId: number;
  candidateId: number | null;
  /** Masked name and number, or 「设备 ab12」 without a list. */
  name: string;
  number: string;
  attemptNo: number;
  status: ExamAttemptStatus;
  endedReason: ExamEndedReason | null;
  startedAt: string;
  /** ISO; null without a time limit. */
  deadline: string | null;
  addedMinutes: number;
  switches: number;
  lastSeenAt: string;
  online: boolean;
  /** The latest snapshot's event id (`exam/getSnapshot`), null when none. */
  latestSnapshot: number | null;
  score: number | null;
  responseId: number | null;
}

export interface ExamLive {
  serverNow: string;
  counts: { listed: number; notStarted: number; answering: number; finished: number };
  attempts: ExamLiveAttempt[];
}

export interface ExamTimelineEvent {
  id: number;
  kind: ExamEventKind;
  label: string;
  at: string;
  /** e.g. 「第 2 次」, 「+5 分钟」, 「断开 32 秒」. */
  detail: string;
  /** Snapshot events: the image is `exam/getSnapshot?id=&eventId=`. */
  snapshot: boolean;
}

/** `exam/review` (查分): the candidate's answer sheet with the key. */
export interface ExamReview {
  title: string;
  candidate: ExamCandidateSelf;
  submittedAt: string;
  /** The paper the candidate answered, as the answer page shows it. */
  definition: SurveyDefinition;
  answers: Record<string, unknown>;
  /** As the thank-you screen's exam part, always with the answer key, fill-in keys and explanations. */
  exam: NonNullable<SubmitReply["exam"]>;
}

/**
 * 考生 of one response (answer/getAnswerDetail, the exam ranking): the listed candidate, masked as the list shows
 * them ("" when the attempt had no list or the candidate was removed since), and the attempt's proctoring summary.
 */
export interface ResponseCandidate {
  name: string;
  number: string;
  attemptId: number;
  attemptNo: number;
  /** Page leaves and full-screen exits counted during the attempt. */
  switches: number;
  /** How the attempt ended when it was handed in without the candidate's 提交. */
  endedReason: ExamEndedReason | null;
}
