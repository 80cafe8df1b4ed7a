import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { editorActions, editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf, single } from "../../testing/fixtures.ts";
import { OptionSettings } from "./option-settings.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const question = () => editorStore.getState().draft?.pages[0]?.questions[0];

describe("注意力检测 (answer space)", () => {
  it("offers 不设置 and shows the option a question's attention check requires", () => {
    editorStore.getState().load(detailOf(definitionOf([single("q1", "请选择第二项")])));
    const first = question();
    if (!first) throw new Error("no question");
    const { unmount } = render(<OptionSettings question={first} />);
    const field = screen.getByRole("combobox", { name: "注意力检测（须选）" }).closest(".dd-field");
    expect(field?.textContent).toContain("不设置");
    unmount();
    const options = (first.config as { options: { id: string; label: string }[] }).options;
    const second = options[1];
    if (!second) throw new Error("no second option");
    editorActions().patchQuestion("q1", { attentionCheck: { optionId: second.id } });
    render(<OptionSettings question={question() as typeof first} />);
    const marked = screen.getByRole("combobox", { name: "注意力检测（须选）" }).closest(".dd-field");
    expect(marked?.textContent).toContain(second.label || "选项2");
  }, 30_000);
});
