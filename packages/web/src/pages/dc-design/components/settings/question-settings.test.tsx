import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf, single, text } from "../../testing/fixtures.ts";
import { QuestionSettings } from "./question-settings.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("题目设置 header", () => {
  it("names the question by its number and shows its code only while something refers to it by that code", () => {
    // 第2题 has the id q7 and 第1题 the id q2: a bare code beside 第N题 would contradict its number.
    editorStore.getState().load(detailOf(definitionOf([text("q2", "姓名"), single("q7", "性别")])));
    editorStore.getState().select("q7");
    render(<QuestionSettings />);
    const header = screen.getByTestId("question-settings").querySelector(".dd-settings__type");
    expect(header?.textContent).toContain("第2题");
    expect(header?.textContent).not.toContain("题目编号");
    expect(screen.queryByTestId("question-ref")).toBeNull();
    // A title that pipes the answer ({{q7}}) uses the code: now it is shown, as what it is.
    act(() => editorStore.getState().setQuestionTitle("q2", "您（{{q7}}）的姓名"));
    expect(screen.getByTestId("question-ref").textContent).toBe("被引用为 $q7");
    // The whole panel (options, logic, config) renders with antd; a cold jsdom on a shared machine is slow.
  }, 30_000);
});
