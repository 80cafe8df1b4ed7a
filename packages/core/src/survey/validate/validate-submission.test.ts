import { describe, expect, it } from "vitest";
import { buildSurvey, choice, multi, text, today } from "../testing/build.ts";
import { validateSubmission } from "./validate-submission.ts";

const definition = buildSurvey(
  [
    choice("q1", ["a", "b"], { required: true }),
    {
      id: "q2",
      type: "multiple",
      title: "q2",
      required: true,
      config: {
        options: [
          { id: "x", label: "X", quota: 10 },
          {
            id: "y",
            label: "Y",
            showIf: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
          },
        ],
      },
    },
    text("q3", {
      showIf: { kind: "selected", questionId: "q1", optionIds: ["b"], match: "any" },
      config: { format: "email" },
    }),
    { id: "note", type: "paragraph", title: "说明", config: {} },
  ],
  { kind: "exam" },
);
const codes = (result: ReturnType<typeof validateSubmission>) =>
  result.errors.map((e) => [e.questionId, e.code]);

describe("validateSubmission", () => {
  it("accepts a complete, consistent submission and returns normalised answers and quota keys", () => {
    const result = validateSubmission(
      definition,
      { q1: { optionId: "a" }, q2: { optionIds: ["x", "y"] } },
      today,
    );
    expect(result.ok).toBe(true);
    expect(result.answers).toEqual({ q1: { optionId: "a" }, q2: { optionIds: ["x", "y"] } });
    expect(result.quotaKeys).toEqual(["option:q2:x"]);
    expect(result.score).toBeNull();
  });

  it("rejects answers to hidden questions and hidden or made-up options", () => {
    expect(
      codes(
        validateSubmission(
          definition,
          { q1: { optionId: "a" }, q2: { optionIds: ["x"] }, q3: "a@b.cn" },
          today,
        ),
      ),
    ).toEqual([["q3", "hiddenQuestion"]]);
    expect(
      codes(
        validateSubmission(
          definition,
          { q1: { optionId: "b" }, q2: { optionIds: ["x", "y"] }, q3: "a@b.cn" },
          today,
        ),
      ),
    ).toEqual([["q2", "hiddenOption"]]);
    expect(
      codes(validateSubmission(definition, { q1: { optionId: "evil" }, q2: { optionIds: ["x"] } }, today)),
    ).toEqual([
      ["q1", "hiddenOption"],
      ["q1", "required"],
    ]);
  });

  it("rejects missing required answers, bad formats, malformed values and unknown keys", () => {
    expect(codes(validateSubmission(definition, {}, today))).toEqual([
      ["q1", "required"],
      ["q2", "required"],
    ]);
    expect(
      codes(
        validateSubmission(
          definition,
          { q1: { optionId: "b" }, q2: { optionIds: ["x"] }, q3: "not-mail" },
          today,
        ),
      ),
    ).toEqual([["q3", "format"]]);
    expect(codes(validateSubmission(definition, { q1: "b", q2: { optionIds: ["x"] } }, today))).toEqual([
      ["q1", "invalidAnswer"],
    ]);
    expect(
      codes(
        validateSubmission(
          definition,
          { q1: { optionId: "a" }, q2: { optionIds: ["x"] }, zz: 1, note: "x" },
          today,
        ),
      ),
    ).toEqual([
      [null, "unknownQuestion"],
      [null, "unknownQuestion"],
    ]);
  });

  it("scores when questions carry scoring rules", () => {
    const exam = buildSurvey([multi("q1", ["a", "b"], { scoring: { mode: "perOption" } })]);
    const q1 = exam.pages[0]?.questions[0];
    if (q1?.type === "multiple")
      q1.config.options = q1.config.options.map((option, i) => ({ ...option, score: i + 1 }));
    expect(validateSubmission(exam, { q1: { optionIds: ["a", "b"] } }, today).score).toMatchObject({
      total: 3,
      max: 3,
    });
  });
});
