import type { Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { single, text } from "../testing/fixtures.ts";
import {
  choicesOf,
  defaultLeaf,
  fromGroup,
  isComplete,
  keysOf,
  pickedOptions,
  toGroup,
  valueTypeOf,
} from "./condition-model.ts";

const matrix: Question = {
  id: "m",
  type: "matrixScale",
  title: "打分",
  required: true,
  config: {
    rows: [{ id: "env", label: "环境" }],
    rowsRequired: true,
    scale: { points: 5, start: 1, minLabel: "差", maxLabel: "好" },
  },
};

describe("condition builder model", () => {
  it("offers options for choices and none for text", () => {
    expect(choicesOf(single("q1", "a", ["男", "女"]))).toEqual([
      { id: "o1", label: "男" },
      { id: "o2", label: "女" },
    ]);
    expect(choicesOf(text("t", "b"))).toBeNull();
  });

  it("starts a choice leaf at its first option, anything else at answered", () => {
    expect(defaultLeaf(single("q1", "a"))).toEqual({
      kind: "selected",
      questionId: "q1",
      optionIds: ["o1"],
      match: "any",
    });
    expect(defaultLeaf(text("t", "b"))).toEqual({ kind: "answered", questionId: "t" });
  });

  it("lets the first pick in a new condition replace the option that stood in, not join it", () => {
    const fresh = defaultLeaf(single("q1", "a"));
    expect(pickedOptions(fresh, ["o1", "o2"])).toEqual(["o2"]);
    // Once the creator has chosen, or on a condition saved before, picks add up as the list shows them.
    const chosen = { ...fresh };
    expect(pickedOptions(chosen, ["o1", "o2"])).toEqual(["o1", "o2"]);
    expect(pickedOptions(fresh, [])).toEqual([]);
  });

  it("lists the keys core accepts on a question with their value types", () => {
    expect(keysOf(matrix)).toEqual([{ key: "env", label: "环境", type: "number" }]);
    expect(keysOf(single("q1", "a")).map((k) => k.key)).toEqual(["score", "id"]);
    expect(valueTypeOf(text("t", "b", "integer"))).toBe("number");
  });

  it("stores a group of one as its only condition and an empty group as none", () => {
    const leaf = defaultLeaf(single("q1", "a"));
    expect(fromGroup(toGroup(leaf))).toEqual(leaf);
    expect(fromGroup(toGroup(undefined))).toBeUndefined();
  });

  it("treats leaves without options or values as incomplete", () => {
    expect(isComplete({ kind: "selected", questionId: "q1", optionIds: [], match: "any" })).toBe(false);
    expect(isComplete({ kind: "compare", questionId: "q1", op: "eq", value: "" })).toBe(false);
    expect(isComplete({ kind: "all", conditions: [] })).toBe(false);
    expect(isComplete({ kind: "not", condition: { kind: "answered", questionId: "q1" } })).toBe(true);
  });
});
