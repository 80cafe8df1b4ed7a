import { render } from "@testing-library/react";
import type { SubmitReply } from "@wjgj/core/pages/answer";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { describe, expect, it } from "vitest";
import { ThankYou } from "./thank-you.tsx";

const reply: SubmitReply = {
  responseId: 5,
  preview: false,
  endState: "submitted",
  thankYouText: "感谢报名！",
  redirectUrl: "",
  redirectSeconds: 0,
  exam: null,
  voteResults: null,
  receiptToken: "5.abc",
};
const definition = buildSurvey([{ id: "q1", type: "text", title: "姓名", config: {} }]);

/** 提交后需审核 (issue #41): the thank-you screen says the response waits for review. */
describe("ThankYou with review", () => {
  it("shows the questionnaire's review note under the thanks", () => {
    const { getByTestId } = render(
      <ThankYou
        reply={{ ...reply, reviewNote: "您的提交将在审核后生效" }}
        definition={definition}
        answers={{}}
      />,
    );
    expect(getByTestId("review-note").textContent).toBe("您的提交将在审核后生效");
    expect(getByTestId("thank-you").textContent).toContain("感谢报名！");
  });

  it("says nothing of review without it", () => {
    const { queryByTestId } = render(<ThankYou reply={reply} definition={definition} answers={{}} />);
    expect(queryByTestId("review-note")).toBeNull();
  });
});

describe("ThankYou of a vote", () => {
  it("says 投票成功, not 提交成功", () => {
    const vote = { ...definition, kind: "vote" as const };
    const { getByRole } = render(<ThankYou reply={reply} definition={vote} answers={{}} />);
    expect(getByRole("heading", { level: 1 }).textContent).toBe("投票成功");
  });
});
