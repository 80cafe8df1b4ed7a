/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDefinition } from "./definition/definition.ts";
import { questionSchema } from "./definition/question.ts";
import { evaluateSurvey } from "./logic/evaluate.ts";
import { moduleOf, questionTypes } from "./types/registry.ts";
import { checkDefinition } from "./validate/check-definition.ts";
import { validateSubmission } from "./validate/validate-submission.ts";

// The README is the format's documentation; these tests keep every example in it valid.
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const blocks = (tag: string) =>
  [...readme.matchAll(new RegExp(`\`\`\`json ${tag}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) =>
    JSON.parse(m[1] ?? ""),
  );
const context = { today: "2024-06-15" };

describe("README examples", () => {
  it("document every question type except the structural page break", () => {
    const documented = blocks("type-example").map((block) => block.question.type);
    const expected = questionTypes.map((type) => type.type).filter((type) => type !== "pageBreak");
    expect([...documented].sort()).toEqual([...expected].sort());
  });

  it.each(blocks("type-example").map((block) => [block.question.type, block] as const))(
    "%s: question and answer are valid",
    (_type, block) => {
      const question = questionSchema.parse(block.question);
      const module = moduleOf(question);
      if (block.answer === undefined) {
        expect(module.answerable).toBe(false);
        return;
      }
      const answer = module.answerSchema.parse(block.answer);
      const options = module.options?.(question.config) ?? [];
      expect(module.validate(question.config, answer, { today: context.today, options })).toEqual([]);
    },
  );

  it("the complete definition parses, checks clean and evaluates", () => {
    const [input] = blocks("definition-example");
    const parsed = parseDefinition(input);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(checkDefinition(parsed.definition)).toEqual([]);
    const answers = {
      name: "张三",
      role: { optionId: "staff" },
      q1: { optionId: "b" },
      q2: { optionIds: ["a"] },
    };
    const result = evaluateSurvey(parsed.definition, answers, context);
    expect(result.texts.role?.title).toBe("张三，您的身份是");
    expect(result.visibleQuestions).toEqual(["name", "role", "q1", "q2", "q3"]);
    expect(result.pagePath).toEqual(["p1", "p2"]);
    // With a respondent seed, p2's q1/q2 may trade places; q3 is fixed last, p1 is not shuffled.
    const seeds = ["r1", "r2", "r3", "r4", "r5", "r6"];
    const orders = seeds.map((seed) => evaluateSurvey(parsed.definition, answers, { ...context, seed }));
    for (const seeded of orders) {
      expect(seeded.visibleQuestions.slice(0, 2)).toEqual(["name", "role"]);
      expect([...seeded.visibleQuestions.slice(2, 4)].sort()).toEqual(["q1", "q2"]);
      expect(seeded.visibleQuestions[4]).toBe("q3");
    }
    expect(new Set(orders.map((seeded) => seeded.visibleQuestions.join())).size).toBe(2);
    const wrong = evaluateSurvey(parsed.definition, { ...answers, q1: { optionId: "a" } }, context);
    expect(wrong.visibleQuestions).toEqual(["name", "role", "q1", "q2", "review"]);
    expect(wrong.pagePath).toEqual(["p1", "p2", "p3"]);
    const submitted = validateSubmission(parsed.definition, answers, context);
    expect(submitted).toMatchObject({
      ok: true,
      quotaKeys: ["quota:staff"],
      score: { total: 6, max: 10, passed: true, pendingManual: 1 },
    });
    const visitor = evaluateSurvey(
      parsed.definition,
      { name: "李四", role: { optionId: "visitor" } },
      context,
    );
    expect(visitor.end).toEqual({ kind: "screenOut", questionId: "role" });
    expect(visitor.pagePath).toEqual(["p1"]);
  });
});
