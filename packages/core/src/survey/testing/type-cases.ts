import type { ScoringRule } from "../definition/scoring-rule.ts";
import type { ScoreResult } from "../types/module.ts";

/**
 * One worked case per question type, shared by the per-type unit tests and the reducer property test:
 * a config and one it must refuse, answers it accepts, shape-valid answers its validator refuses (with the
 * first issue code), an answer its answer schema refuses, the statistics after one answer, and — for every
 * type that can be scored — a scoring rule with its expected result.
 */
export interface TypeCase {
  type: string;
  config: unknown;
  badConfig: unknown;
  valid: readonly unknown[];
  invalid: readonly (readonly [answer: unknown, code: string])[];
  malformed: unknown;
  /** State after adding `valid[0]` to the empty state (the empty state itself for layout items). */
  stats: unknown;
  score?: { rule: ScoringRule; answer: unknown; expected: ScoreResult };
}

const fold = { match: "exact", ignoreCase: true, ignoreSpaces: true } as const;
const auto = (score: number, max: number): ScoreResult => ({ score, max, manual: false });
const options = [
  { id: "a", label: "苹果", correct: true, score: 2 },
  { id: "b", label: "香蕉", score: 1 },
  { id: "o", label: "其他", other: { textRequired: true } },
  { id: "x", label: "都不喜欢", exclusive: true },
];
const pictures = [
  { id: "a", label: "A", image: "https://example.com/a.png", correct: true },
  { id: "b", label: "B", image: "https://example.com/b.png" },
];

