import { screen, waitFor, within } from "@testing-library/react";
import type { ExamReport, ExamTagMasteryResult } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { examReport } from "./testing/fixtures.ts";
import { type ApiCall, openExamTab, setupResultTests, slow } from "./testing/harness.tsx";

function render(mastery: ExamTagMasteryResult, report: ExamReport = examReport()) {
  return openExamTab({
    "statistics/getExamReport": () => report,
    "statistics/getExamTagMastery": () => mastery,
  });
}

setupResultTests();

describe("考试成绩 · 知识点掌握情况", { timeout: 30_000 }, () => {
  it("lists each tag weakest first with its points, counts and a mastery bar", async () => {
    const calls = render({
      tagged: true,
      tags: [
        { tag: "急救", candidates: 2, questions: 2, score: 4, maxScore: 8, masteryRate: 50 },
        { tag: "用电", candidates: 2, questions: 4, score: 20, maxScore: 30, masteryRate: 66.7 },
      ],
    });
    const card = await screen.findByTestId("exam-tags", {}, slow);
    expect(within(card).getByText("知识点掌握情况")).toBeTruthy();
    // The rows come with the tags' figures, which may arrive after the card.
    const body = await waitFor(() => {
      const rows = within(card)
        .getAllByRole("row")
        .filter((row) => row.classList.contains("ant-table-row"));
      expect(rows.map((row) => row.querySelector(".wj-exam-tags__tag")?.textContent)).toEqual([
        "急救",
        "用电",
      ]);
      return rows;
    }, slow);
    expect(body[0]?.textContent).toContain("2人 · 2题次");
    expect(body[0]?.textContent).toContain("4 / 8");
    expect(body[0]?.textContent).toContain("50%");
    expect(body[1]?.textContent).toContain("20 / 30");
    expect(body[1]?.textContent).toContain("66.7%");
    const bar = within(card).getByLabelText("用电掌握率");
    expect(bar.getAttribute("aria-valuenow")).toBe("66.7");
    expect(calls.filter((call: ApiCall) => call.path === "statistics/getExamTagMastery")[0]?.body).toEqual({
      id: 7,
    });
  });

  it("says 本考试的题目没有标签 when no paper had tagged questions", async () => {
    render({ tagged: false, tags: [] });
    const card = await screen.findByTestId("exam-tags", {}, slow);
    expect(await within(card).findByText("本考试的题目没有标签")).toBeTruthy();
    expect(card.querySelector(".ant-table")).toBeNull();
  });

  it("tells tagged papers without counted responses apart from untagged ones", async () => {
    render({ tagged: true, tags: [] });
    const card = await screen.findByTestId("exam-tags", {}, slow);
    expect(await within(card).findByText("暂无计入统计的答卷")).toBeTruthy();
  });

  it("marks the bank questions random papers drew as 抽题 under 各题正确率, with 最多错选", async () => {
    const row = { maxScore: 10, scored: 2, averageScore: 5, manual: false, topWrong: null };
    render(
      { tagged: true, tags: [] },
      {
        ...examReport(),
        questions: [
          { ...row, questionId: "q1", title: "固定题", number: 1, correct: 2, correctRate: 100 },
          {
            ...row,
            questionId: "bank_9",
            title: "消防用电",
            number: 2,
            correct: 1,
            correctRate: 50,
            drawn: true,
            topWrong: { optionId: "o2", label: "乙", count: 1, rate: 50 },
          },
        ],
      },
    );
    const drawn = (await screen.findByText("消防用电", {}, slow)).closest("tr");
    expect(drawn?.textContent).toContain("抽题");
    expect(drawn?.textContent).toContain("50%");
    expect(drawn?.textContent).toContain("乙（1人，50%）");
    const fixed = screen.getByText("固定题").closest("tr");
    expect(fixed?.textContent).not.toContain("抽题");
  });
});
