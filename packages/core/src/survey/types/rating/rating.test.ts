import { describe, expect, it } from "vitest";
import { allocationType } from "./allocation.ts";
import { likertType } from "./likert.ts";
import { npsScore, npsType } from "./nps.ts";
import { rankingType } from "./ranking.ts";
import { sliderType } from "./slider.ts";
import { starType } from "./star.ts";

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);
const options = [
  { id: "a", label: "价格" },
  { id: "b", label: "质量" },
  { id: "c", label: "服务" },
];
const env = { today: "2024-06-15", options };

describe("星级评分, NPS, 量表", () => {
  it("accepts whole points in range only", () => {
    const star = starType.configSchema.parse({ max: 5, labels: ["很差", "差", "一般", "好", "很好"] });
    expect(starType.validate(star, 5, env)).toEqual([]);
    expect(codes(starType.validate(star, 6, env))).toEqual(["invalidAnswer"]);
    expect(codes(starType.validate(star, 2.5, env))).toEqual(["invalidAnswer"]);
    expect(starType.toText(star, 4, [])).toBe("好");
    expect(npsType.validate(npsType.defaults(), 0, env)).toEqual([]);
    expect(codes(npsType.validate(npsType.defaults(), 11, env))).toEqual(["invalidAnswer"]);
    const likert = likertType.configSchema.parse({ points: 7, start: 0 });
    expect(likertType.validate(likert, 6, env)).toEqual([]);
    expect(codes(likertType.validate(likert, 7, env))).toEqual(["invalidAnswer"]);
  });

  it("reduces to a histogram and computes NPS", () => {
    const config = npsType.defaults();
    const stats = [10, 9, 8, 3].reduce(
      (state, point) => npsType.stats.add(config, state, point),
      npsType.stats.empty(config),
    );
    expect(stats).toEqual({ n: 4, sum: 30, counts: { "10": 1, "9": 1, "8": 1, "3": 1 } });
    expect(npsScore(stats)).toBe(25);
    expect(npsScore(npsType.stats.empty(config))).toBeNull();
  });
});

describe("滑块", () => {
  it("checks range and step", () => {
    const config = sliderType.configSchema.parse({ min: 0, max: 1, step: 0.1 });
    expect(sliderType.validate(config, 0.3, env)).toEqual([]);
    expect(codes(sliderType.validate(config, 0.35, env))).toEqual(["step"]);
    expect(codes(sliderType.validate(config, 2, env))).toEqual(["maxValue"]);
    expect(sliderType.configSchema.safeParse({ min: 5, max: 1 }).success).toBe(false);
  });
});

describe("比重", () => {
  const config = allocationType.configSchema.parse({ options, total: 100 });

  it("requires the exact total over offered items", () => {
    expect(allocationType.validate(config, { a: 50, b: 30, c: 20 }, env)).toEqual([]);
    expect(allocationType.validate(config, { a: 50, b: 30 }, env)[0]?.message).toBe(
      "各项分配之和必须等于100",
    );
    expect(codes(allocationType.validate(config, { a: 50, x: 50 }, env))).toEqual(["hiddenOption"]);
    expect(allocationType.answerSchema.safeParse({ a: -5 }).success).toBe(false);
  });

  it("exposes items with points as selected and sums per item", () => {
    expect(allocationType.selected?.({ a: 100, b: 0 })).toEqual(["a"]);
    expect(allocationType.toValue(config, { a: 60, b: 40 }, options, "b")).toBe(40);
    const one = allocationType.stats.add(config, allocationType.stats.empty(config), { a: 60, b: 40 });
    expect(allocationType.stats.merge(one, one)).toEqual({ n: 2, sums: { a: 120, b: 80 } });
  });
});

describe("排序", () => {
  const config = rankingType.configSchema.parse({ options });

  it("requires every offered option once (or the top N)", () => {
    expect(rankingType.validate(config, ["b", "a", "c"], env)).toEqual([]);
    expect(codes(rankingType.validate(config, ["b", "a"], env))).toEqual(["rankAll"]);
    expect(codes(rankingType.validate(config, ["b", "b", "a"], env))).toEqual(["invalidAnswer"]);
    expect(rankingType.validate({ ...config, rankCount: 2 }, ["c", "a"], env)).toEqual([]);
  });

  it("reports ranks and position counts", () => {
    expect(rankingType.toValue(config, ["b", "a", "c"], options, "a")).toBe(2);
    expect(rankingType.toText(config, ["b", "a", "c"], options)).toBe("质量 > 价格 > 服务");
    expect(rankingType.stats.add(config, rankingType.stats.empty(config), ["b", "a"])).toEqual({
      n: 1,
      positions: { b: { "1": 1 }, a: { "2": 1 } },
    });
  });
});
