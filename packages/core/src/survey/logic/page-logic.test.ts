import { describe, expect, it } from "vitest";
import type { Condition } from "../definition/condition.ts";
import { definitionSchema } from "../definition/definition.ts";
import type { QuestionInput } from "../definition/question.ts";
import { scoreExam } from "../scoring/exam.ts";
import { choice, text, today } from "../testing/build.ts";
import { validateSubmission } from "../validate/validate-submission.ts";
import { evaluateSurvey } from "./evaluate.ts";
import { createSession } from "./session.ts";

const isStaff: Condition = { kind: "selected", questionId: "role", optionIds: ["staff"], match: "any" };

/** p1 asks the role; p2 (staff only) has a required question; p3 is for everyone. */
function survey(p2: QuestionInput[], extra: { p1?: QuestionInput[]; computed?: object[] } = {}) {
  return definitionSchema.parse({
    schemaVersion: 1,
    kind: "exam",
    title: "页面逻辑",
    pages: [
      { id: "p1", questions: [choice("role", ["staff", "guest"]), ...(extra.p1 ?? [])] },
      { id: "p2", showIf: isStaff, questions: p2 },
      { id: "p3", questions: [text("last")] },
    ],
    computed: extra.computed ?? [],
  });
}

const staff = { role: { optionId: "staff" } };
const guest = { role: { optionId: "guest" } };

describe("page show logic (页面显示逻辑)", () => {
  const definition = survey([text("badge", { required: true }), text("desk")]);

  it("hides every item of the page and leaves it out of the page path", () => {
    const hidden = evaluateSurvey(definition, { ...guest, badge: "A1" }, today);
    expect(hidden.visibleQuestions).toEqual(["role", "last"]);
    expect(hidden.pagePath).toEqual(["p1", "p3"]);
    expect(hidden.answers).toEqual(guest);
    expect(hidden.errors).toEqual({});
    const shown = evaluateSurvey(definition, staff, today);
    expect(shown.visibleQuestions).toEqual(["role", "badge", "desk", "last"]);
    expect(shown.errors.badge?.[0]?.code).toBe("required");
  });

  it("validateSubmission rejects answers on a hidden page and does not require its questions", () => {
    expect(validateSubmission(definition, { ...guest, last: "好" }, today).ok).toBe(true);
    const tampered = validateSubmission(definition, { ...guest, badge: "A1" }, today);
    expect(tampered.errors.map((e) => [e.questionId, e.code])).toEqual([["badge", "hiddenQuestion"]]);
    expect(validateSubmission(definition, staff, today).errors.map((e) => e.code)).toEqual(["required"]);
  });

  it("reads computed values that depend on earlier pages", () => {
    const byScore = definitionSchema.parse({
      schemaVersion: 1,
      kind: "survey",
      title: "t",
      pages: [
        { id: "p1", questions: [{ id: "n", type: "number", title: "n", config: {} }] },
        {
          id: "p2",
          showIf: { kind: "computed", computedId: "double", op: "gt", value: 10 },
          questions: [text("x")],
        },
      ],
      computed: [{ id: "double", expression: "$n * 2" }],
    });
    expect(evaluateSurvey(byScore, { n: 6 }, today).visibleQuestions).toEqual(["n", "x"]);
    expect(evaluateSurvey(byScore, { n: 5 }, today).visibleQuestions).toEqual(["n"]);
  });

  it("a jump to a hidden page lands on the next shown page", () => {
    const jumping = survey([text("badge")], {
      p1: [text("skipme")],
    });
    const first = jumping.pages[0]?.questions[0];
    if (first) first.jumps = [{ target: { kind: "page", pageId: "p2" } }];
    const result = evaluateSurvey(jumping, { ...guest, skipme: "x" }, today);
    expect(result.visibleQuestions).toEqual(["role", "last"]);
    expect(result.pagePath).toEqual(["p1", "p3"]);
  });

  it("leaves a hidden page's questions out of the exam maximum", () => {
    const exam = survey([
      choice("q1", ["a", "b"], { scoring: { mode: "perOption" } }),
      text("q2", { scoring: { mode: "manual", points: 5 } }),
    ]);
    const q1 = exam.pages[1]?.questions[0];
    if (q1?.type === "single") q1.config.options = q1.config.options.map((o, i) => ({ ...o, score: i + 1 }));
    expect(scoreExam(exam, staff, today)).toMatchObject({ max: 7, total: 0 });
    expect(scoreExam(exam, { ...guest, q1: { optionId: "b" } }, today)).toMatchObject({ max: 0, total: 0 });
    expect(validateSubmission(exam, { ...staff, q1: { optionId: "b" } }, today).score).toMatchObject({
      total: 2,
      max: 7,
    });
  });

  it("the session follows page conditions incrementally", () => {
    const session = createSession(definition, today);
    const answers: Record<string, unknown> = {};
    const steps: [string, unknown][] = [
      ["badge", "A1"],
      ["role", { optionId: "staff" }],
      ["desk", "3F"],
      ["role", { optionId: "guest" }],
      ["role", undefined],
      ["role", { optionId: "staff" }],
    ];
    for (const [id, value] of steps) {
      session.setAnswer(id, value);
      if (value === undefined) delete answers[id];
      else answers[id] = value;
      expect(session.result()).toEqual(evaluateSurvey(definition, answers, today));
    }
    expect(session.result().answers).toEqual({ ...staff, badge: "A1", desk: "3F" });
  });
});
