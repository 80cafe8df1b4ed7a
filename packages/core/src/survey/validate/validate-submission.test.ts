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

describe("validateSubmission: soft rules, relative dates and 不允许重复", () => {
  const form = buildSurvey([
    text("mobile", { config: { format: "mobile", unique: true } }),
    { id: "sid", type: "personal", title: "学号", config: { preset: "studentId", unique: true } },
    { id: "mail", type: "personal", title: "邮箱", config: { preset: "email", unique: true } },
    text("nick", { config: { length: { max: 4, level: "warning" } } }),
    text("free"),
    {
      id: "visit",
      type: "date",
      title: "预约日期",
      config: { range: { min: { kind: "relative", days: 1 }, max: { kind: "relative", days: 7 } } },
    },
  ]);

  it("passes soft (warning) rules through as warnings without blocking; hard rules block", () => {
    const soft = validateSubmission(form, { nick: "很长的昵称呀" }, today);
    expect(soft.ok).toBe(true);
    expect(soft.warnings.map((w) => [w.questionId, w.code, w.level])).toEqual([
      ["nick", "maxLength", "warning"],
    ]);
    expect(validateSubmission(form, { mobile: "123" }, today).ok).toBe(false);
  });

  it("checks dates against the caller's today", () => {
    expect(validateSubmission(form, { visit: "2024-06-16" }, today).ok).toBe(true);
    expect(codes(validateSubmission(form, { visit: "2024-06-15" }, today))).toEqual([
      ["visit", "dateBefore"],
    ]);
    expect(codes(validateSubmission(form, { visit: "2024-06-16" }, { today: "2024-06-16" }))).toEqual([
      ["visit", "dateBefore"],
    ]);
    expect(codes(validateSubmission(form, { visit: "2024-06-23" }, today))).toEqual([["visit", "dateAfter"]]);
  });

  it("hands the server the normalised values of unique questions, and only those", () => {
    const result = validateSubmission(
      form,
      { mobile: " 13812345678 ", sid: "2024-001", mail: "Zhang@Example.cn", free: "随便" },
      today,
    );
    expect(result.ok).toBe(true);
    expect(result.unique).toEqual([
      { questionId: "mobile", value: "13812345678" },
      { questionId: "sid", value: "2024-001" },
      { questionId: "mail", value: "ZHANG@EXAMPLE.CN" },
    ]);
    expect(validateSubmission(form, {}, today).unique).toEqual([]);
  });
});
