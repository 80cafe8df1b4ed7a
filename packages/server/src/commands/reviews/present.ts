import { type ResponseReview, reviewStateNames } from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";

/** A response's review as the creator's list and the respondent's receipt show it (null without review). */
export function presentReview(
  row: Pick<ResponseRow, "reviewState" | "reviewReason" | "reviewedAt">,
): ResponseReview | null {
  if (!row.reviewState) return null;
  return {
    state: row.reviewState,
    stateName: reviewStateNames[row.reviewState],
    reason: row.reviewState === "rejected" ? (row.reviewReason ?? "") : "",
    reviewedAt: chinaDateTime(row.reviewedAt),
  };
}
