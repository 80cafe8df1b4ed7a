import { describe, expect, it } from "vitest";
import type { Option } from "../definition/option.ts";
import { buildSurvey, choice, multi, today } from "../testing/build.ts";
import { checkDefinition } from "../validate/check-definition.ts";
import { scoreChoice } from "./choice-scoring.ts";
import { scoreExam } from "./exam.ts";
import { scoreText, textMatches } from "./text-scoring.ts";

const options: Option[] = [
  { id: "a", label: "A", correct: true, score: 2 },
  { id: "b", label: "B", correct: true, score: 1 },
  { id: "c", label: "C", score: -1 },
  { id: "d", label: "D", score: 0 },
];

describe("the five choice scoring modes", () => {
  it("唯一正确答案", () => {
    expect(scoreChoice(["a"], options, { mode: "single", points: 5 }, 1).score).toBe(5);
    expect(scoreChoice(["c"], options, { mode: "single", points: 5 }, 1).score).toBe(0);
  });

  it("全部答对才得分", () => {
    const rule = { mode: "allOrNothing", points: 4 } as const;
    expect(scoreChoice(["a", "b"], options, rule, 4).score).toBe(4);
    expect(scoreChoice(["a"], options, rule, 4).score).toBe(0);
    expect(scoreChoice(["a", "b", "c"], options, rule, 4).score).toBe(0);
  });

  it("答对几项得几分、答错不得分", () => {
    const rule = { mode: "partialNoWrong", points: 4, perOption: 1.5 } as const;
    expect(scoreChoice(["a"], options, rule, 4).score).toBe(1.5);
    expect(scoreChoice(["a", "b"], options, rule, 4).score).toBe(3);
    expect(scoreChoice(["a", "c"], options, rule, 4).score).toBe(0);
  });

  it("答对几项得几分 (wrong picks ignored, capped at the points)", () => {
    const rule = { mode: "partial", points: 2, perOption: 1.5 } as const;
    expect(scoreChoice(["a", "c"], options, rule, 4).score).toBe(1.5);
    expect(scoreChoice(["a", "b"], options, rule, 4)).toEqual({ score: 2, max: 2, manual: false });
  });

  it("每个选项单独计分, clamped into [0, max]", () => {
    const rule = { mode: "perOption" } as const;
    expect(scoreChoice(["a", "b"], options, rule, 4)).toEqual({ score: 3, max: 3, manual: false });
    expect(scoreChoice(["c"], options, rule, 4).score).toBe(0);
    expect(scoreChoice(["b"], options, rule, 1)).toEqual({ score: 1, max: 2, manual: false });
  });
});

describe("text scoring", () => {
  it("matches exactly or by substring, folding case, spaces and full-width forms", () => {
    const fold = { match: "exact", ignoreCase: true, ignoreSpaces: true } as const;
    expect(textMatches("ＨＴＭＬ 5", ["html5"], fold)).toBe(true);
    expect(textMatches("Html5", ["html5"], { ...fold, ignoreCase: false })).toBe(false);
    expect(textMatches("答案是长城", ["长城"], { ...fold, match: "contains" })).toBe(true);
    expect(textMatches("", [""], fold)).toBe(false);
  });

  it("marks essays for manual grading", () => {
    expect(scoreText("一篇作文", { mode: "manual", points: 20 })).toEqual({
      score: 0,
      max: 20,
      manual: true,
    });
  });
});

describe("exam totals", () => {
  const definition = buildSurvey(
    [
      choice("q1", ["a", "b"], { scoring: { mode: "single", points: 10 } }),
      multi("q2", ["a", "b", "c"], {
        scoring: { mode: "allOrNothing", points: 10 },
        showIf: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
      }),
      { id: "q3", type: "textarea", title: "论述", config: {}, scoring: { mode: "manual", points: 30 } },
    ],
    { kind: "exam", settings: { exam: { passMark: 10 } } },
  );
  const withCorrect: typeof definition = JSON.parse(JSON.stringify(definition));
  const first = withCorrect.pages[0]?.questions[0];
  const second = withCorrect.pages[0]?.questions[1];
  if (first?.type === "single") first.config.options[0] = { id: "a", label: "A", correct: true };
  if (second?.type === "multiple") second.config.options[2] = { id: "c", label: "C", correct: true };

  it("sums visible questions, counts manual ones as pending and applies the pass mark", () => {
    const result = scoreExam(
      withCorrect,
      { q1: { optionId: "a" }, q2: { optionIds: ["c"] }, q3: "……" },
      today,
    );
    expect(result).toMatchObject({ total: 20, max: 50, pendingManual: 1, passMark: 10, passed: true });
    expect(result.questions.map((q) => [q.questionId, q.score, q.correct])).toEqual([
      ["q1", 10, true],
      ["q2", 10, true],
      ["q3", 0, false],
    ]);
  });

  it("leaves hidden questions out of the maximum", () => {
    const result = scoreExam(withCorrect, { q1: { optionId: "b" } }, today);
    expect(result).toMatchObject({ total: 0, max: 40, passed: false });
  });
});

describe("matrix questions in exams", () => {
  it("are not scored: the checker reports a scoring rule on them and scoring ignores it", () => {
    const exam = buildSurvey(
      [
        {
          id: "m",
          type: "matrixSingle",
          title: "矩阵",
          config: {
            rows: [{ id: "r1", label: "行1" }],
            columns: [
              { id: "c1", label: "对", correct: true },
              { id: "c2", label: "错" },
            ],
          },
          scoring: { mode: "single", points: 5 },
        },
      ],
      { kind: "exam" },
    );
    expect(checkDefinition(exam).map((issue) => [issue.code, issue.path.join(".")])).toEqual([
      ["scoringUnsupported", "pages.0.questions.0.scoring.mode"],
    ]);
    expect(scoreExam(exam, { m: { r1: "c1" } }, today)).toMatchObject({ total: 0, max: 0, questions: [] });
  });
});
