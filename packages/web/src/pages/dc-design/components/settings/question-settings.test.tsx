import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf, single, text } from "../../testing/fixtures.ts";
import { QuestionSettings } from "./question-settings.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("题目设置 header", () => {
  it("names the question by its number and shows the id only as the code that references it", () => {
    editorStore.getState().load(detailOf(definitionOf([single("q7", "性别"), text("q2", "姓名")])));
    editorStore.getState().select("q2");
    render(<QuestionSettings />);
    const header = screen.getByTestId("question-settings").querySelector(".dd-settings__type");
    expect(header?.textContent).toContain("第2题");
    expect(header?.textContent).not.toContain("题目编号");
    expect(screen.getByTestId("question-ref").textContent).toBe("引用代码 $q2");
    // The whole panel (options, logic, config) renders with antd; a cold jsdom on a shared machine is slow.
  }, 30_000);
});
