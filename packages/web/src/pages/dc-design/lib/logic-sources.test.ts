import type { Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { definitionOf, single, text } from "../testing/fixtures.ts";
import { choiceSources, conditionSources, jumpTargets } from "./logic-sources.ts";

const intro: Question = {
  id: "intro",
  type: "paragraph",
  title: "说明",
  required: false,
  config: { align: "left" },
};
const definition = definitionOf(
  [intro, single("q1", "性别"), text("q2", "姓名"), single("q3", "年级")],
  [single("q4", "专业")],
  [text("q5", "建议")],
);

describe("logic sources", () => {
  it("offers only earlier answerable questions to a show condition, and the question itself to jumps", () => {
    expect(conditionSources(definition, "q3", false).map((s) => s.id)).toEqual(["q1", "q2"]);
    expect(conditionSources(definition, "q3", true).map((s) => s.id)).toEqual(["q1", "q2", "q3"]);
    expect(conditionSources(definition, "q3", false)[0]?.label).toBe("第1题 性别");
  });

  it("offers only earlier choice questions to select-connect and select-join", () => {
    expect(choiceSources(definition, "q4").map((s) => s.id)).toEqual(["q1", "q3"]);
  });

  it("lists later pages, later questions, submit and screen-out as jump targets", () => {
    expect(jumpTargets(definition, "q3").map((t) => t.value)).toEqual([
      "p:p2",
      "p:p3",
      "q:q4",
      "q:q5",
      "submit",
      "screenOut",
    ]);
    expect(jumpTargets(definition, "q5").map((t) => t.value)).toEqual(["submit", "screenOut"]);
  });
});
