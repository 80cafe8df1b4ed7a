import type { ExamCandidateRow, ExamEndedReason, ExamLiveAttempt } from "@wjgj/core";

export interface StatusTag {
  label: string;
  color: string;
  /** Why an attempt was handed in without the candidate's 交卷. */
  note: string | null;
}

const endedNotes: Record<ExamEndedReason, string> = {
  timeout: "时间到自动交卷",
  tabSwitch: "切屏超限自动交卷",
  invigilator: "监考老师结束",
};

/** The status of an attempt as the live table tags it. */
export function attemptStatusTag(attempt: Pick<ExamLiveAttempt, "status" | "endedReason">): StatusTag {
  if (attempt.status === "active") return { label: "作答中", color: "processing", note: null };
  if (attempt.status === "submitted") return { label: "已交卷", color: "success", note: null };
  return {
    label: "已交卷",
    color: "warning",
    note: attempt.endedReason ? endedNotes[attempt.endedReason] : "已结束",
  };
}

export const candidateStatusLabels: Record<ExamCandidateRow["status"], { label: string; color: string }> = {
  notStarted: { label: "未开始", color: "default" },
  answering: { label: "作答中", color: "processing" },
  submitted: { label: "已交卷", color: "success" },
  ended: { label: "已交卷", color: "warning" },
};

/**
 * How far the browser's clock is from the server's, measured when the live list arrived: the countdown
 * follows the server (a wrong clock on the invigilator's computer must not show the wrong time left).
 */
export function clockOffset(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Whole seconds left at `now` (the browser's clock) for a deadline, on the server's clock; null: no limit. */
export function remainingSeconds(deadline: string | null, offset: number, now: number): number | null {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  if (!Number.isFinite(end)) return null;
  return Math.max(0, Math.floor((end - (now + offset)) / 1000));
}

/** 剩余时间 as the table shows it: 1:05:09, 12:04, 0:00; 不限时 without a limit. */
export function formatRemaining(seconds: number | null): string {
  if (seconds === null) return "不限时";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${rest}`;
  return `${minutes}:${rest}`;
}

/** What the 剩余时间 cell says for an attempt: only an attempt still being answered has time left. */
export function remainingText(
  attempt: Pick<ExamLiveAttempt, "status" | "deadline">,
  offset: number,
  now: number,
): string {
  if (attempt.status !== "active") return "-";
  return formatRemaining(remainingSeconds(attempt.deadline, offset, now));
}
