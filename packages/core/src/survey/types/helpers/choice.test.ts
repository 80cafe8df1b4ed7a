import { describe, expect, it } from "vitest";
import { validateChoices } from "./choice.ts";

const options = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `o${i}`, label: `选项${i}` }));
const codes = (issues: ReturnType<typeof validateChoices>) => issues.map((issue) => [issue.code, issue.path]);

describe("validateChoices", () => {
  it("accepts offered, distinct ids, few or many", () => {
    expect(validateChoices(["o1", "o3"], {}, options(5))).toEqual([]);
    const many = Array.from({ length: 40 }, (_, i) => `o${i}`);
    expect(validateChoices(many, {}, options(100))).toEqual([]);
  });

  it("refuses a repeated id and names each id that is not offered, on short and long lists alike", () => {
    expect(codes(validateChoices(["o1", "o1", "o9"], {}, options(5)))).toEqual([
      ["invalidAnswer", []],
      ["hiddenOption", ["o9"]],
    ]);
    const long = [...Array.from({ length: 30 }, (_, i) => `o${i}`), "o2", "不存在"];
    expect(codes(validateChoices(long, {}, options(80)))).toEqual([
      ["invalidAnswer", []],
      ["hiddenOption", ["不存在"]],
    ]);
  });

  it("asks for a required 其他 text and keeps an exclusive option alone", () => {
    const offered = [
      { id: "a", label: "甲" },
      { id: "none", label: "以上都不是", exclusive: true },
      { id: "other", label: "其他", other: { textRequired: true } },
    ];
    expect(codes(validateChoices(["other"], { other: " " }, offered))).toEqual([
      ["otherTextRequired", ["other"]],
    ]);
    expect(codes(validateChoices(["a", "none"], {}, offered))).toEqual([["exclusiveOption", ["none"]]]);
  });
});
