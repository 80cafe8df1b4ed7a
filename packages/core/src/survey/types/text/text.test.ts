import { describe, expect, it } from "vitest";
import type { ScoringRule } from "../../definition/scoring-rule.ts";
import { dateType } from "./date.ts";
import { dateRangeType } from "./date-range.ts";
import { countInlineBlanks, inlineBlankType } from "./inline-blank.ts";
import { multiBlankType } from "./multi-blank.ts";
import { multiLineType } from "./multi-line.ts";
import { numberType } from "./number.ts";
import { singleLineType } from "./single-line.ts";
import { timeType } from "./time.ts";

const env = { today: "2024-06-15", options: [] };
const codes = (issues: { code: string; level?: string }[]) => issues.map((issue) => issue.code);

describe("单行文本", () => {
  it("checks the format, then length, patterns and numeric/date ranges", () => {
    const mobile = singleLineType.configSchema.parse({ format: "mobile" });
    expect(singleLineType.validate(mobile, "13812345678", env)).toEqual([]);
    expect(singleLineType.validate(mobile, "123", env)[0]?.message).toBe("请输入正确的手机号");
    const number = singleLineType.configSchema.parse({ format: "integer", range: { min: 1, max: 10 } });
    expect(codes(singleLineType.validate(number, "11", env))).toEqual(["maxValue"]);
    expect(singleLineType.toValue(number, "7", [])).toBe(7);
    const date = singleLineType.configSchema.parse({
      format: "date",
      dateRange: { max: { kind: "relative", days: 0 } },
    });
    expect(codes(singleLineType.validate(date, "2024-06-16", env))).toEqual(["dateAfter"]);
  });

  it("supports several regex rules with their own messages, and soft (warning) length rules", () => {
    const config = singleLineType.configSchema.parse({
      patterns: [
        { pattern: "^[A-Z]", message: "须以大写字母开头" },
        { pattern: "\\d$", message: "须以数字结尾", level: "warning" },
      ],
      length: { max: 3, level: "warning" },
    });
    const issues = singleLineType.validate(config, "abcd", env);
    expect(issues.map((issue) => [issue.level, issue.message])).toEqual([
      ["warning", "最多只能输入3个字"],
      ["error", "须以大写字母开头"],
      ["warning", "须以数字结尾"],
    ]);
  });

  it("scores by accepted answers, reduces to counts and characters", () => {
    const config = singleLineType.defaults();
    const rule: ScoringRule = {
      mode: "text",
      points: 2,
      accepted: ["北京"],
      match: "exact",
      ignoreCase: true,
      ignoreSpaces: true,
    };
    expect(singleLineType.score?.(config, " 北 京 ", rule, [])?.score).toBe(2);
    expect(singleLineType.stats.add(config, singleLineType.stats.empty(config), "你好")).toEqual({
      n: 1,
      chars: 2,
    });
    expect(singleLineType.isEmpty("  ")).toBe(true);
  });
});

describe("多行文本", () => {
  it("validates length and grades essays manually", () => {
    const config = multiLineType.configSchema.parse({ length: { min: 5 } });
    expect(codes(multiLineType.validate(config, "短", env))).toEqual(["minLength"]);
    expect(multiLineType.score?.(config, "论述", { mode: "manual", points: 10 }, [])).toEqual({
      score: 0,
      max: 10,
      manual: true,
    });
  });
});

