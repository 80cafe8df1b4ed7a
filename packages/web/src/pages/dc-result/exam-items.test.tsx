import { screen, waitFor, within } from "@testing-library/react";
import type { ExamItemAnalysisResult } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { difficultyLevel, discriminationLevel } from "./components/exam-item-card.tsx";
import { examReport } from "./testing/fixtures.ts";
import { type ApiCall, openExamTab, screenWidth, setupResultTests, slow } from "./testing/harness.tsx";

const item = { maxScore: 1, scored: 12, itemTotal: 0.41 };
const analysis: ExamItemAnalysisResult = {
  respondents: 12,
  groupSize: 3,
  alpha: 0.724,
  alphaN: 12,
  drawnPapers: false,
  items: [
    { ...item, questionId: "q1", number: 1, title: "火警电话", difficulty: 0.583, discrimination: 1 },
    { ...item, questionId: "q2", number: 2, title: "逃生方向", difficulty: 0.25, discrimination: 0.125 },
    {
      ...item,
      questionId: "bank_9",
      number: 3,
      title: "灭火器",
      difficulty: null,
      discrimination: null,
      itemTotal: null,
      scored: 0,
      drawn: true,
    },
  ],
};

function render(result: ExamItemAnalysisResult) {
  return openExamTab({
    "statistics/getExamReport": () => examReport({ count: 12, maxScore: 4 }),
    "statistics/getExamItemAnalysis": () => result,
  });
}

/** The table's body rows once the figures are in (they may arrive after the card). */
function bodyRows(card: HTMLElement, count: number) {
  return waitFor(() => {
    const found = within(card)
      .getAllByRole("row")
      .filter((row) => row.classList.contains("ant-table-row"));
    expect(found).toHaveLength(count);
    return found;
  }, slow);
}

setupResultTests();

describe("考试成绩 · 试题分析", { timeout: 30_000 }, () => {
  it("lists each question's difficulty, discrimination with its grade and item-total r, and the paper's α", async () => {
    screenWidth(1280);
    const calls = render(analysis);
    const card = await screen.findByTestId("exam-items", {}, slow);
    expect(within(card).getByText("试题分析")).toBeTruthy();
    const rows = await bodyRows(card, 3);
    expect(rows[0]?.textContent).toContain("第1题");
    expect(rows[0]?.textContent).toContain("0.58（适中）");
    expect(rows[0]?.textContent).toContain("1.00 很好");
    expect(rows[0]?.textContent).toContain("0.41");
    expect(rows[1]?.textContent).toContain("0.25（较难）");
    expect(rows[1]?.textContent).toContain("0.13 需改进");
    expect(rows[2]?.textContent).toContain("抽题");
    expect(rows[2]?.textContent).toContain("---");
    expect(within(card).getByTestId("exam-items-reliability").textContent).toBe(
      "试卷信度 Cronbach's α = 0.72（信度可以接受；基于 12 份全部题目都已评分的答卷）。",
    );
    expect(card.textContent).toContain("高、低分组各取总分最高和最低的 27%（各 3 人）");
    expect(calls.filter((call: ApiCall) => call.path === "statistics/getExamItemAnalysis")[0]?.body).toEqual({
      id: 7,
    });
  });

  it("on a phone keeps the figures in sight: the title under the number, each grade under its figure", async () => {
    screenWidth(390);
    render(analysis);
    const card = await screen.findByTestId("exam-items", {}, slow);
    const rows = await bodyRows(card, 3);
    const headers = within(card)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["题目", "难度", "区分度", "题总相关"]);
    expect(rows[0]?.textContent).toBe("第1题火警电话0.58适中1.00很好0.41");
    expect(card.querySelector(".ant-table-content")?.getAttribute("style") ?? "").not.toContain("overflow-x");
  });

  it("says why α or the discrimination is missing: papers of their own, or under ten responses", async () => {
    render({ ...analysis, alpha: null, alphaN: 0, drawnPapers: true, groupSize: 0 });
    const line = await screen.findByTestId("exam-items-reliability", {}, slow);
    expect(line.textContent).toBe(
      "试卷信度：随机组卷的考生试卷各不相同，不计算 Cronbach's α。答卷少于 10 份，暂不计算区分度。",
    );
  });

  it("shows nothing to analyse before a response is scored", async () => {
    render({ respondents: 0, groupSize: 0, alpha: null, alphaN: 0, drawnPapers: false, items: [] });
    const card = await screen.findByTestId("exam-items", {}, slow);
    expect(await within(card).findByText("暂无已评分的答卷")).toBeTruthy();
    expect(card.querySelector(".ant-table")).toBeNull();
  });

  it("grades difficulty and discrimination at the usual cut points", () => {
    expect([0.7, 0.69, 0.4, 0.39].map(difficultyLevel)).toEqual(["容易", "适中", "适中", "较难"]);
    expect([0.4, 0.39, 0.3, 0.2, 0.19, -0.1].map((d) => discriminationLevel(d).text)).toEqual([
      "很好",
      "良好",
      "良好",
      "尚可",
      "需改进",
      "需改进",
    ]);
  });
});
