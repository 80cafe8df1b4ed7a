import { render, screen } from "@testing-library/react";
import type { Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { ChoicePreview } from "./choice-preview.tsx";

const question = (type: string, labels: string[]) =>
  ({
    id: "q1",
    type,
    title: "题目",
    config: { options: labels.map((label, i) => ({ id: `o${i + 1}`, label })) },
  }) as unknown as Question;

describe("the selected choice question's option editor", () => {
  it("offers no option to add or delete on a 判断题: it has exactly 对 and 错", () => {
    render(<ChoicePreview question={question("trueFalse", ["对", "错"])} selected />);
    expect(screen.queryByRole("button", { name: /添加选项/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /批量添加/ })).toBeNull();
    for (const button of screen.getAllByRole("button", { name: /^删除选项/ }))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers 添加选项 on a single choice", () => {
    render(<ChoicePreview question={question("single", ["甲", "乙"])} selected />);
    expect((screen.getByRole("button", { name: /添加选项/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
