import { describe, expect, it } from "vitest";
import { columnWidth, estimateTextWidth, fitColumnWidth } from "./column-width.ts";

describe("columnWidth", () => {
  it("adds 10 and 40 to the text width", () => {
    expect(columnWidth(100)).toBe(150);
    expect(columnWidth(100.2)).toBe(151);
  });

  it("is at least 80", () => {
    expect(columnWidth(0)).toBe(80);
    expect(columnWidth(29)).toBe(80);
    expect(columnWidth(31)).toBe(81);
    expect(columnWidth(-5)).toBe(80);
  });

  it("is capped at 255", () => {
    expect(columnWidth(205)).toBe(255);
    expect(columnWidth(206)).toBe(255);
    expect(columnWidth(1000)).toBe(255);
  });
});

describe("fitColumnWidth", () => {
  it("fits the widest text", () => {
    expect(fitColumnWidth(["ab", "abcdef", "a"], (t) => t.length * 10)).toBe(110);
    expect(fitColumnWidth([], (t) => t.length)).toBe(80);
  });
});

describe("estimateTextWidth", () => {
  it("counts CJK glyphs as one em and others as 0.6 em", () => {
    expect(estimateTextWidth("手机号")).toBe(42);
    expect(estimateTextWidth("ab", 10)).toBe(12);
  });
});
