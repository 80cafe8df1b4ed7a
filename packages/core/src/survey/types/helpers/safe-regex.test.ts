import { describe, expect, it } from "vitest";
import { patternRuleSchema } from "../../definition/validation-rules.ts";
import { isSafePattern } from "./safe-regex.ts";
import { checkPatterns, compilePattern } from "./text-rules.ts";

describe("safe-regex heuristic", () => {
  it.each([
    "^(a+)+$",
    "(a*)*",
    "(a|aa)+",
    "^(\\d+)*$",
    "(\\w+\\s?)+$",
    "(a+){10}",
    "(?:a?){2,}",
    "^(([a-z])+.)+[A-Z]([a-z])+$",
    "((ab|cd)e)*",
    "(a)\\1",
    "(?<x>a)\\k<x>",
  ])("refuses %s", (pattern) => {
    expect(isSafePattern(pattern)).toBe(false);
  });

  it.each([
    "^\\d{6}$",
    "^[A-Z][a-z]+$",
    "^(010|021)-\\d{8}$",
    "^(?:[a-z]{2})+$",
    "^(\\d{3}-)+\\d{4}$",
    "^[^()+*]+$",
    "\\(\\d+\\)+",
    "^[\\u4e00-\\u9fa5]{2,10}$",
    "^(https?|ftp)://\\S+$",
    "^a{2,5}b?$",
  ])("accepts %s", (pattern) => {
    expect(isSafePattern(pattern)).toBe(true);
  });

  it("the engine never runs an unsafe rule, even from a definition that skipped the check", () => {
    const rule = patternRuleSchema.parse({ pattern: "^(a+)+$", message: "格式不对" });
    expect(compilePattern(rule)).toBeNull();
    // 40 a's and a mismatch: exponential backtracking would hang this test if the rule were run.
    expect(checkPatterns(`${"a".repeat(40)}!`, [rule])).toEqual([]);
    const safe = patternRuleSchema.parse({ pattern: "^a+$", message: "只能输入a" });
    expect(checkPatterns(`${"a".repeat(40)}!`, [safe]).map((issue) => issue.message)).toEqual(["只能输入a"]);
  });

  it("keeps the length caps on patterns", () => {
    expect(patternRuleSchema.safeParse({ pattern: "a".repeat(501), message: "x" }).success).toBe(false);
    expect(patternRuleSchema.safeParse({ pattern: "a".repeat(500), message: "x" }).success).toBe(true);
  });
});
