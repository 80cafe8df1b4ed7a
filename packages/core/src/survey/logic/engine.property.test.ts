import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreExam } from "../scoring/exam.ts";
import { answerArb, definitionArb, scenarioArb } from "../testing/arbitraries.ts";
import { checkDefinition } from "../validate/check-definition.ts";
import { validateSubmission } from "../validate/validate-submission.ts";
import { evaluateSurvey } from "./evaluate.ts";
import { createSession } from "./session.ts";

const context = { today: "2024-06-15", seed: "respondent-1" };
const runs = { numRuns: 300 };
const withScenario = definitionArb.chain((definition) =>
  fc.tuple(fc.constant(definition), scenarioArb(definition)),
);

function play(ops: { questionId: string; value: unknown }[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const { questionId, value } of ops) {
    if (value === undefined) delete answers[questionId];
    else answers[questionId] = value;
  }
  return answers;
}

describe("engine properties over random definitions and answers", () => {
  it("generated definitions are valid, and the engine never throws on them", () => {
    fc.assert(
      fc.property(withScenario, ([definition, ops]) => {
        expect(checkDefinition(definition)).toEqual([]);
        const answers = play(ops);
        evaluateSurvey(definition, answers, context);
        validateSubmission(definition, answers, context);
        scoreExam(definition, answers, context);
      }),
      runs,
    );
  });

  it("validateSubmission keeps the answers, options, end, computed values and quota keys of the whole evaluation", () => {
    fc.assert(
      fc.property(withScenario, ([definition, ops]) => {
        const answers = play(ops);
        const whole = evaluateSurvey(definition, answers, context);
        const submitted = validateSubmission(definition, answers, context);
        expect(submitted.answers).toEqual(whole.answers);
        expect(submitted.options).toEqual(whole.options);
        expect(submitted.end).toEqual(whole.end);
        expect(submitted.computed).toEqual(whole.computed);
        expect(submitted.quotaKeys).toEqual(whole.quotaKeys);
      }),
      runs,
    );
  });

  it("incremental evaluation equals whole evaluation after every step", () => {
    fc.assert(
      fc.property(withScenario, ([definition, ops]) => {
        const session = createSession(definition, context);
        const answers: Record<string, unknown> = {};
        for (const op of ops) {
          session.setAnswer(op.questionId, op.value);
          if (op.value === undefined) delete answers[op.questionId];
          else answers[op.questionId] = op.value;
          expect(session.result()).toEqual(evaluateSurvey(definition, answers, context));
        }
      }),
      runs,
    );
  });

  it("whatever the session accepts, validateSubmission accepts with the same answers", () => {
    fc.assert(
      fc.property(withScenario, ([definition, ops]) => {
        const session = createSession(definition, context, play(ops));
        const result = session.result();
        const submitted = validateSubmission(definition, result.answers, context);
        // Normalised answers never carry hidden or tampered items, so only real answer errors can remain.
        expect(
          submitted.errors.filter((e) => e.code === "hiddenQuestion" || e.code === "hiddenOption"),
        ).toEqual([]);
        if (result.valid) {
          expect(submitted.ok).toBe(true);
          expect(submitted.answers).toEqual(result.answers);
          expect(submitted.quotaKeys).toEqual(result.quotaKeys);
        }
      }),
      runs,
    );
  });

  it("answers to hidden questions and hidden options are rejected", () => {
    fc.assert(
      fc.property(withScenario, ([definition, ops]) => {
        const result = evaluateSurvey(definition, play(ops), context);
        const questions = definition.pages
          .flatMap((page) => page.questions)
          .filter((q) => q.type !== "paragraph");
        for (const question of questions) {
          if (!result.visibleQuestions.includes(question.id)) {
            const tampered = validateSubmission(
              definition,
              { ...result.answers, [question.id]: "x" },
              context,
            );
            expect(tampered.errors).toContainEqual(
              expect.objectContaining({ questionId: question.id, code: "hiddenQuestion" }),
            );
          } else if (question.type === "single" || question.type === "multiple") {
            const offered = new Set(result.options[question.id]?.map((o) => o.id));
            const hidden = [...question.config.options.map((o) => o.id), "made-up"].find(
              (id) => !offered.has(id),
            );
            if (!hidden) continue;
            const answer = question.type === "single" ? { optionId: hidden } : { optionIds: [hidden] };
            const tampered = validateSubmission(
              definition,
              { ...result.answers, [question.id]: answer },
              context,
            );
            expect(tampered.errors).toContainEqual(
              expect.objectContaining({ questionId: question.id, code: "hiddenOption" }),
            );
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("scores stay within [0, max] overall and per question", () => {
    fc.assert(
      fc.property(withScenario, ([definition, ops]) => {
        const exam = scoreExam(definition, play(ops), context);
        expect(exam.total).toBeGreaterThanOrEqual(0);
        expect(exam.total).toBeLessThanOrEqual(exam.max);
        for (const question of exam.questions) {
          expect(question.score).toBeGreaterThanOrEqual(0);
          expect(question.score).toBeLessThanOrEqual(question.max);
        }
      }),
      runs,
    );
  });

  it("answer generators cover the shapes the engine accepts", () => {
    fc.assert(
      fc.property(answerArb("single", 2), (answer) => {
        expect(
          answer === undefined ||
            typeof answer === "object" ||
            typeof answer === "string" ||
            typeof answer === "number",
        ).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
