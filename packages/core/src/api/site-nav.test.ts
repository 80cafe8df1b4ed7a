import { describe, expect, it } from "vitest";
import { activeSiteNav, PRODUCT_LINKS, RESOURCE_LINKS, SITE_NAV } from "./site-nav.ts";

describe("site navigation", () => {
  it("lists the menu of seed §1 with seven products and two resources", () => {
    expect(SITE_NAV.map((item) => item.label)).toEqual([
      "首页",
      "免费模板",
      "互助答题",
      "样本服务",
      "产品介绍",
      "版本价格",
      "资源",
      "联系我们",
    ]);
    expect(PRODUCT_LINKS.map((link) => link.to.split("/").pop())).toEqual([
      "search",
      "exam",
      "collection",
      "vote",
      "survey",
      "knowledge",
      "private",
    ]);
    expect(RESOURCE_LINKS.map((link) => link.label)).toEqual(["资讯", "帮助中心"]);
  });

  it("finds the top-level entry of a path", () => {
    expect(activeSiteNav("/website/product/exam")).toBe("/website/product");
    expect(activeSiteNav("/website/resource/news/3/info")).toBe("/website/resource");
    expect(activeSiteNav("/Website/Free/")).toBe("/website/free");
    expect(activeSiteNav("/website")).toBe("/website/home");
    expect(activeSiteNav("/website/unknown")).toBe("/website/home");
  });
});
