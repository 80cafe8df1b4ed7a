import { describe, expect, it } from "vitest";
import { describeLimits, durationText, formatYuan } from "./pricing.ts";

describe("formatYuan", () => {
  it("shows whole yuan without decimals and keeps fen exact", () => {
    expect(formatYuan(9900)).toBe("99");
    expect(formatYuan(69900)).toBe("699");
    expect(formatYuan(9950)).toBe("99.50");
    expect(formatYuan(5)).toBe("0.05");
    expect(formatYuan(0)).toBe("0");
    expect(formatYuan(-100)).toBe("0");
  });
});

describe("durationText", () => {
  it("names common periods and falls back to days", () => {
    expect(durationText(365)).toBe("年");
    expect(durationText(30)).toBe("月");
    expect(durationText(90)).toBe("季");
    expect(durationText(7)).toBe("7天");
  });
});

describe("describeLimits", () => {
  it("lists known limits in order, -1 as 不限, booleans as 支持/不支持", () => {
    expect(
      describeLimits({
        crossAnalysis: true,
        teamMembers: 50,
        questionnaires: -1,
        responsesPerQuestionnaire: 20000,
        somethingNew: 3,
      }),
    ).toEqual([
      { key: "questionnaires", label: "问卷数量", value: "不限", included: true },
      { key: "responsesPerQuestionnaire", label: "每份问卷答卷数", value: "20,000份", included: true },
      { key: "teamMembers", label: "团队成员", value: "50人", included: true },
      { key: "crossAnalysis", label: "交叉分析", value: "支持", included: true },
    ]);
  });

  it("skips values of the wrong type", () => {
    expect(describeLimits({ questionnaires: "50", crossAnalysis: false })).toEqual([
      { key: "crossAnalysis", label: "交叉分析", value: "不支持", included: false },
    ]);
  });
});
