import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { definitionOf } from "../../dc-design/testing/fixtures.ts";
import { EligibilityInput } from "./eligibility-input.tsx";

// 答卷满足条件的人 on an exam without any question to build a condition from: the warning names the exam.
describe("the rewards' condition editor", () => {
  it("says 考试还没有可作为条件的题目 for an exam without questions", async () => {
    render(<EligibilityInput definition={{ ...definitionOf([]), kind: "exam" }} />);
    fireEvent.mouseDown(document.querySelector(".ant-select") as HTMLElement);
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>(".ant-select-item-option")).find(
        (node) => node.getAttribute("title") === "答卷满足条件的人",
      );
      if (!found) throw new Error("no option");
      return found;
    });
    fireEvent.click(option);
    expect(await screen.findByText("考试还没有可作为条件的题目")).toBeTruthy();
  });
});
