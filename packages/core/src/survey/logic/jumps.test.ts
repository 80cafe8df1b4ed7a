import { describe, expect, it } from "vitest";
import type { QuestionInput } from "../definition/question.ts";
import { buildSurvey, choice, text, today } from "../testing/build.ts";
import { evaluateSurvey } from "./evaluate.ts";
import { createSession } from "./session.ts";

const pick = (optionId: string) => ({ optionId });

describe("jump logic", () => {
  const jumpTo = (target: object, optionId = "a") => ({
    jumps: [{ when: { kind: "selected", questionId: "q1", optionIds: [optionId], match: "any" }, target }],
  });
  const pages = (q1Extra: object): QuestionInput[][] => [
    [choice("q1", ["a", "b"], q1Extra as Partial<QuestionInput>), text("q2"), text("q3")],
    [text("q4")],
    [text("q5")],
  ];

  it("jumps to a later question, skipping those between", () => {
    const definition = buildSurvey(pages(jumpTo({ kind: "question", questionId: "q3" })));
    expect(evaluateSurvey(definition, { q1: pick("a") }, today).visibleQuestions).toEqual([
      "q1",
      "q3",
      "q4",
      "q5",
    ]);
    expect(evaluateSurvey(definition, { q1: pick("b") }, today).visibleQuestions).toEqual([
      "q1",
      "q2",
      "q3",
      "q4",
      "q5",
    ]);
  });

  it("jumps to a page and records the page path", () => {
    const definition = buildSurvey(pages(jumpTo({ kind: "page", pageId: "p3" })));
    const result = evaluateSurvey(definition, { q1: pick("a"), q2: "dropped" }, today);
    expect(result.visibleQuestions).toEqual(["q1", "q5"]);
    expect(result.pagePath).toEqual(["p1", "p3"]);
    expect(result.answers).toEqual({ q1: pick("a") });
  });

  it("ends and submits, or ends as screened out", () => {
    const submit = evaluateSurvey(buildSurvey(pages(jumpTo({ kind: "submit" }))), { q1: pick("a") }, today);
    expect(submit.visibleQuestions).toEqual(["q1"]);
    expect(submit.end).toEqual({ kind: "submit", questionId: "q1" });
    const screened = evaluateSurvey(
      buildSurvey(pages(jumpTo({ kind: "screenOut" }))),
      { q1: pick("a") },
      today,
    );
    expect(screened.end).toEqual({ kind: "screenOut", questionId: "q1" });
  });

  it("fires the first matching rule; a rule without condition always fires", () => {
    const definition = buildSurvey(
      pages({
        jumps: [
          {
            when: { kind: "selected", questionId: "q1", optionIds: ["b"], match: "any" },
            target: { kind: "submit" },
          },
          { target: { kind: "question", questionId: "q4" } },
        ],
      }),
    );
    expect(evaluateSurvey(definition, { q1: pick("b") }, today).end?.kind).toBe("submit");
    expect(evaluateSurvey(definition, { q1: pick("a") }, today).visibleQuestions).toEqual(["q1", "q4", "q5"]);
  });

  it("precedence: a skipped question stays hidden whatever its show logic; show logic still applies after a jump", () => {
    const definition = buildSurvey([
      choice("q1", ["a", "b"], {
        jumps: [
          {
            when: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
            target: { kind: "question", questionId: "q3" },
          },
        ],
      }),
      text("q2", { showIf: { kind: "answered", questionId: "q1" } }),
      text("q3", { showIf: { kind: "answered", questionId: "q2" } }),
      text("q4", { showIf: { kind: "notAnswered", questionId: "q2" } }),
    ]);
    const result = evaluateSurvey(definition, { q1: pick("a"), q2: "x" }, today);
    expect(result.visibleQuestions).toEqual(["q1", "q4"]);
  });

  it("a hidden question's jumps do not fire", () => {
    const definition = buildSurvey([
      choice("q0", ["y", "n"]),
      choice("q1", ["a", "b"], {
        showIf: { kind: "selected", questionId: "q0", optionIds: ["y"], match: "any" },
        jumps: [{ target: { kind: "submit" } }],
      }),
      text("q2"),
    ]);
    expect(evaluateSurvey(definition, { q0: pick("n"), q1: pick("a") }, today).visibleQuestions).toEqual([
      "q0",
      "q2",
    ]);
  });
});

describe("incremental session", () => {
  it("matches the whole evaluation after each change, including jumps switching on and off", () => {
    const definition = buildSurvey([
      choice("q1", ["a", "b"], {
        jumps: [
          {
            when: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
            target: { kind: "question", questionId: "q4" },
          },
        ],
      }),
      text("q2"),
      text("q3", { showIf: { kind: "answered", questionId: "q2" } }),
      text("q4"),
    ]);
    const session = createSession(definition, today);
    const answers: Record<string, unknown> = {};
    const steps: [string, unknown][] = [
      ["q2", "x"],
      ["q3", "y"],
      ["q1", pick("a")],
      ["q1", pick("b")],
      ["q2", undefined],
      ["q1", pick("a")],
    ];
    for (const [id, value] of steps) {
      session.setAnswer(id, value);
      if (value === undefined) delete answers[id];
      else answers[id] = value;
      expect(session.result()).toEqual(evaluateSurvey(definition, answers, today));
    }
    expect(session.answerOf("q3")).toBe("y");
  });
});
