import { fireEvent, render, screen } from "@testing-library/react";
import type { Question } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import { findQuestion } from "../../store/definition-ops.ts";
import { editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf, single } from "../../testing/fixtures.ts";
import { ScoringSettings } from "./scoring-settings.tsx";

function openAs(kind: "exam" | "survey", question: Question) {
  editorStore.getState().load(detailOf({ ...definitionOf([question]), kind }));
  const current = () => {
    const draft = editorStore.getState().draft;
    return draft ? findQuestion(draft, question.id) : undefined;
  };
  const view = render(<ScoringSettings question={current() ?? question} />);
  // The panel re-renders from the store, as the settings panel does.
  const rerender = () => view.rerender(<ScoringSettings question={current() ?? question} />);
  return { current, rerender };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("答案解析 in the question settings", () => {
  it("is edited for an exam question and cleared when emptied", () => {
    const question: Question = {
      ...single("q1", "火警电话是", ["119", "110"]),
      scoring: { mode: "single", points: 2 },
    };
    const { current, rerender } = openAs("exam", question);
    const box = screen.getByLabelText("答案解析");
    fireEvent.change(box, { target: { value: "119 是火警电话。\n110 是报警电话。" } });
    expect(current()?.explanation).toBe("119 是火警电话。\n110 是报警电话。");
    rerender();
    expect((screen.getByLabelText("答案解析") as HTMLTextAreaElement).value).toBe(
      "119 是火警电话。\n110 是报警电话。",
    );
    fireEvent.change(screen.getByLabelText("答案解析"), { target: { value: "  " } });
    expect(current()).toBeDefined();
    expect(current()).not.toHaveProperty("explanation");
  });

  it("is not offered outside exams and contests", () => {
    openAs("survey", { ...single("q1", "性别"), scoring: { mode: "perOption" } });
    expect(screen.queryByLabelText("答案解析")).toBeNull();
  });
});
