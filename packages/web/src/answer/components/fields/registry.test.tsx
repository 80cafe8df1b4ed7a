import { render, screen } from "@testing-library/react";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { describe, expect, it, vi } from "vitest";
import { fieldGroupsOf, typesOf } from "./registry.ts";

const definition = buildSurvey([
  { id: "pick", type: "single", title: "选择", config: { options: [{ id: "a", label: "甲" }] } },
  { id: "rate", type: "star", title: "满意度", config: { max: 5 } },
  {
    id: "grid",
    type: "matrixSingle",
    title: "矩阵",
    config: { rows: [{ id: "r", label: "服务" }], columns: [{ id: "c", label: "好" }] },
  },
]);
const context = { publicId: "p", answerToken: "t", preview: false };

describe("the answer page's lazily loaded inputs", () => {
  it("names the groups a questionnaire needs (what the server preloads and main.tsx loads first)", () => {
    expect(typesOf(definition)).toEqual(["single", "star", "matrixSingle"]);
    expect(fieldGroupsOf(definition)).toEqual(["rating", "matrix"]);
    expect(fieldGroupsOf(buildSurvey([{ id: "t", type: "text", title: "姓名", config: {} }]))).toEqual([]);
  });

  it("shows a placeholder until the group's chunk is in, then the input", async () => {
    // A registry of its own: other test files in this worker may have loaded the group already.
    vi.resetModules();
    const { QuestionInput } = await import("../question-input.tsx");
    const star = definition.pages[0]?.questions[1];
    if (!star) throw new Error("no star question");
    const { container } = render(
      <QuestionInput question={star} value={undefined} options={[]} onChange={() => {}} context={context} />,
    );
    expect(container.querySelector(".wa-field-loading")).not.toBeNull();
    expect(await screen.findAllByRole("radio")).toHaveLength(5);
    expect(container.querySelector(".wa-field-loading")).toBeNull();
  });
});
