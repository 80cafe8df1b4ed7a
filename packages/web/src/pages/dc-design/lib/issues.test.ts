import { describe, expect, it } from "vitest";
import { definitionOf, single, text } from "../testing/fixtures.ts";
import { fieldToPath, groupIssues, validateDraft } from "./issues.ts";

describe("draft issues", () => {
  it("reports a show condition on a later question at that question's path", () => {
    const later = { ...single("q1", "a"), showIf: { kind: "answered" as const, questionId: "q2" } };
    const definition = definitionOf([later, text("q2", "b")]);
    const issues = validateDraft(definition);
    expect(issues.length).toBeGreaterThan(0);
    const grouped = groupIssues(definition, issues);
    expect([...grouped.byQuestion.keys()]).toEqual(["q1"]);
    expect(grouped.byQuestion.get("q1")?.[0]?.path.slice(0, 5)).toEqual([
      "pages",
      0,
      "questions",
      0,
      "showIf",
    ]);
  });

  it("maps the server's field paths to path arrays", () => {
    expect(fieldToPath("definition.pages.0.questions.12.title")).toEqual([
      "pages",
      0,
      "questions",
      12,
      "title",
    ]);
  });

  it("finds nothing wrong with a plain draft", () => {
    expect(validateDraft(definitionOf([single("q1", "a"), text("q2", "b")]))).toEqual([]);
  });
});
