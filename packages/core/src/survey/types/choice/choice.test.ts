import { describe, expect, it } from "vitest";
import type { Option } from "../../definition/option.ts";
import { cascaderType } from "./cascader.ts";
import { dropdownType } from "./dropdown.ts";
import { imageSingleType } from "./image-single.ts";
import { multipleType } from "./multiple.ts";
import { singleType } from "./single.ts";
import { trueFalseType } from "./true-false.ts";
import { voteMultipleType } from "./vote-multiple.ts";
import { voteSingleType } from "./vote-single.ts";

const options: Option[] = [
  { id: "a", label: "苹果", score: 1, correct: true },
  { id: "b", label: "香蕉", score: 3 },
  { id: "other", label: "其他", other: { textRequired: true } },
  { id: "none", label: "都不喜欢", exclusive: true },
];
const env = { today: "2024-06-15", options };
const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);

describe("single-choice types", () => {
  const config = singleType.configSchema.parse({ options });

  it("accepts an offered option and rejects made-up or hidden ones", () => {
    expect(singleType.validate(config, { optionId: "a" }, env)).toEqual([]);
    expect(codes(singleType.validate(config, { optionId: "zzz" }, env))).toEqual(["hiddenOption"]);
    expect(
      codes(singleType.validate(config, { optionId: "b" }, { ...env, options: options.slice(0, 1) })),
    ).toEqual(["hiddenOption"]);
  });

  it("requires the 其他 text when configured and shows it as the label", () => {
    expect(codes(singleType.validate(config, { optionId: "other" }, env))).toEqual(["otherTextRequired"]);
    expect(singleType.validate(config, { optionId: "other", otherText: "榴莲" }, env)).toEqual([]);
    expect(singleType.toText(config, { optionId: "other", otherText: "榴莲" }, options)).toBe("榴莲");
    expect(singleType.toValue(config, { optionId: "b" }, options, "score")).toBe(3);
    expect(singleType.toValue(config, { optionId: "b" }, options, "id")).toBe("b");
  });

  it("parses the answer shape strictly", () => {
    expect(singleType.answerSchema.safeParse({ optionId: "a" }).success).toBe(true);
    expect(singleType.answerSchema.safeParse("a").success).toBe(false);
    expect(singleType.answerSchema.safeParse({ optionId: "" }).success).toBe(false);
  });

  it("restricts to offered options, scores and counts", () => {
    expect(singleType.restrict?.({ optionId: "a" }, new Set(["b"]))).toBeUndefined();
    expect(singleType.score?.(config, { optionId: "a" }, { mode: "single", points: 5 }, options)).toEqual({
      score: 5,
      max: 5,
      manual: false,
    });
    const stats = [{ optionId: "a" }, { optionId: "b" }, { optionId: "a" }].reduce(
      (state, answer) => singleType.stats.add(config, state, answer),
      singleType.stats.empty(config),
    );
    expect(stats).toEqual({ n: 3, counts: { a: 2, b: 1 } });
  });

  it("dropdown, image, true/false, vote and appointment share the behaviour with their own configs", () => {
    expect(dropdownType.defaults().placeholder).toBe("请选择");
    expect(imageSingleType.configSchema.safeParse({ options: [{ id: "a", label: "x" }] }).success).toBe(
      false,
    );
    expect(trueFalseType.configSchema.safeParse({ options: [{ id: "t", label: "对" }] }).success).toBe(false);
    expect(trueFalseType.defaults().options.map((option) => option.label)).toEqual(["对", "错"]);
    expect(voteSingleType.defaults().showResults).toBe("afterVote");
  });
});

describe("multiple-choice types", () => {
  const config = multipleType.configSchema.parse({ options, selection: { min: 1, max: 2 } });

  it("checks selection bounds, duplicates and 互斥", () => {
    expect(multipleType.validate(config, { optionIds: ["a", "b"] }, env)).toEqual([]);
    expect(
      codes(
        multipleType.validate(config, { optionIds: ["a", "b", "other"], otherTexts: { other: "x" } }, env),
      ),
    ).toEqual(["maxSelect"]);
    expect(
      codes(multipleType.validate({ ...config, selection: { min: 2 } }, { optionIds: ["a"] }, env)),
    ).toEqual(["minSelect"]);
    expect(codes(multipleType.validate(config, { optionIds: ["a", "a"] }, env))).toEqual(["invalidAnswer"]);
    expect(codes(multipleType.validate(config, { optionIds: ["none", "a"] }, env))).toEqual([
      "exclusiveOption",
    ]);
  });

  it("restricts, reports values and reduces", () => {
    expect(multipleType.restrict?.({ optionIds: ["a", "b"] }, new Set(["b"]))).toEqual({ optionIds: ["b"] });
    expect(multipleType.restrict?.({ optionIds: ["a"] }, new Set(["b"]))).toBeUndefined();
    expect(multipleType.toValue(config, { optionIds: ["a", "b"] }, options, undefined)).toEqual([
      "苹果",
      "香蕉",
    ]);
    expect(multipleType.toValue(config, { optionIds: ["a", "b"] }, options, "score")).toBe(4);
    expect(multipleType.toValue(config, { optionIds: ["a", "b"] }, options, "count")).toBe(2);
    expect(multipleType.toText(config, { optionIds: ["a", "b"] }, options)).toBe("苹果、香蕉");
    const a = multipleType.stats.add(config, multipleType.stats.empty(config), { optionIds: ["a", "b"] });
    const b = multipleType.stats.add(config, multipleType.stats.empty(config), { optionIds: ["b"] });
    expect(multipleType.stats.merge(a, b)).toEqual({ n: 2, counts: { a: 1, b: 2 } });
    expect(voteMultipleType.isEmpty({ optionIds: [] })).toBe(true);
  });

  it("scores with the multi-select modes", () => {
    const rule = { mode: "allOrNothing", points: 4 } as const;
    expect(multipleType.score?.(config, { optionIds: ["a"] }, rule, options).score).toBe(4);
    expect(multipleType.score?.(config, undefined, rule, options)).toEqual({
      score: 0,
      max: 4,
      manual: false,
    });
  });
});

describe("cascader", () => {
  const config = cascaderType.configSchema.parse({
    levels: ["省", "市"],
    nodes: [
      { id: "zj", label: "浙江", children: [{ id: "hz", label: "杭州" }] },
      { id: "sh", label: "上海" },
    ],
  });

  it("accepts a path to a leaf and rejects partial or broken paths", () => {
    expect(cascaderType.validate(config, { path: ["zj", "hz"] }, env)).toEqual([]);
    expect(cascaderType.validate(config, { path: ["sh"] }, env)).toEqual([]);
    expect(codes(cascaderType.validate(config, { path: ["zj"] }, env))).toEqual(["cascaderPath"]);
    expect(codes(cascaderType.validate(config, { path: ["zj", "nb"] }, env))).toEqual(["hiddenOption"]);
  });

  it("reports labels, node ids for conditions and per-path counts", () => {
    expect(cascaderType.toText(config, { path: ["zj", "hz"] }, [])).toBe("浙江/杭州");
    expect(cascaderType.selected?.({ path: ["zj", "hz"] })).toEqual(["zj", "hz"]);
    expect(cascaderType.stats.add(config, cascaderType.stats.empty(config), { path: ["zj", "hz"] })).toEqual({
      n: 1,
      counts: { "zj/hz": 1 },
    });
  });
});
