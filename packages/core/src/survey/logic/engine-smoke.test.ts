import { describe, expect, it } from "vitest";
import { buildSurvey, choice, text, today } from "../testing/build.ts";
import { validateSubmission } from "../validate/validate-submission.ts";
import { evaluateSurvey } from "./evaluate.ts";
import { createSession } from "./session.ts";

describe("engine smoke", () => {
  it("shows a question only when the condition holds, in both evaluators", () => {
    const def = buildSurvey([
      choice("q1", ["a", "b"]),
      text("q2", { showIf: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" } }),
    ]);
    expect(evaluateSurvey(def, {}, today).visibleQuestions).toEqual(["q1"]);
    const session = createSession(def, today);
    session.setAnswer("q1", { optionId: "a" });
    expect(session.result().visibleQuestions).toEqual(["q1", "q2"]);
    expect(session.result()).toEqual(evaluateSurvey(def, { q1: { optionId: "a" } }, today));
    session.setAnswer("q2", "hello");
    session.setAnswer("q1", { optionId: "b" });
    expect(session.result().answers).toEqual({ q1: { optionId: "b" } });
    expect(
      validateSubmission(def, { q1: { optionId: "b" }, q2: "hello" }, today).errors.map((e) => e.code),
    ).toEqual(["hiddenQuestion"]);
  });
});
