import { render, screen, within } from "@testing-library/react";
import { parseSurveyText, textImportExample } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { SurveyPreview } from "./index.tsx";

describe("SurveyPreview", () => {
  it("shows the imported questionnaire numbered, with options, matrix columns and page breaks", () => {
    const { definition } = parseSurveyText(textImportExample);
    render(<SurveyPreview definition={definition} />);
    expect(screen.getByRole("heading", { name: "大学生消费习惯调查" })).toBeTruthy();
    const questions = screen.getAllByTestId("preview-question");
    expect(questions.map((question) => question.querySelector(".wj-pv__number")?.textContent)).toEqual([
      "1.",
      "2.",
      "3.",
      "4.",
      "5.",
    ]);
    expect(within(questions[2] as HTMLElement).getByText("其他")).toBeTruthy();
    const matrix = within(questions[3] as HTMLElement).getByRole("table");
    expect(
      within(matrix)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["", "非常不满意", "不满意", "一般", "满意", "非常满意"]);
    expect(screen.getByText("第 2 页")).toBeTruthy();
  });

  it("marks correct answers and scores of exam questions", () => {
    const { definition } = parseSurveyText("测验\n1. 火警电话（3分）\nA. 110\nB. 119\n答案：B", {
      kind: "exam",
    });
    render(<SurveyPreview definition={definition} />);
    expect(screen.getByText("3分")).toBeTruthy();
    expect(screen.getByLabelText("正确答案").closest("li")?.textContent).toContain("119");
  });

  it("keeps pasted markup as text", () => {
    const { definition } = parseSurveyText("调查\n1. <img src=x onerror=alert(1)>年龄[填空题]");
    const { container } = render(<SurveyPreview definition={definition} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>年龄/)).toBeTruthy();
  });
});
