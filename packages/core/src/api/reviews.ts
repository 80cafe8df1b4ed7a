/**
 * 审核 (issue #41): a questionnaire may require each submission to be approved. A response of such a
 * questionnaire is `pending` from its submit, then `approved` or `rejected` (with a reason) by an owner or
 * 管理员 (`manageResponses`), and may be set back to pending (撤销审核). A response submitted while review
 * was off has no review state (null) and is never listed as pending.
 *
 * Creator calls (POST, `{ id, responseIds }`, reject also `{ reason }`) → {@link ReviewOutcome}:
 * - `answer/approveAnswers`, `answer/rejectAnswers`: only responses still pending change; the others are
 *   skipped (reviewed by someone else meanwhile). When none changed the call answers 409 `reviewConflict`.
 * - `answer/undoReview`: approved or rejected ones go back to pending.
 * The list filters by state through `ResultsFilter.review` (statistics and exports take the same filter).
 */
export const reviewStates = ["pending", "approved", "rejected"] as const;
export type ReviewState = (typeof reviewStates)[number];

export const reviewStateNames: Record<ReviewState, string> = {
  pending: "待审核",
  approved: "已通过",
  rejected: "未通过",
};

/** The longest reason a reviewer may give when rejecting. */
export const REVIEW_REASON_MAX = 200;
/**
 * 提交后需审核's note when the owner wrote none. The setting's schema is api/questionary.ts's: this module, which
 * the results page needs before it paints, holds no zod.
 */
export const DEFAULT_REVIEW_NOTE = "您的提交将在审核后生效";

export const reviewDecisions = ["approve", "reject", "undo"] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/** What a review call changed. */
export interface ReviewOutcome {
  /** Responses whose state changed. */
  changed: number;
  /** Selected responses left alone: not in a state the call moves from (reviewed by someone else). */
  skipped: number;
}

/** A response's review as the creator's list and the respondent's receipt show it; null without review. */
export interface ResponseReview {
  state: ReviewState;
  stateName: string;
  /** The reviewer's reason when rejected; "" otherwise. */
  reason: string;
  /** China time "YYYY-MM-DD HH:mm:ss"; "" while pending. */
  reviewedAt: string;
}

/** The SMS a respondent who answered with a mobile number receives when their response is decided. */
export function reviewSmsText(title: string, state: "approved" | "rejected", reason: string): string {
  const name = title.length > 30 ? `${title.slice(0, 30)}…` : title;
  return state === "approved"
    ? `【问卷】您提交的「${name}」已通过审核`
    : `【问卷】您提交的「${name}」未通过审核，原因：${reason}`;
}

export { reviewMessages } from "./review-messages.ts";