export const choiceAndTextCases: readonly TypeCase[] = [
  {
    type: "single",
    config: { options },
    badConfig: { options: [{ id: "1a", label: "坏编号" }] },
    valid: [{ optionId: "a" }, { optionId: "o", otherText: "榴莲" }],
    invalid: [
      [{ optionId: "o" }, "otherTextRequired"],
      [{ optionId: "zz" }, "hiddenOption"],
    ],
    malformed: "a",
    stats: { n: 1, counts: { a: 1 } },
    score: { rule: { mode: "single", points: 5 }, answer: { optionId: "a" }, expected: auto(5, 5) },
  },
  {
    type: "multiple",
    config: { options, selection: { max: 2 } },
    badConfig: { options, selection: { max: 0 } },
    valid: [{ optionIds: ["a", "b"] }, { optionIds: ["x"] }],
    invalid: [
      [{ optionIds: ["a", "x"] }, "exclusiveOption"],
      [{ optionIds: ["a", "b", "o"], otherTexts: { o: "榴莲" } }, "maxSelect"],
    ],
    malformed: { optionIds: "a" },
    stats: { n: 1, counts: { a: 1, b: 1 } },
    score: {
      rule: { mode: "partialNoWrong", points: 4, perOption: 1.5 },
      answer: { optionIds: ["a"] },
      expected: auto(1.5, 4),
    },
  },
  {
    type: "dropdown",
    config: { options: options.slice(0, 2) },
    badConfig: { options: options.slice(0, 2), placeholder: "长".repeat(101) },
    valid: [{ optionId: "b" }],
    invalid: [[{ optionId: "zz" }, "hiddenOption"]],
    malformed: { optionId: "" },
    stats: { n: 1, counts: { b: 1 } },
    score: { rule: { mode: "perOption" }, answer: { optionId: "b" }, expected: auto(1, 2) },
  },
  {
    type: "cascader",
    config: {
      levels: ["省", "市"],
      nodes: [
        { id: "zj", label: "浙江", children: [{ id: "hz", label: "杭州" }] },
        { id: "sh", label: "上海" },
      ],
    },
    badConfig: { levels: [], nodes: [] },
    valid: [{ path: ["zj", "hz"] }, { path: ["sh"] }],
    invalid: [
      [{ path: ["zj"] }, "cascaderPath"],
      [{ path: ["zz"] }, "hiddenOption"],
    ],
    malformed: { path: "zj" },
    stats: { n: 1, counts: { "zj/hz": 1 } },
  },
  {
    type: "imageSingle",
    config: { options: pictures },
    badConfig: { options: [{ id: "a", label: "没有图片" }] },
    valid: [{ optionId: "a" }],
    invalid: [[{ optionId: "c" }, "hiddenOption"]],
    malformed: { optionId: 1 },
    stats: { n: 1, counts: { a: 1 } },
    score: { rule: { mode: "single", points: 3 }, answer: { optionId: "b" }, expected: auto(0, 3) },
  },
  {
    type: "imageMultiple",
    config: { options: pictures, selection: { min: 2 } },
    badConfig: { options: pictures, columns: 9 },
    valid: [{ optionIds: ["a", "b"] }],
    invalid: [[{ optionIds: ["a"] }, "minSelect"]],
    malformed: { optionIds: [1] },
    stats: { n: 1, counts: { a: 1, b: 1 } },
    score: { rule: { mode: "allOrNothing", points: 2 }, answer: { optionIds: ["a"] }, expected: auto(2, 2) },
  },
  {
    type: "trueFalse",
    config: {
      options: [
        { id: "t", label: "对", correct: true },
        { id: "f", label: "错" },
      ],
    },
    badConfig: { options: [{ id: "t", label: "对" }] },
    valid: [{ optionId: "f" }],
    invalid: [[{ optionId: "maybe" }, "hiddenOption"]],
    malformed: true,
    stats: { n: 1, counts: { f: 1 } },
    score: { rule: { mode: "single", points: 2 }, answer: { optionId: "t" }, expected: auto(2, 2) },
  },
  {
    type: "voteSingle",
    config: { options: options.slice(0, 2), showResults: "always" },
    badConfig: { options: [], showResults: "sometimes" },
    valid: [{ optionId: "a" }],
    invalid: [[{ optionId: "zz" }, "hiddenOption"]],
    malformed: {},
    stats: { n: 1, counts: { a: 1 } },
    score: {
      rule: { mode: "manual", points: 3 },
      answer: { optionId: "a" },
      expected: { score: 0, max: 3, manual: true },
    },
  },
  {
    type: "voteMultiple",
    config: { options: options.slice(0, 2), selection: { max: 1 } },
    badConfig: { options: "a,b" },
    valid: [{ optionIds: ["b"] }],
    invalid: [[{ optionIds: ["a", "b"] }, "maxSelect"]],
    malformed: { optionIds: [""] },
    stats: { n: 1, counts: { b: 1 } },
    score: {
      rule: { mode: "partial", points: 2, perOption: 1 },
      answer: { optionIds: ["a", "b"] },
      expected: auto(1, 2),
    },
  },
  {
    type: "text",
    config: { format: "email", length: { max: 30 }, unique: true },
    badConfig: { format: "phone" },
    valid: ["a@b.cn"],
    invalid: [
      ["not-mail", "format"],
      [`${"a".repeat(30)}@b.cn`, "maxLength"],
    ],
    malformed: 5,
    stats: { n: 1, chars: 6 },
    score: {
      rule: { mode: "text", points: 2, accepted: ["A@B.CN"], ...fold },
      answer: "a@b.cn",
      expected: auto(2, 2),
    },
  },
  {
    type: "textarea",
    config: { length: { min: 3 } },
    badConfig: { rows: 1 },
    valid: ["一二三四"],
    invalid: [["短", "minLength"]],
    malformed: ["x"],
    stats: { n: 1, chars: 4 },
    score: {
      rule: { mode: "text", points: 5, accepted: ["三"], ...fold, match: "contains" },
      answer: "一二三四",
      expected: auto(5, 5),
    },
  },
  {
    type: "multiBlank",
    config: {
      blanks: [
        { id: "b1", label: "姓名" },
        { id: "b2", label: "年龄", format: "integer" },
      ],
    },
    badConfig: { blanks: [] },
    valid: [{ b1: "张三", b2: "20" }],
    invalid: [
      [{ b1: "张三" }, "blankRequired"],
      [{ b1: "张三", b2: "二十" }, "format"],
    ],
    malformed: { b1: 1 },
    stats: { n: 1, counts: { b1: 1, b2: 1 } },
    score: {
      rule: { mode: "blanks", pointsPerBlank: 2, accepted: { b1: ["张三"], b2: ["20"] }, ...fold },
      answer: { b1: "张三", b2: "21" },
      expected: auto(2, 4),
    },
  },
  {
    type: "inlineBlank",
    config: { blanks: [{ id: "b1" }, { id: "b2", required: false }] },
    badConfig: { blanks: [{ id: "b1", format: "colour" }] },
    valid: [{ b1: "北京" }],
    invalid: [
      [{ b1: "" }, "blankRequired"],
      [{ b1: "北京", zz: "多余" }, "invalidAnswer"],
    ],
    malformed: "北京",
    stats: { n: 1, counts: { b1: 1 } },
    score: {
      rule: { mode: "manual", points: 4 },
      answer: { b1: "北京" },
      expected: { score: 0, max: 4, manual: true },
    },
  },
  {
    type: "number",
    config: { decimals: 1, range: { min: 0, max: 100 } },
    badConfig: { decimals: 9 },
    valid: [12.5, 0],
    invalid: [
      [12.55, "decimals"],
      [101, "maxValue"],
    ],
    malformed: "12",
    stats: { n: 1, sum: 12.5, min: 12.5, max: 12.5 },
  },
  {
    type: "date",
    config: { range: { max: { kind: "relative", days: 0 } } },
    badConfig: { range: { max: { kind: "relative", days: 0.5 } } },
    valid: ["2024-06-15", "2000-01-01"],
    invalid: [
      ["2024-06-16", "dateAfter"],
      ["2024-02-30", "format"],
    ],
    malformed: 20240615,
    stats: { n: 1, sum: 19889, min: 19889, max: 19889 },
  },
  {
    type: "time",
    config: { range: { min: "09:00", max: "18:00" } },
    badConfig: { range: { min: "9点" } },
    valid: ["12:30", "09:00:30"],
    invalid: [
      ["08:00", "minValue"],
      ["25:00", "format"],
    ],
    malformed: 1230,
    stats: { n: 1, counts: { "12": 1 } },
  },
  {
    type: "dateRange",
    config: { maxDays: 7 },
    badConfig: { maxDays: 0 },
    valid: [{ start: "2024-06-01", end: "2024-06-03" }],
    invalid: [
      [{ start: "2024-06-03", end: "2024-06-01" }, "rangeOrder"],
      [{ start: "2024-06-01", end: "2024-06-30" }, "maxValue"],
    ],
    malformed: { start: "2024-06-01" },
    stats: { n: 1, sum: 3, min: 3, max: 3 },
  },
];
