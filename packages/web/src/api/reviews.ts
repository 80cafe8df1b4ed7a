import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewDecision, ReviewOutcome } from "@wjgj/core";
import { useQuestionarySettings } from "./questionary.ts";
import { http } from "./request.ts";
import { resultsKeys } from "./results.ts";

/** 审核 (issue #41; core api/reviews.ts): approve, reject with a reason, or set back to pending. */
export const reviewApi = {
  approve: (id: number, responseIds: number[]) =>
    http.postJson<ReviewOutcome>("answer/approveAnswers", { id, responseIds }),
  reject: (id: number, responseIds: number[], reason: string) =>
    http.postJson<ReviewOutcome>("answer/rejectAnswers", { id, responseIds, reason }),
  undo: (id: number, responseIds: number[]) =>
    http.postJson<ReviewOutcome>("answer/undoReview", { id, responseIds }),
};

export interface ReviewVariables {
  id: number;
  responseIds: number[];
  decision: ReviewDecision;
  reason?: string;
}

/** One mutation for the three decisions: every list, count and statistic of the questionnaire refreshes. */
export function useReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: ReviewVariables) =>
      v.decision === "approve"
        ? reviewApi.approve(v.id, v.responseIds)
        : v.decision === "reject"
          ? reviewApi.reject(v.id, v.responseIds, v.reason ?? "")
          : reviewApi.undo(v.id, v.responseIds),
    onSuccess: (_data, v) => queryClient.invalidateQueries({ queryKey: resultsKeys.all(v.id) }),
  });
}

/**
 * Whether the results page shows 审核: the questionnaire requires it now, or some listed response carries a
 * state from when it did.
 */
export function useReviewInUse(id: number, rows: readonly { review?: unknown }[] = []): boolean {
  const settings = useQuestionarySettings(id).data;
  return settings?.review?.required === true || rows.some((row) => row.review);
}
