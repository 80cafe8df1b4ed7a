import { describe, expect, it } from "vitest";
import { entitlementRows, resolveEntitlements } from "./money.ts";

// The one entitlement table: what the pricing page lists for a level is what the server enforces for it
// (routes/vipSet/entitlement-truth.test.ts checks the server side).
describe("entitlementRows", () => {
  it("shows a fee rate in basis points as a percentage, and none as 免服务费", () => {
    const rate = (formOrderFeeBp: number) =>
      entitlementRows(resolveEntitlements(1, undefined, { formOrderFeeBp })).find(
        (row) => row.key === "formOrderFeeBp",
      )?.value;
    expect([rate(100), rate(60), rate(5), rate(0)]).toEqual(["1%", "0.6%", "0.05%", "免服务费"]);
  });

  it("lists every row of core's entitlement table in its order: -1 as 不限, features as 支持/不支持", () => {
    expect(
      entitlementRows(
        resolveEntitlements(2, undefined, {
          crossAnalysis: true,
          teamMembers: 50,
          questionnaires: -1,
          responsesPerQuestionnaire: 20000,
          formOrderFeeBp: 60,
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
      { key: "formOrderFeeBp", label: "商品订单服务费率", value: "0.6%", included: true },
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
