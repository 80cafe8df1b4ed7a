import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReviewState } from "./review-state.tsx";

/** The receipt's 审核 part (issue #41): what the respondent reads in each state. */
describe("ReviewState", () => {
  it("says 待审核 while pending", () => {
    render(<ReviewState review={{ state: "pending", stateName: "待审核", reason: "", reviewedAt: "" }} />);
    expect(screen.getByTestId("receipt-review").textContent).toContain("待审核");
  });

  it("says 已通过 with the time, and 未通过 with the reason", () => {
    const { rerender } = render(
      <ReviewState
        review={{ state: "approved", stateName: "已通过", reason: "", reviewedAt: "2026-12-04 10:00:00" }}
      />,
    );
    expect(screen.getByTestId("receipt-review").textContent).toContain(
      "已通过审核审核时间：2026-12-04 10:00:00",
    );
    rerender(
      <ReviewState
        review={{
          state: "rejected",
          stateName: "未通过",
          reason: "照片不清晰",
          reviewedAt: "2026-12-04 10:05:00",
        }}
      />,
    );
    expect(screen.getByTestId("receipt-review").textContent).toContain("未通过审核原因：照片不清晰");
  });

  it("shows nothing without review", () => {
    const { container } = render(<ReviewState review={null} />);
    expect(container.textContent).toBe("");
  });
});
