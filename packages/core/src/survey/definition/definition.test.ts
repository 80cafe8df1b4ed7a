import { describe, expect, it } from "vitest";
import { parseDefinition, SURVEY_SCHEMA_VERSION } from "./definition.ts";
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
