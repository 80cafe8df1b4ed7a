import type { QuestionScore } from "../survey/scoring/exam.ts";
import type { SubmittedBooking } from "./bookings-api.ts";
import type { SubmittedFormOrder } from "./form-orders-api.ts";

/** Whether a questionnaire takes answers now, and if not, which closed page the respondent sees. */
export type AnswerState =
  | "open"
  | "unpublished"
  | "deleted"
  | "stopped"
  | "notStarted"
  | "ended"
  | "full"
  // An admin took it down (admin/questionnaire/takeDown); only an admin can restore it.
  | "takenDown";

/** `anQuestion/questionAnswer`'s reply: what the thank-you screen shows (server reply.ts → answer page). */
export interface SubmitReply {
  /** null for a preview, which is never stored. */
  responseId: number | null;
  preview: boolean;
  endState: "submitted" | "screenedOut";
  thankYouText: string;
  redirectUrl: string;
  redirectSeconds: number;
  /** Exams, when the creator shows scores: total, pass/fail and — when allowed — the answer key. */
  exam: {
    total: number;
    max: number;
    passMark: number | null;
    passed: boolean | null;
    pendingManual: number;
    questions?: QuestionScore[];
    answerKey?: Record<string, string[]>;
    /** 参考答案 of fill-in questions (any one counts; blanks each in turn), sent with the answer key only. */
    textKeys?: Record<string, string>;
    /** 答案解析 by question id, sent with the answer key only. */
    explanations?: Record<string, string>;
  } | null;
  /** Votes, when results are shown to voters: counts per option of each vote question. */
  voteResults: Record<string, { optionId: string; label: string; count: number }[]> | null;
  /** The questionnaire offers a draw or red packets: the thank-you screen loads that part (issue #17). */
  rewards?: boolean;
  /**
   * The respondent's receipt (`/receipt/{token}`): their answers in full, a download, and 申请删除 (issue #36);
   * "" for a preview.
   */
  receiptToken?: string;
  /** 提交后需审核 (issue #41): the note shown while the response waits for review; absent without review. */
  reviewNote?: string;
  /** 预约 (issue #41): the slots this response booked, each with its confirmation code (shown this once). */
  bookings?: SubmittedBooking[];
  /**
   * 商品 (issue #41): the order this response placed; the response counts once it is paid (the thank-you screen
   * shows the pay step while it is pending).
   */
  order?: SubmittedFormOrder;
}

/** Why an exam was handed in without the respondent pressing 提交. */
export type ForcedReason = "timeout" | "tabSwitch";
