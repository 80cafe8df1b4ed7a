import { render, screen } from "@testing-library/react";
import type { ExamReview } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { ReviewSheet } from "./review-sheet.tsx";

const review = {
  title: "消防知识考试",
  candidate: { name: "王小明", number: "A001" },
  submittedAt: "2026-06-01T02:00:00.000Z",
  definition: {
    schemaVersion: 1,
    kind: "exam",
    title: "消防知识考试",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "multiple",
            title: "<b>哪些</b>是急救相关电话",
            config: {
              options: [
                { id: "a", label: "120" },
                { id: "b", label: "110" },
                { id: "c", label: "999" },
              ],
            },
          },
          { id: "q2", type: "text", title: "灭火器指针应在", config: {} },
        ],
      },
    ],
    settings: {},
  },
  answers: { q1: { optionIds: ["a", "b"] } },
  exam: {
    total: 0,
    max: 9,
    passMark: 6,
    passed: false,
    pendingManual: 0,
    questions: [
      { questionId: "q1", score: 0, max: 4, manual: false, correct: false },
      { questionId: "q2", score: 0, max: 5, manual: false, correct: false },
    ],
    answerKey: { q1: ["a", "c"] },
    textKeys: { q2: "绿色" },
    explanations: { q1: "120 和 999 都是急救电话。" },
  },
} as unknown as ExamReview;

describe("ReviewSheet (查分)", () => {
  it("shows each question with the candidate's answer, the key, the score and the explanation", () => {
    render(<ReviewSheet review={review} />);
    expect(screen.getByText("0")).toBeTruthy();
    expect(screen.getByText("未通过（及格线 6 分）")).toBeTruthy();
    const first = screen.getByTestId("review-q1");
    expect(first.textContent).toContain("1. 哪些是急救相关电话");
    expect(first.textContent).toContain("您的答案：120、110");
    expect(first.textContent).toContain("正确答案：120、999");
    expect(first.textContent).toContain("得分：0 / 4");
    expect(first.textContent).toContain("答案解析：120 和 999 都是急救电话。");
    const second = screen.getByTestId("review-q2");
    expect(second.textContent).toContain("您的答案：未作答");
    expect(second.textContent).toContain("参考答案：绿色");
  });
});
