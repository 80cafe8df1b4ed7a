import { describe, expect, it } from "vitest";
import { parseDefinition } from "../definition/definition.ts";
import { buildSurvey, choice, multi, text } from "../testing/build.ts";
import { checkDefinition } from "./check-definition.ts";

const found = (issues: { code: string; path: readonly (string | number)[] }[]) =>
  issues.map((i) => [i.code, i.path.join(".")]);

describe("checkDefinition", () => {
  it("accepts a consistent definition", () => {
    const definition = buildSurvey(
      [
        [
          multi("q1", ["a", "b"]),
          text("q2", {
            showIf: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
            title: "您选了{{q1}}",
            jumps: [{ when: { kind: "answered", questionId: "q2" }, target: { kind: "page", pageId: "p2" } }],
          }),
        ],
        [text("q3")],
      ],
      { computed: [{ id: "c1", expression: "$q1.count * 2" }] },
    );
    expect(checkDefinition(definition)).toEqual([]);
  });

  it("reports missing questions and options with exact paths", () => {
    const definition = buildSurvey([
      multi("q1", ["a"]),
      text("q2", {
        showIf: {
          kind: "all",
          conditions: [
            { kind: "selected", questionId: "q1", optionIds: ["zz"], match: "any" },
            { kind: "answered", questionId: "nope" },
          ],
        },
      }),
    ]);
    expect(found(checkDefinition(definition))).toEqual([
      ["missingOption", "pages.0.questions.1.showIf.conditions.0.optionIds.0"],
      ["missingQuestion", "pages.0.questions.1.showIf.conditions.1.questionId"],
    ]);
  });

  it("reports show conditions on later questions and backward jumps", () => {
    const definition = buildSurvey([
      [
        text("q1", { showIf: { kind: "answered", questionId: "q2" } }),
        text("q2", { jumps: [{ target: { kind: "question", questionId: "q1" } }] }),
      ],
      [text("q3", { jumps: [{ target: { kind: "page", pageId: "p1" } }] })],
    ]);
    expect(found(checkDefinition(definition))).toEqual([
      ["laterReference", "pages.0.questions.0.showIf.questionId"],
      ["backwardJump", "pages.0.questions.1.jumps.0.target"],
      ["backwardJump", "pages.1.questions.0.jumps.0.target"],
    ]);
  });

  it("reports computed cycles and expression syntax and type errors", () => {
    const definition = buildSurvey([text("q1")], {
      computed: [
        { id: "c1", expression: "$c2 + 1" },
        { id: "c2", expression: "$c1 + 1" },
        { id: "c3", expression: "$q1 * 2" },
        { id: "c4", expression: "1 +" },
      ],
    });
    const issues = found(checkDefinition(definition));
    expect(issues).toContainEqual(["cycle", "computed.0.expression"]);
    expect(issues).toContainEqual(["expressionType", "computed.2.expression"]);
    expect(issues).toContainEqual(["expressionSyntax", "computed.3.expression"]);
  });

  it("reports select-connect/join, scoring, inline blank, group, regex and duplicate problems", () => {
    const definition = buildSurvey([
      text("t"),
      choice("q1", ["a", "a"]),
      choice("q2", ["x"], {
        selectConnect: {
          questionId: "q1",
          mode: "chosen",
          links: [{ optionId: "nope", sourceOptionIds: ["b"] }],
        },
        scoring: { mode: "manual", points: 1 },
      }),
      choice("q3", [], {
        optionSource: { questionId: "t", mode: "selected" },
        scoring: { mode: "text", points: 1, accepted: ["x"] },
      }),
      {
        id: "q4",
        type: "inlineBlank",
        title: "只有___一个空",
        config: { blanks: [{ id: "b1" }, { id: "b2" }] },
      },
      { id: "g", type: "group", title: "组", config: { memberIds: ["t"] } },
      { id: "q5", type: "text", title: "q5", config: { patterns: [{ pattern: "(", message: "x" }] } },
    ]);
    expect(found(checkDefinition(definition))).toEqual([
      ["duplicateId", "pages.0.questions.1.config.options.1.id"],
      ["missingOption", "pages.0.questions.2.selectConnect.links.0.optionId"],
      ["missingOption", "pages.0.questions.2.selectConnect.links.0.optionIds.0"],
      ["notChoiceQuestion", "pages.0.questions.3.optionSource.questionId"],
      ["scoringUnsupported", "pages.0.questions.3.scoring.mode"],
      ["invalidConfig", "pages.0.questions.4.config.blanks"],
      ["groupMemberOrder", "pages.0.questions.5.config.memberIds.0"],
      ["invalidRegex", "pages.0.questions.6.config.patterns.0.pattern"],
    ]);
  });

  it("refuses a scored question that does not say what earns its points", () => {
    const correct = (ids: string[], right: string[]) => ({
      options: ids.map((id) => ({ id, label: id, ...(right.includes(id) ? { correct: true } : {}) })),
    });
    const blanks = (accepted: Record<string, string[]>) => ({
      id: "fill",
      type: "multiBlank",
      title: "填空",
      config: {
        blanks: [
          { id: "b1", label: "一" },
          { id: "b2", label: "二" },
        ],
      },
      scoring: { mode: "blanks", pointsPerBlank: 1, accepted },
    });
    const definition = buildSurvey([
      choice("none", [], { config: correct(["a", "b"], []), scoring: { mode: "single", points: 2 } }),
      choice("ok", [], { config: correct(["a", "b"], ["b"]), scoring: { mode: "single", points: 2 } }),
      multi("many", [], { config: correct(["a", "b"], []), scoring: { mode: "allOrNothing", points: 2 } }),
      multi("zero", ["a", "b"], { scoring: { mode: "perOption" } }),
      text("blank", { scoring: { mode: "text", points: 2, accepted: [" "] } }),
      text("typed", { scoring: { mode: "text", points: 2, accepted: ["北京"] } }),
      blanks({ b1: ["一"] }) as never,
      { ...blanks({ b1: ["一"], b2: ["二"] }), id: "fill2" } as never,
      text("essay", { scoring: { mode: "manual", points: 5 } }),
    ]);
    expect(found(checkDefinition(definition))).toEqual([
      ["scoringNoCorrect", "pages.0.questions.0.scoring"],
      ["scoringNoCorrect", "pages.0.questions.2.scoring"],
      ["scoringNoOptionScore", "pages.0.questions.3.scoring"],
      ["scoringNoAccepted", "pages.0.questions.4.scoring.accepted"],
      ["scoringNoAccepted", "pages.0.questions.6.scoring.accepted"],
    ]);
    expect(checkDefinition(definition)[0]?.message).toBe(
      "计分题还没有设置正确答案：请在「选项设置」中勾选正确答案",
    );
  });

  it("parseDefinition returns structural issues with paths instead of throwing", () => {
    const result = parseDefinition({
      schemaVersion: 1,
      kind: "survey",
      title: "t",
      pages: [{ id: "p1", questions: [{ id: "1bad", type: "text", config: {} }] }],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.path).toEqual(["pages", 0, "questions", 0, "id"]);
    expect(parseDefinition({ schemaVersion: 2 }).ok).toBe(false);
  });
});
