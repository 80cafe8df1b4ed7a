import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ExamSettings, PaperBankFacts } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import { PaperRulesEditor } from "./paper-rules.tsx";

const banks: PaperBankFacts[] = [
  {
    id: 3,
    name: "消防知识",
    items: [
      { tags: ["灭火"], difficulty: 1 },
      { tags: ["灭火"], difficulty: 2 },
      { tags: ["逃生"], difficulty: 1 },
    ],
  },
];

/** The editor wired to a settings object the way engine-settings merges patches into the exam settings. */
function mount(initial: ExamSettings) {
  let exam = initial;
  const view = render(<PaperRulesEditor exam={exam} banks={banks} onChange={(patch) => apply(patch)} />);
  function apply(patch: Partial<ExamSettings>) {
    const next: Record<string, unknown> = { ...exam, ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    exam = next as ExamSettings;
    view.rerender(<PaperRulesEditor exam={exam} banks={banks} onChange={(p) => apply(p)} />);
  }
  return () => exam;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("随机组卷 rules in the exam designer", () => {
  it("adds a rule from the first bank and edits its count and points", () => {
    const current = mount({ showScoreAfterSubmit: true, showAnswersAfterSubmit: false });
    fireEvent.click(screen.getByRole("button", { name: "添加抽题规则" }));
    expect(current().paperRules).toEqual([{ bankId: 3, count: 1, points: 1 }]);
    fireEvent.change(screen.getByLabelText("第1条规则抽题数"), { target: { value: "2" } });
    fireEvent.blur(screen.getByLabelText("第1条规则抽题数"));
    fireEvent.change(screen.getByLabelText("第1条规则每题分值"), { target: { value: "5" } });
    fireEvent.blur(screen.getByLabelText("第1条规则每题分值"));
    expect(current().paperRules).toEqual([{ bankId: 3, count: 2, points: 5 }]);
    expect(screen.getByText("每份试卷抽 2 题，共 10 分。")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says in Chinese when a rule asks for more questions than the bank has", () => {
    mount({
      showScoreAfterSubmit: true,
      showAnswersAfterSubmit: false,
      paperRules: [{ bankId: 3, tag: "逃生", count: 2, points: 5 }],
    });
    const rule = screen.getByRole("group", { name: "第1条规则" });
    expect(within(rule).getByRole("alert").textContent).toBe(
      "第1条规则：题库「消防知识」中标签「逃生」的题目只有1道，少于抽题数2道",
    );
  });

  it("turns the shuffles on and off and removes the last rule", () => {
    const current = mount({
      showScoreAfterSubmit: true,
      showAnswersAfterSubmit: false,
      paperRules: [{ bankId: 3, count: 1, points: 2 }],
    });
    fireEvent.click(screen.getByRole("switch", { name: "抽到的题目乱序" }));
    fireEvent.click(screen.getByRole("switch", { name: "选项乱序" }));
    expect(current()).toMatchObject({ paperShuffleQuestions: false, paperShuffleOptions: true });
    fireEvent.click(screen.getByRole("button", { name: "删除第1条规则" }));
    expect(current()).not.toHaveProperty("paperRules");
  });
});
