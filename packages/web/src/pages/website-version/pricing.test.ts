import { entitlementRows, resolveEntitlements } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { durationText, formatYuan } from "./pricing.ts";

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

describe("entitlementRows", () => {
  it("lists every row of core's entitlement table in its order: -1 as 不限, features as 支持/不支持", () => {
    expect(
      entitlementRows(
        resolveEntitlements(2, undefined, {
          crossAnalysis: true,
          teamMembers: 50,
          questionnaires: -1,
          responsesPerQuestionnaire: 20000,
          somethingNew: 3,
        }),
      ),
    ).toEqual([
      { key: "questionnaires", label: "问卷数量", value: "不限", included: true },
      { key: "responsesPerQuestionnaire", label: "每份问卷答卷数", value: "20,000份", included: true },
      { key: "uploadSpaceMb", label: "文件存储空间", value: "500MB", included: true },
      { key: "teamMembers", label: "团队成员", value: "50人", included: true },
      { key: "crossAnalysis", label: "交叉分析", value: "支持", included: true },
      { key: "exportAttachments", label: "附件打包导出", value: "不支持", included: false },
      { key: "customRedirect", label: "提交后自定义跳转", value: "不支持", included: false },
      { key: "removeBrand", label: "去除答题页品牌标识", value: "不支持", included: false },
    ]);
  });

  it("shows a level's missing or mistyped limit as the free level's, as the server applies it", () => {
    const rows = entitlementRows(
      resolveEntitlements(1, { teamMembers: 2 }, { questionnaires: "50", crossAnalysis: false }),
    );
    expect(rows.find((row) => row.key === "questionnaires")?.value).toBe("1,000份");
    expect(rows.find((row) => row.key === "teamMembers")?.value).toBe("2人");
    expect(rows.find((row) => row.key === "crossAnalysis")).toMatchObject({
      value: "不支持",
      included: false,
    });
  });
});