describe("多项填空 and 横向填空", () => {
  const config = multiBlankType.configSchema.parse({
    blanks: [
      { id: "name", label: "姓名" },
      { id: "age", label: "年龄", format: "integer", range: { min: 0, max: 150 } },
      { id: "memo", label: "备注", required: false },
    ],
  });

  it("requires required blanks, checks each blank's format and rejects unknown blanks", () => {
    expect(multiBlankType.validate(config, { name: "张三", age: "20" }, env)).toEqual([]);
    expect(codes(multiBlankType.validate(config, { name: "张三" }, env))).toEqual(["blankRequired"]);
    expect(multiBlankType.validate(config, { name: "张三", age: "abc" }, env)[0]?.path).toEqual(["age"]);
    expect(codes(multiBlankType.validate(config, { name: "张三", age: "20", x: "1" }, env))).toEqual([
      "invalidAnswer",
    ]);
  });

  it("scores per blank, exposes blanks by key and counts filled blanks", () => {
    const rule: ScoringRule = {
      mode: "blanks",
      pointsPerBlank: 1,
      accepted: { name: ["张三"], age: ["20", "二十"] },
      match: "exact",
      ignoreCase: true,
      ignoreSpaces: true,
    };
    expect(multiBlankType.score?.(config, { name: "张三", age: "21" }, rule, [])).toEqual({
      score: 1,
      max: 2,
      manual: false,
    });
    expect(multiBlankType.toValue(config, { name: "张三", age: "20" }, [], "age")).toBe(20);
    expect(multiBlankType.toValue(config, { name: "张三", age: "20" }, [], "name")).toBe("张三");
    expect(multiBlankType.toValue(config, { name: "张三", age: "20" }, [], undefined)).toEqual([
      "张三",
      "20",
      "",
    ]);
    expect(
      multiBlankType.stats.add(config, multiBlankType.stats.empty(config), { name: "张三", age: "" }),
    ).toEqual({
      n: 1,
      counts: { name: 1 },
    });
  });

  it("counts ___ blanks in an inline title", () => {
    expect(countInlineBlanks("我今年___岁，在____工作")).toBe(2);
    expect(inlineBlankType.defaults().blanks).toHaveLength(1);
  });
});

describe("数字, 日期, 时间, 日期范围", () => {
  it("数字: decimals, integers and range", () => {
    const config = numberType.configSchema.parse({ decimals: 1, range: { min: 0, max: 100 } });
    expect(numberType.validate(config, 12.5, env)).toEqual([]);
    expect(codes(numberType.validate(config, 12.55, env))).toEqual(["decimals"]);
    expect(codes(numberType.validate(numberType.defaults(), 1.5, env))).toEqual(["notInteger"]);
    expect(codes(numberType.validate(config, -1, env))).toEqual(["minValue"]);
    const soft = numberType.configSchema.parse({ range: { max: 10, level: "warning" } });
    expect(numberType.validate(soft, 11, env).map((issue) => [issue.code, issue.level])).toEqual([
      ["maxValue", "warning"],
    ]);
    expect(numberType.answerSchema.safeParse(Number.NaN).success).toBe(false);
    const stats = [3, 9, 6].reduce(
      (state, n) => numberType.stats.add(config, state, n),
      numberType.stats.empty(config),
    );
    expect(stats).toEqual({ n: 3, sum: 18, min: 3, max: 9 });
  });

  it("日期: calendar validity and bounds relative to today", () => {
    const config = dateType.configSchema.parse({
      range: { min: { kind: "relative", days: -7 }, max: { kind: "absolute", date: "2024-12-31" } },
    });
    expect(dateType.validate(config, "2024-06-10", env)).toEqual([]);
    expect(dateType.validate(config, "2024-06-01", env)[0]?.message).toBe("日期不能早于2024-06-08");
    expect(codes(dateType.validate(config, "2024-02-30", env))).toEqual(["format"]);
  });

  it("时间: format and range", () => {
    const config = timeType.configSchema.parse({ range: { min: "09:00", max: "18:00" } });
    expect(timeType.validate(config, "12:30", env)).toEqual([]);
    expect(codes(timeType.validate(config, "08:59", env))).toEqual(["minValue"]);
    expect(timeType.stats.add(config, timeType.stats.empty(config), "12:30")).toEqual({
      n: 1,
      counts: { "12": 1 },
    });
  });

  it("日期范围: order, maximum length and day count", () => {
    const config = dateRangeType.configSchema.parse({ maxDays: 3 });
    expect(dateRangeType.validate(config, { start: "2024-06-01", end: "2024-06-03" }, env)).toEqual([]);
    expect(codes(dateRangeType.validate(config, { start: "2024-06-03", end: "2024-06-01" }, env))).toEqual([
      "rangeOrder",
    ]);
    expect(codes(dateRangeType.validate(config, { start: "2024-06-01", end: "2024-06-05" }, env))).toEqual([
      "maxValue",
    ]);
    expect(dateRangeType.toValue(config, { start: "2024-06-01", end: "2024-06-03" }, [], undefined)).toBe(3);
    expect(dateRangeType.toText(config, { start: "2024-06-01", end: "2024-06-03" }, [])).toBe(
      "2024-06-01 至 2024-06-03",
    );
  });
});
