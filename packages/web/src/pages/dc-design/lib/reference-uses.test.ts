import type { SurveyDefinition } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { definitionOf, single, text } from "../testing/fixtures.ts";
import { isReferencedByCode } from "./reference-uses.ts";

function draft(patch: (d: SurveyDefinition) => void): SurveyDefinition {
  const d = definitionOf([single("q1", "性别"), text("q10", "姓名"), text("q2", "备注")]);
  patch(d);
  return d;
}

describe("isReferencedByCode", () => {
  it("finds $id in computed values and 表达式 conditions, and {{id}} in titles and options", () => {
    expect(
      isReferencedByCode(
        draft(() => undefined),
        "q1",
      ),
    ).toBe(false);
    expect(
      isReferencedByCode(
        draft((d) => {
          d.computed = [{ id: "c1", name: "总分", expression: "$q1 + 1" }];
        }),
        "q1",
      ),
    ).toBe(true);
    const piped = draft((d) => {
      const q = d.pages[0]?.questions[2];
      if (q) q.title = "请说明{{ q10 }}的理由";
    });
    expect(isReferencedByCode(piped, "q10")).toBe(true);
    // q1 is a prefix of q10, not a use of it.
    expect(isReferencedByCode(piped, "q1")).toBe(false);
    const byExpression = draft((d) => {
      const q = d.pages[0]?.questions[2];
      if (q) q.showIf = { kind: "all", conditions: [{ kind: "expression", expression: "len($q2) > 3" }] };
    });
    expect(isReferencedByCode(byExpression, "q2")).toBe(true);
    // A condition built with the picker names the question by id, but nobody typed its code.
    const picked = draft((d) => {
      const q = d.pages[0]?.questions[2];
      if (q) q.showIf = { kind: "selected", questionId: "q1", optionIds: ["q1_o1"], match: "any" };
    });
    expect(isReferencedByCode(picked, "q1")).toBe(false);
  });
});
