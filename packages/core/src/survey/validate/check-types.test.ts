import { describe, expect, it } from "vitest";
import type { Condition } from "../definition/condition.ts";
import { definitionSchema } from "../definition/definition.ts";
import { buildSurvey, choice, multi, text } from "../testing/build.ts";
import { checkDefinition } from "./check-definition.ts";

const found = (issues: { code: string; path: readonly (string | number)[] }[]) =>
  issues.map((i) => [i.code, i.path.join(".")]);

/** Issues of a paragraph whose show condition is `condition`, after one question of each value type. */
function check(condition: Condition) {
  const definition = buildSurvey(
    [
      text("t"),
      text("age", { config: { format: "integer" } }),
      text("when", { config: { format: "date" } }),
      { id: "d", type: "date", title: "d", config: {} },
      { id: "clock", type: "time", title: "clock", config: {} },
      { id: "n", type: "number", title: "n", config: {} },
      multi("m", ["a", "b"]),
      choice("s", ["a", "b"]),
      {
        id: "blanks",
        type: "multiBlank",
        title: "b",
        config: { blanks: [{ id: "name" }, { id: "years", format: "integer" }] },
      },
      { id: "range", type: "dateRange", title: "r", config: {} },
      { id: "note", type: "paragraph", title: "说明", config: {} },
      { id: "target", type: "paragraph", title: "目标", config: {}, showIf: condition },
    ],
    { computed: [{ id: "total", expression: "$n + 1" }] },
  );
  return found(checkDefinition(definition));
}

const cmp = (questionId: string, op: string, value: number | string, key?: string): Condition =>
  ({ kind: "compare", questionId, op, value, ...(key ? { key } : {}) }) as Condition;
const at = (suffix: string) => `pages.0.questions.11.showIf.${suffix}`;

describe("checkDefinition: comparisons match the value's type", () => {
  it("accepts ordering on numbers, numeric formats, dates, times and their parts", () => {
    const accepted: Condition[] = [
      cmp("n", "gt", 3),
      cmp("age", "ge", "18"),
      cmp("when", "lt", "2024-01-01"),
      cmp("d", "le", "2024-01-01"),
      cmp("clock", "gt", "09:30"),
      cmp("m", "ge", 2, "count"),
      cmp("s", "gt", 1, "score"),
      cmp("blanks", "gt", 3, "years"),
      cmp("range", "ge", "2024-06-01", "start"),
      cmp("range", "gt", 3),
      cmp("t", "contains", "京"),
      cmp("m", "contains", "A"),
      cmp("t", "eq", "是"),
      { kind: "computed", computedId: "total", op: "gt", value: 3 },
    ];
    for (const condition of accepted) expect(check(condition), JSON.stringify(condition)).toEqual([]);
  });

  it("refuses ordering on text, lists and choices", () => {
    expect(check(cmp("t", "gt", 3))).toEqual([["notOrdered", at("op")]]);
    expect(check(cmp("m", "lt", 3))).toEqual([["notOrdered", at("op")]]);
    expect(check(cmp("s", "ge", "A"))).toEqual([["notOrdered", at("op")]]);
    expect(check(cmp("blanks", "gt", "x", "name"))).toEqual([["notOrdered", at("op")]]);
  });

  it("requires a value of the question's type: numbers, ISO dates, HH:mm times", () => {
    expect(check(cmp("n", "gt", "abc"))).toEqual([["compareValue", at("value")]]);
    expect(check(cmp("d", "gt", 20240101))).toEqual([["compareValue", at("value")]]);
    expect(check(cmp("d", "eq", "2024/01/01"))).toEqual([["compareValue", at("value")]]);
    expect(check(cmp("clock", "lt", "9点"))).toEqual([["compareValue", at("value")]]);
    expect(check({ kind: "computed", computedId: "total", op: "eq", value: "多" })).toEqual([
      ["compareValue", at("value")],
    ]);
  });

  it("refuses equality on lists, 包含 on numbers and dates, and comparisons on layout items", () => {
    expect(check(cmp("m", "eq", "A"))).toEqual([["listEquality", at("op")]]);
    expect(check(cmp("n", "contains", "1"))).toEqual([["notText", at("op")]]);
    expect(check(cmp("d", "contains", "2024"))).toEqual([["notText", at("op")]]);
    expect(check(cmp("note", "eq", "x"))).toEqual([["notAnswerable", at("questionId")]]);
    expect(check({ kind: "answered", questionId: "note" })).toEqual([["notAnswerable", at("questionId")]]);
  });

  it("reports keys a question does not have, in conditions and expressions", () => {
    expect(check(cmp("blanks", "eq", "x", "nope"))).toEqual([["unknownKey", at("key")]]);
    expect(check(cmp("s", "eq", "x", "count"))).toEqual([["unknownKey", at("key")]]);
    expect(check(cmp("n", "gt", 1, "score"))).toEqual([["unknownKey", at("key")]]);
    expect(check({ kind: "expression", expression: "$range.middle = 1" })).toEqual([
      ["unknownKey", at("expression")],
    ]);
  });

  it("selected needs a choice-like question and its own option (or cascader node) ids", () => {
    expect(check({ kind: "selected", questionId: "t", optionIds: ["a"], match: "any" })).toEqual([
      ["notChoiceQuestion", "pages.0.questions.11.showIf"],
    ]);
    expect(check({ kind: "notSelected", questionId: "s", optionIds: ["a", "zz"], match: "all" })).toEqual([
      ["missingOption", at("optionIds.1")],
    ]);
    const cascade = buildSurvey([
      {
        id: "c",
        type: "cascader",
        title: "c",
        config: {
          levels: ["省", "市"],
          nodes: [{ id: "zj", label: "浙江", children: [{ id: "hz", label: "杭州" }] }],
        },
      },
      text("x", { showIf: { kind: "selected", questionId: "c", optionIds: ["hz", "nb"], match: "any" } }),
    ]);
    expect(found(checkDefinition(cascade))).toEqual([
      ["missingOption", "pages.0.questions.1.showIf.optionIds.1"],
    ]);
  });
});

