import type { ResponseReview } from "@wjgj/core";
import { Alert } from "antd";

/** The receipt's 审核 part (issue #41): 待审核, 已通过, or 未通过 with the reviewer's reason. */
export function ReviewState({ review }: { review: ResponseReview | null | undefined }) {
  if (!review) return null;
  if (review.state === "pending")
    return (
      <Alert
        type="info"
        showIcon
        title="待审核"
        description="您的提交正在等待问卷发布者审核，审核结果将显示在本页。"
        data-testid="receipt-review"
      />
    );
  if (review.state === "approved")
    return (
      <Alert
        type="success"
        showIcon
        title="已通过审核"
        description={`审核时间：${review.reviewedAt}`}
        data-testid="receipt-review"
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title="未通过审核"
      description={`原因：${review.reason}${review.reviewedAt ? `（审核时间：${review.reviewedAt}）` : ""}`}
      data-testid="receipt-review"
    />
  );
}
