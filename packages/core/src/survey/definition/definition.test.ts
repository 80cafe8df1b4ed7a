import { describe, expect, it } from "vitest";
import { explanationsOf, parseDefinition, SURVEY_SCHEMA_VERSION, withoutExplanations } from "./definition.ts";
import { questionnaireKindNames, questionnaireKinds } from "./kinds.ts";

const minimal = (extra: object = {}) => ({
  schemaVersion: SURVEY_SCHEMA_VERSION,
  kind: "survey",
  title: "问卷",
  pages: [{ id: "p1", questions: [] }],
  ...extra,
});

describe("definition schema", () => {
  it("accepts the six questionnaire kinds, each with its Chinese name, and nothing else", () => {
    expect(Object.values(questionnaireKindNames)).toEqual([
      "问卷调查",
      "在线考试",
      "收集表单",
      "投票",
      "满意度调查",
      "知识竞赛",
    ]);
    for (const kind of questionnaireKinds) expect(parseDefinition(minimal({ kind })).ok, kind).toBe(true);
    expect(parseDefinition(minimal({ kind: "quiz" })).ok).toBe(false);
  });

  it("fills engine settings with defaults and keeps 题目随机 and page conditions", () => {
    const parsed = parseDefinition(
      minimal({
        settings: { randomizeQuestions: { pageIds: ["p1"] } },
        pages: [{ id: "p1", showIf: { kind: "answered", questionId: "q0" }, questions: [] }],
      }),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.definition.settings).toEqual({
      numbering: "dynamic",
      allowBack: true,
      randomizeQuestions: { pageIds: ["p1"], fixedIds: [] },
    });
    expect(parsed.definition.pages[0]?.showIf).toEqual({ kind: "answered", questionId: "q0" });
    expect(parsed.definition).toMatchObject({ computed: [], quotas: [] });
  });

  it("refuses other schema versions, bad ids and malformed conditions, with paths", () => {
    expect(parseDefinition(minimal({ schemaVersion: 2 })).ok).toBe(false);
    const badPage = parseDefinition(minimal({ pages: [{ id: "p 1", questions: [] }] }));
    expect(badPage.ok ? [] : badPage.issues.map((issue) => issue.path)).toEqual([["pages", 0, "id"]]);
    const badCondition = parseDefinition(
      minimal({ pages: [{ id: "p1", showIf: { kind: "selected", questionId: "q" }, questions: [] }] }),
    );
    expect(badCondition.ok).toBe(false);
    if (!badCondition.ok) expect(badCondition.issues[0]?.message).toMatch(/^题目设置有误/);
  });
});

describe("答案解析 (explanation)", () => {
  const exam = (explanation: unknown) =>
    minimal({
      kind: "exam",
      pages: [
        {
          id: "p1",
          questions: [
            {
              id: "q1",
              type: "single",
              title: "灭火器的压力表指针应指向哪个区域？",
              config: {
                options: [
                  { id: "a", label: "红区", correct: false },
                  { id: "b", label: "绿区", correct: true },
                ],
              },
              scoring: { mode: "single", points: 2 },
              explanation,
            },
            { id: "q2", type: "text", title: "姓名", config: {} },
          ],
        },
      ],
    });

  it("is an optional plain-text field of every question, up to 5000 characters", () => {
    const parsed = parseDefinition(exam("绿区表示压力正常。\n红区表示压力不足。"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.definition.pages[0]?.questions[0]?.explanation).toBe(
      "绿区表示压力正常。\n红区表示压力不足。",
    );
    expect(parsed.definition.pages[0]?.questions[1]).not.toHaveProperty("explanation");
    expect(parseDefinition(exam("解".repeat(5000))).ok).toBe(true);
    const long = parseDefinition(exam("解".repeat(5001)));
    expect(long.ok ? [] : long.issues.map((issue) => issue.path)).toEqual([
      ["pages", 0, "questions", 0, "explanation"],
    ]);
    expect(parseDefinition(exam(42)).ok).toBe(false);
  });

  it("is listed by question for the result and stripped for respondents", () => {
    const parsed = parseDefinition(exam("绿区表示压力正常。"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(explanationsOf(parsed.definition)).toEqual({ q1: "绿区表示压力正常。" });
    const stripped = withoutExplanations(parsed.definition);
    expect(JSON.stringify(stripped)).not.toContain("绿区表示压力正常");
    expect(explanationsOf(stripped)).toEqual({});
    // Everything else is kept, the answer key included (that one is the server's to strip, by kind).
    expect(stripped.pages[0]?.questions[0]).toMatchObject({ scoring: { mode: "single" } });
    const blank = parseDefinition(exam("  "));
    expect(blank.ok && explanationsOf(blank.definition)).toEqual({});
  });
});