describe("checkDefinition: page conditions, 题目随机 and regex safety", () => {
  it("page conditions may read earlier pages only", () => {
    const definition = definitionSchema.parse({
      schemaVersion: 1,
      kind: "survey",
      title: "t",
      pages: [
        { id: "p1", questions: [choice("a", ["y", "n"])] },
        {
          id: "p2",
          showIf: {
            kind: "all",
            conditions: [
              { kind: "selected", questionId: "a", optionIds: ["y"], match: "any" },
              { kind: "answered", questionId: "b" },
            ],
          },
          questions: [text("b")],
        },
      ],
    });
    expect(found(checkDefinition(definition))).toEqual([
      ["pageLaterReference", "pages.1.showIf.conditions.1.questionId"],
    ]);
  });

  it("refuses jumps from or to items that 题目随机 moves, and unknown ids in the setting", () => {
    const jumpTo = (questionId: string) => ({
      jumps: [{ target: { kind: "question" as const, questionId } }],
    });
    const definition = buildSurvey(
      [choice("a", ["x"], jumpTo("d")), text("b", jumpTo("e")), text("c"), text("d"), text("e")],
      {
        settings: { randomizeQuestions: { fixedIds: ["a", "e", "ghost"], pageIds: ["p1", "p9"] } },
      },
    );
    expect(found(checkDefinition(definition))).toEqual([
      ["missingPage", "settings.randomizeQuestions.pageIds.1"],
      ["missingQuestion", "settings.randomizeQuestions.fixedIds.2"],
      ["randomJumpTarget", "pages.0.questions.0.jumps.0.target"],
      ["randomJumpSource", "pages.0.questions.1.jumps.0"],
    ]);
  });

  it("refuses regex rules that can backtrack catastrophically, blanks included", () => {
    const definition = buildSurvey([
      text("a", {
        config: {
          patterns: [
            { pattern: "^(a+)+$", message: "x" },
            { pattern: "^\\d{6}$", message: "y" },
          ],
        },
      }),
      {
        id: "b",
        type: "multiBlank",
        title: "b",
        config: { blanks: [{ id: "x", patterns: [{ pattern: "(\\w+\\s?)+$", message: "z" }] }] },
      },
    ]);
    expect(found(checkDefinition(definition))).toEqual([
      ["unsafeRegex", "pages.0.questions.0.config.patterns.0.pattern"],
      ["unsafeRegex", "pages.0.questions.1.config.blanks.0.patterns.0.pattern"],
    ]);
  });
});
