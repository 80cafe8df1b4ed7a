import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAdmin, buildHelpArticle } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const get = <T>(path: string, params: Record<string, string | number> = {}) =>
  call<T>(t.app, "GET", `navigation/${path}`, { params });

describe("site furniture from the admin console", () => {
  it("answers the logo with the site name, and defaults before anything is set", async () => {
    expect((await get("getLogo")).body).toEqual({
      code: 200,
      msg: "操作成功",
      data: { logo: "/favicon.svg", siteName: "问卷管家" },
    });
    const admin = await buildAdmin(t);
    await call(t.app, "POST", "admin/settings/save", {
      token: admin.token,
      json: { logo: "https://cdn.example.com/logo.png", footer: { siteName: "问卷管家·测试站" } },
    });
    expect((await get("getLogo")).body.data).toEqual({
      logo: "https://cdn.example.com/logo.png",
      siteName: "问卷管家·测试站",
    });
  });

  it("lists visible menu entries, labels and published banners in their sort order", async () => {
    const admin = await buildAdmin(t);
    const save = (entity: string, json: Record<string, unknown>) =>
      call(t.app, "POST", `admin/${entity}/save`, { token: admin.token, json });
    await save("menu", { name: "联系我们", path: "/website/companyProfile", sort: 8 });
    await save("menu", { name: "首页", path: "/website/home", sort: 1 });
    await save("menu", { name: "隐藏项", path: "/website/hidden", sort: 2, visible: false });
    await save("label", { name: "客户案例", sort: 4 });
    await save("label", { name: "产品动态", sort: 1 });
    await save("banner", { title: "第二张", sort: 2, status: "published", link: "/website/service" });
    await save("banner", { title: "第一张", sort: 1, status: "published", image: "/images/a.png" });
    await save("banner", { title: "草稿", sort: 0, status: "draft" });

    const menu = await get<{ name: string; path: string }[]>("getNavigationOneList");
    expect(menu.body.data.map(({ name, path }) => ({ name, path }))).toEqual([
      { name: "首页", path: "/website/home" },
      { name: "联系我们", path: "/website/companyProfile" },
    ]);
    const labels = await get<{ id: number; name: string }[]>("getLableList");
    expect(labels.body.data.map((l) => l.name)).toEqual(["产品动态", "客户案例"]);
    const banners = await get<{ title: string }[]>("getBannerList");
    expect(banners.body.data).toEqual([
      { id: expect.any(Number), title: "第一张", subtitle: "", image: "/images/a.png", link: "" },
      { id: expect.any(Number), title: "第二张", subtitle: "", image: "", link: "/website/service" },
    ]);
  });

  it("answers the contact details from settings", async () => {
    const admin = await buildAdmin(t);
    await call(t.app, "POST", "admin/settings/save", {
      token: admin.token,
      json: { contact: { address: "上海市浦东新区", workTime: "工作日 9:00-18:00" } },
    });
    expect((await get("getContactInfo")).body.data).toEqual({
      address: "上海市浦东新区",
      phone: "400-000-0000",
      email: "service@wjgj.example.com",
      workTime: "工作日 9:00-18:00",
    });
  });
});

describe("the help centre", () => {
  it("groups published articles by category and hides drafts everywhere", async () => {
    const first = await buildHelpArticle(t, { title: "如何登录？", sort: 1 });
    await buildHelpArticle(t, { title: "忘记密码", sort: 2, categoryId: first.categoryId });
    const draft = await buildHelpArticle(t, {
      title: "未发布",
      status: "draft",
      categoryId: first.categoryId,
    });
    const categories = await get<{ id: number; articles: { title: string }[] }[]>("getHelpCategoryList");
    expect(categories.body.data).toHaveLength(1);
    expect(categories.body.data[0]?.articles.map((a) => a.title)).toEqual(["如何登录？", "忘记密码"]);

    expect((await get("getHelpArticleDetail", { id: draft.id })).body.code).toBe(404);
    const shown = await get<{ title: string; content: string; categoryName: string }>(
      "getHelpArticleDetail",
      {
        id: first.id,
      },
    );
    expect(shown.body.data).toMatchObject({ title: "如何登录？", content: "<p>帮助正文</p>" });
    const all = await get<{ total: number }>("getHelpArticleList", { categoryId: first.categoryId });
    expect(all.body.data.total).toBe(2);
  });

  it("searches titles and text (not markup), with LIKE wildcards taken literally", async () => {
    const admin = await buildAdmin(t);
    const category = await call<{ id: number }>(t.app, "POST", "admin/helpCategory/save", {
      token: admin.token,
      json: { name: "数据分析" },
    });
    const article = (title: string, content: string) =>
      call(t.app, "POST", "admin/helpArticle/save", {
        token: admin.token,
        json: { categoryId: category.body.data.id, title, content, status: "published" },
      });
    await article("如何导出数据？", "<p>在<strong>答卷数据</strong>页面点击导出，格式为 Excel。</p>");
    await article("报表说明", "<p>完成率达到 100% 时显示绿色。</p>");
    const search = (keyword: string) =>
      get<{ list: { title: string; excerpt: string }[]; total: number }>("getHelpArticleList", { keyword });

    expect((await search("excel")).body.data.list.map((a) => a.title)).toEqual(["如何导出数据？"]);
    expect((await search("报表")).body.data.list.map((a) => a.title)).toEqual(["报表说明"]);
    expect((await search("strong")).body.data.total).toBe(0);
    expect((await search("100%")).body.data.list.map((a) => a.title)).toEqual(["报表说明"]);
    expect((await search("_")).body.data.total).toBe(0);
    expect((await search("答卷数据")).body.data.list[0]?.excerpt).toContain("答卷数据");
  });
});
