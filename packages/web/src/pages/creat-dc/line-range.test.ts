import { describe, expect, it } from "vitest";
import { countQuestions, lineRange } from "./line-range.ts";

describe("lineRange", () => {
  const text = "标题\n1. 性别\nA. 男";

  it("finds each line", () => {
    expect(lineRange(text, 1)).toEqual([0, 2]);
    expect(text.slice(...(lineRange(text, 2) ?? [0, 0]))).toBe("1. 性别");
    expect(text.slice(...(lineRange(text, 3) ?? [0, 0]))).toBe("A. 男");
  });

  it("answers null for line 0 and lines past the end", () => {
    expect(lineRange(text, 0)).toBeNull();
    expect(lineRange(text, 4)).toBeNull();
  });
});

describe("countQuestions", () => {
  it("counts answerable questions only", () => {
    const pages = [
      { questions: [{ type: "paragraph" }, { type: "single" }] },
      { questions: [{ type: "text" }] },
    ];
    expect(countQuestions(pages)).toBe(2);
  });
});
