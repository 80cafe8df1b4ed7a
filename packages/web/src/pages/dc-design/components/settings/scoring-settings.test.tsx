import { fireEvent, render, screen } from "@testing-library/react";
import type { Question } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import { findQuestion } from "../../store/definition-ops.ts";
import { editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf, single, text } from "../../testing/fixtures.ts";
import { OptionSettings } from "./option-settings.tsx";
import { ruleFor, ScoringSettings } from "./scoring-settings.tsx";

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

describe("scoring that does what the author means", () => {
  function openOptions(kind: "exam" | "survey", question: Question) {
    editorStore.getState().load(detailOf({ ...definitionOf([question]), kind }));
    const current = () => {
      const draft = editorStore.getState().draft;
      return draft ? findQuestion(draft, question.id) : undefined;
    };
    render(<OptionSettings question={current() ?? question} />);
    return current;
  }

  it("ticking a correct answer in an exam scores the question, in one undo step", () => {
    const current = openOptions("exam", single("q1", "火警电话是", ["119", "110"]));
    expect(current()?.scoring).toBeUndefined();
    fireEvent.click(screen.getAllByRole("checkbox", { name: "正确答案" })[0] as HTMLElement);
    expect(current()?.scoring).toEqual({ mode: "single", points: 2 });
    const optionsOf = () => (current()?.config as { options?: { correct?: boolean }[] } | undefined)?.options;
    expect(optionsOf()?.[0]?.correct).toBe(true);
    editorStore.getState().undo();
    expect(current()?.scoring).toBeUndefined();
    expect(optionsOf()?.[0]?.correct).toBeUndefined();
  });

  it("a pick-many exam question gets 全部答对才得分; a survey question is left unscored", () => {
    const many: Question = { ...single("q2", "哪些是质数", ["2", "4"]), type: "multiple" } as Question;
    const current = openOptions("exam", many);
    fireEvent.click(screen.getAllByRole("checkbox", { name: "正确答案" })[0] as HTMLElement);
    expect(current()?.scoring).toEqual({ mode: "allOrNothing", points: 2 });
    document.body.innerHTML = "";
    const survey = openOptions("survey", single("q3", "性别"));
    fireEvent.click(screen.getAllByRole("checkbox", { name: "标为正确" })[0] as HTMLElement);
    expect(survey()?.scoring).toBeUndefined();
  });

  it("a fill-in question's reference answer starts empty, not with a made-up one", () => {
    expect(ruleFor("text", undefined, text("q4", "首都是"))).toMatchObject({ mode: "text", accepted: [] });
    const { current } = openAs("exam", {
      ...text("q4", "首都是"),
      scoring: ruleFor("text", undefined, text("q4", "")),
    });
    expect(screen.getByLabelText("参考答案")).toBeTruthy();
    expect(screen.queryByText("答案")).toBeNull();
    expect(current()?.scoring).toMatchObject({ accepted: [] });
  });
});
