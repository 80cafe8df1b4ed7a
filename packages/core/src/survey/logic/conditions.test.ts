import { describe, expect, it } from "vitest";
import type { Condition } from "../definition/condition.ts";
import { buildSurvey, multi, text, today } from "../testing/build.ts";
import { evaluateSurvey } from "./evaluate.ts";

/** Whether q9 (guarded by `condition`) is visible for the given answers. */
function shows(
  condition: Condition,
  answers: Record<string, unknown>,
  computed: { id: string; expression: string }[] = [],
): boolean {
  const definition = buildSurvey(
    [
      multi("m", ["a", "b", "c"]),
      { id: "n", type: "number", title: "n", config: { decimals: 2 } },
      { id: "d", type: "date", title: "d", config: {} },
      text("t"),
      { id: "q9", type: "paragraph", title: "target", config: {}, showIf: condition },
    ],
    { computed },
  );
  return evaluateSurvey(definition, answers, today).visibleQuestions.includes("q9");
}

const sel = (optionIds: string[], match: "any" | "all"): Condition => ({
  kind: "selected",
  questionId: "m",
  optionIds,
  match,
});
const unsel = (optionIds: string[], match: "any" | "all"): Condition => ({
  kind: "notSelected",
  questionId: "m",
  optionIds,
  match,
});
const cmp = (
  questionId: string,
  op: "eq" | "ne" | "gt" | "lt" | "ge" | "le" | "contains",
  value: number | string,
): Condition => ({
  kind: "compare",
  questionId,
  op,
  value,
});
const ab = { m: { optionIds: ["a", "b"] } };

describe("condition operators", () => {
  it("selected any / all", () => {
    expect(shows(sel(["a", "c"], "any"), ab)).toBe(true);
    expect(shows(sel(["a", "c"], "all"), ab)).toBe(false);
    expect(shows(sel(["a", "b"], "all"), ab)).toBe(true);
  });

  it("not selected any / all (unanswered counts as nothing selected)", () => {
    expect(shows(unsel(["a", "c"], "any"), ab)).toBe(true);
    expect(shows(unsel(["a", "b"], "any"), ab)).toBe(false);
    expect(shows(unsel(["c"], "all"), ab)).toBe(true);
    expect(shows(unsel(["a", "c"], "all"), ab)).toBe(false);
    expect(shows(unsel(["a"], "all"), {})).toBe(true);
  });

  it("equals, not equals, >, <, ≥, ≤ on numbers", () => {
    const n = { n: 5 };
    expect(shows(cmp("n", "eq", 5), n)).toBe(true);
    expect(shows(cmp("n", "ne", 5), n)).toBe(false);
    expect(shows(cmp("n", "gt", 4.5), n)).toBe(true);
    expect(shows(cmp("n", "lt", 5), n)).toBe(false);
    expect(shows(cmp("n", "ge", 5), n)).toBe(true);
    expect(shows(cmp("n", "le", 4), n)).toBe(false);
  });

  it("equals, not equals, >, <, ≥, ≤ on dates (ISO dates order as text)", () => {
    const d = { d: "2024-03-01" };
    const expectations: [Parameters<typeof cmp>[1], string, boolean][] = [
      ["eq", "2024-03-01", true],
      ["eq", "2024-03-02", false],
      ["ne", "2024-03-02", true],
      ["ne", "2024-03-01", false],
      ["gt", "2024-02-29", true],
      ["gt", "2024-03-01", false],
      ["lt", "2024-03-02", true],
      ["lt", "2024-03-01", false],
      ["ge", "2024-03-01", true],
      ["ge", "2024-03-02", false],
      ["le", "2024-03-01", true],
      ["le", "2024-02-29", false],
    ];
    for (const [op, value, expected] of expectations)
      expect(shows(cmp("d", op, value), d), `${op} ${value}`).toBe(expected);
  });

  it("compares a computed value with every operator", () => {
    const computed = [{ id: "total", expression: "$n * 2" }];
    const on = (op: Parameters<typeof cmp>[1], value: number | string) =>
      shows({ kind: "computed", computedId: "total", op, value }, { n: 5 }, computed);
    expect([on("eq", 10), on("ne", 10), on("gt", 9), on("lt", 10), on("ge", 10), on("le", 9)]).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(on("contains", "1")).toBe(true);
    expect(shows({ kind: "computed", computedId: "total", op: "ne", value: 0 }, {}, computed)).toBe(false);
  });

  it("compares dates and text", () => {
    const d = { d: "2024-03-01" };
    expect(shows(cmp("d", "gt", "2024-02-29"), d)).toBe(true);
    expect(shows(cmp("d", "le", "2024-02-29"), d)).toBe(false);
    expect(shows(cmp("t", "eq", "是"), { t: "是" })).toBe(true);
    expect(shows(cmp("t", "contains", "京"), { t: "北京市" })).toBe(true);
    expect(shows(cmp("m", "contains", "B"), ab)).toBe(true);
  });

  it("makes every comparison false on an unanswered question, ne included", () => {
    for (const op of ["eq", "ne", "gt", "lt", "ge", "le", "contains"] as const)
      expect(shows(cmp("n", op, 1), {})).toBe(false);
  });

  it("answered / not answered", () => {
    expect(shows({ kind: "answered", questionId: "t" }, { t: "x" })).toBe(true);
    expect(shows({ kind: "answered", questionId: "t" }, { t: "  " })).toBe(false);
    expect(shows({ kind: "notAnswered", questionId: "t" }, {})).toBe(true);
  });

  it("nests AND / OR / NOT groups", () => {
    const nested: Condition = {
      kind: "all",
      conditions: [
        sel(["a"], "any"),
        { kind: "any", conditions: [cmp("n", "gt", 10), { kind: "not", condition: sel(["b"], "any") }] },
      ],
    };
    expect(shows(nested, { m: { optionIds: ["a"] } })).toBe(true);
    expect(shows(nested, { ...ab })).toBe(false);
    expect(shows(nested, { ...ab, n: 11 })).toBe(true);
    expect(shows({ kind: "all", conditions: [] }, {})).toBe(true);
    expect(shows({ kind: "any", conditions: [] }, {})).toBe(false);
  });

  it("reads computed values and expressions", () => {
    const computed = [{ id: "total", expression: "$n * 2 + $m.count" }];
    expect(
      shows({ kind: "computed", computedId: "total", op: "eq", value: 12 }, { ...ab, n: 5 }, computed),
    ).toBe(true);
    expect(shows({ kind: "expression", expression: "$n > 3 AND CONTAINS($m, 'A')" }, { ...ab, n: 5 })).toBe(
      true,
    );
    expect(shows({ kind: "expression", expression: "syntax error (" }, {})).toBe(false);
  });
});
