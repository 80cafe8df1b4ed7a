import type { ReceiptBooking } from "./bookings-api.ts";
import type { ReceiptFormOrder } from "./form-orders-api.ts";
import type { ResponseReview } from "./reviews.ts";

/**
 * Respondents' rights (issue #36, 个人信息保护法 第四十四至四十七条): a respondent finds their own responses —
 * by the receipt link the thank-you screen gives (`/receipt/{token}`), or with a code sent to the phone they
 * answered with (`/mine/{publicId}`) — to see them in full, download them and ask for their deletion; the
 * creator sees the requests on the answers tab and approves (the response is deleted for good) or declines
 * with a reason the respondent reads on the receipt.
 *
 * Public calls:
 * - GET  `anQuestion/getReceipt` { token } → {@link Receipt}
 * - POST `anQuestion/requestErasure` { token, reason } → {@link Receipt}
 * - GET  `anQuestion/getMyResponsesLookup` { publicId } → {@link MyResponsesLookup}
 * - POST `anQuestion/findMyResponses` { publicId, phone, code } → {@link MyResponses} (code purpose `myResponses`)
 * Creator (owner and 管理员, `manageResponses`):
 * - GET  `answer/getErasureRequests` { id } → {@link ErasureRequestList}
 * - POST `answer/handleErasureRequest` { id, requestId, approve, note } → {@link ErasureRequestView}
 */

export const erasureStatuses = ["pending", "done", "declined"] as const;
export type ErasureStatus = (typeof erasureStatuses)[number];

export const erasureStatusNames: Record<ErasureStatus, string> = {
  pending: "待处理",
  done: "已删除",
  declined: "未同意",
};

/** Longest reason a respondent may give, and a creator's note when declining. */
export const ERASURE_REASON_MAX = 500;
export const ERASURE_NOTE_MAX = 200;

export interface ReceiptItem {
  questionId: string;
  /** "1、姓名" as exports number them. */
  title: string;
  text: string;
}

export interface Receipt {
  questionnaireTitle: string;
  /** The questionnaire's public id (its /r/{publicId} link): 改约 reads the live slots with it. */
  publicId: string;
  /** China time "YYYY-MM-DD HH:mm:ss". */
  submittedAt: string;
  /** "deleted": the response was deleted for good (its answers are gone). */
  state: "kept" | "deleted";
  items: ReceiptItem[];
  /** 预约 (issue #41): the response's bookings, cancelled ones included. */
  bookings: ReceiptBooking[];
  /** 商品 (issue #41): the response's orders, newest first (a response places one; absent without 商品). */
  orders?: ReceiptFormOrder[];
  erasure: {
    status: ErasureStatus;
    statusName: string;
    reason: string;
    /** The creator's reason when declining. */
    note: string;
    requestedAt: string;
    handledAt: string;
  } | null;
  /** 审核 (issue #41): null when the questionnaire had no review when it was submitted. */
  review?: ResponseReview | null;
}

/** What /mine/{publicId} shows before anything is typed. */
export interface MyResponsesLookup {
  questionnaireTitle: string;
  /** False when no version of the questionnaire asked for a mobile number: there is nothing to search by. */
  byPhone: boolean;
}

export interface MyResponses {
  /** The questionnaire the responses answered, for the page to name it. */
  questionnaireTitle: string;
  list: { submittedAt: string; receiptToken: string }[];
}

export interface ErasureRequestView {
  id: number;
  responseId: number;
  reason: string;
  status: ErasureStatus;
  statusName: string;
  note: string;
  requestedAt: string;
  handledAt: string;
}

export interface ErasureRequestList {
  list: ErasureRequestView[];
  pending: number;
}
