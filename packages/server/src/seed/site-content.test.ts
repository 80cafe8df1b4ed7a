import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tableCounts } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { sanitizeRichText } from "../security/sanitize.ts";
import { seedHelp } from "./help-content.ts";
import { seedNews } from "./news-content.ts";
import { seedSiteContent } from "./site-content.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const get = async <T>(path: string, params: Record<string, string | number> = {}) =>
  (await call<T>(t.app, "GET", path, { params })).body.data;

describe("seedSiteContent", () => {
  it("fills an empty site with what the public calls show", async () => {
    expect(await seedSiteContent(t.db, t.clock, 1)).toBe(true);
    const menu = await get<{ name: string; path: string }[]>("navigation/getNavigationOneList");
    expect(menu.map((m) => m.name)).toEqual([
      "首页",
      "免费模板",
      "互助答题",
      "样本服务",
      "产品介绍",
      "版本价格",
      "资源中心",
      "联系我们",
    ]);
    expect(menu[6]?.path).toBe("/website/resource/news");
    const labels = await get<{ name: string }[]>("navigation/getLableList");
    expect(labels.map((l) => l.name)).toEqual(["产品动态", "使用技巧", "行业洞察", "客户案例"]);

    const news = await get<{ list: { publishTime: string; labelName: string }[]; total: number }>(
      "navigation/getNavigationNewsList",
    );
    expect(news.total).toBe(10);
    expect(news.list).toHaveLength(8);
    const months = new Set(news.list.map((n) => n.publishTime.slice(0, 7)));
    expect(months.size).toBeGreaterThan(1);
    expect(news.list.every((n) => n.labelName !== "")).toBe(true);

    const help = await get<{ name: string; articles: unknown[] }[]>("navigation/getHelpCategoryList");
    expect(help.map((c) => c.name)).toEqual([
      "账号与登录",
      "创建问卷",
      "发布与回收",
      "数据分析",
      "个人信息保护",
      "考试与测评",
    ]);
    expect(help.every((c) => c.articles.length >= 2 && c.articles.length <= 5)).toBe(true);
    expect(await get<unknown[]>("navigation/getBannerList")).toHaveLength(3);
    expect(await get<unknown[]>("navigation/getFriendLinkList")).toHaveLength(2);
    const vip =
      await get<{ level: number; name: string; priceMonthFen: number; priceYearFen: number }[]>(
        "vipSet/getVipSetList",
      );
    expect(vip.map((v) => [v.level, v.name])).toEqual([
      [1, "黄金会员"],
      [2, "铂金会员"],
      [3, "钻石会员"],
    ]);
    expect(
      vip.every((v) => [v.priceMonthFen, v.priceYearFen].every((fen) => Number.isInteger(fen) && fen > 0)),
    ).toBe(true);
    expect((await get<{ address: string }>("navigation/getContactInfo")).address).not.toBe("");
  });

  it("writes nothing into a site that already has content", async () => {
    await seedSiteContent(t.db, t.clock, 1);
    const before = await tableCounts(t);
    expect(await seedSiteContent(t.db, t.clock, 1)).toBe(false);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("ships rich text that the sanitiser leaves as it is", () => {
    for (const html of [
      ...seedNews.map((n) => n.content),
      ...seedHelp.flatMap((c) => c.articles.map((a) => a.content)),
    ]) {
      expect(sanitizeRichText(html)).toBe(html.trim());
    }
  });
});
