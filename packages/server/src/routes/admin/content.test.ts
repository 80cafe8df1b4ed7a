import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditRowsOf,
  type BuiltUser,
  buildAdmin,
  buildHelpArticle,
  buildLabel,
  buildNews,
} from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let admin: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

interface Page<T> {
  list: T[];
  total: number;
}

const post = <T = { id: number }>(path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", `admin/${path}`, { token: admin.token, json });
const list = <T = { id: number }>(path: string, params: Record<string, string | number> = {}) =>
  call<Page<T>>(t.app, "GET", `admin/${path}/list`, { token: admin.token, params });

describe("admin/<entity>/list|save|delete", () => {
  it("creates, updates and deletes every kind of record, auditing each change", async () => {
    const label = await buildLabel(t);
    const { categoryId } = await buildHelpArticle(t);
    const kinds: { entity: string; create: Record<string, unknown>; change: Record<string, unknown> }[] = [
      {
        entity: "news",
        create: { title: "新版本发布", content: "<p>正文</p>", status: "draft", labelId: label.id },
        change: { title: "新版本正式发布" },
      },
      { entity: "label", create: { name: "行业洞察" }, change: { name: "行业观察" } },
      { entity: "helpCategory", create: { name: "考试与测评" }, change: { name: "考试" } },
      {
        entity: "helpArticle",
        create: { categoryId, title: "如何设置分值？", content: "<p>步骤</p>", status: "published" },
        change: { title: "如何设置答案和分值？" },
      },
      {
        entity: "banner",
        create: { title: "在线考试", status: "published" },
        change: { title: "在线考试，自动阅卷" },
      },
      { entity: "menu", create: { name: "样本服务", path: "/website/service" }, change: { name: "样本" } },
      {
        entity: "vipSet",
        create: {
          level: 2,
          name: "铂金会员",
          priceMonthFen: 3900,
          priceYearFen: 29900,
          limits: {},
          status: "draft",
        },
        change: { name: "铂金会员（年）" },
      },
    ];
    for (const { entity, create, change } of kinds) {
      const created = await post(`${entity}/save`, create);
      expect(created.body.code, entity).toBe(200);
      const id = created.body.data.id;
      const updated = await post<Record<string, unknown>>(`${entity}/save`, { ...create, ...change, id });
      expect(updated.body.data, entity).toMatchObject({ id, ...change });
      expect(
        (await list(entity)).body.data.list.map((row) => row.id),
        entity,
      ).toContain(id);

      expect((await post(`${entity}/delete`, { id })).body, entity).toEqual({
        code: 200,
        msg: "操作成功",
        data: null,
      });
      expect(
        (await list(entity)).body.data.list.map((row) => row.id),
        entity,
      ).not.toContain(id);
      expect((await post(`${entity}/delete`, { id })).body.code, entity).toBe(404);

      const audit = await auditRowsOf(t, entity, id);
      expect(
        audit.map((row) => [row.action, row.adminId]),
        entity,
      ).toEqual([
        ["create", admin.user.id],
        ["update", admin.user.id],
        ["delete", admin.user.id],
      ]);
      const [first, second, third] = audit;
      expect(first?.before, entity).toBeNull();
      expect(first?.after, entity).toMatchObject({
        id,
        ...create,
        ...("limits" in create ? { limits: "{}" } : {}),
      });
      expect(second?.before, entity).toMatchObject({ id });
      expect(second?.after, entity).toMatchObject({ id, ...change });
      expect(third?.before, entity).toMatchObject({ id, ...change });
      expect(third?.after, entity).toBeNull();
    }
  });

  it("answers 404 when saving an id that does not exist, and writes no audit row", async () => {
    const res = await post("label/save", { id: 424242, name: "不存在" });
    expect(res.body).toEqual({ code: 404, msg: "请求的内容不存在或已被删除", data: null });
    expect(await auditRowsOf(t, "label", 424242)).toEqual([]);
  });

  it("sanitises rich text on save and refuses text that is empty once cleaned", async () => {
    const { categoryId } = await buildHelpArticle(t);
    const saved = await post<{ content: string }>("helpArticle/save", {
      categoryId,
      title: "标题",
      content: '<h1 onclick="x()">一</h1><iframe src="https://evil.example"></iframe><p style="x">二</p>',
      status: "published",
    });
    expect(saved.body.data.content).toBe("<h2>一</h2><p>二</p>");
    const empty = await post("news/save", {
      title: "空",
      content: "<script>alert(1)</script><p> </p>",
      status: "draft",
    });
    expect(empty.body).toMatchObject({ code: 400, msg: "请填写正文内容" });
  });

  it("writes the summary from the text when none is given", async () => {
    const saved = await post<{ summary: string }>("news/save", {
      title: "标题",
      content: `<p>${"问卷".repeat(80)}</p>`,
      status: "draft",
    });
    expect(saved.body.data.summary).toBe(`${"问卷".repeat(60)}…`);
  });

  it("accepts only http(s) addresses or site paths in URL fields", async () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "x.png",
    ]) {
      const news = await post("news/save", { title: "t", content: "<p>x</p>", status: "draft", cover: bad });
      expect(news.body, bad).toMatchObject({ code: 400, data: { errors: [{ field: "cover" }] } });
      const banner = await post("banner/save", { title: "t", status: "draft", image: bad, link: bad });
      expect(banner.body.code, bad).toBe(400);
      const menu = await post("menu/save", { name: "t", path: bad });
      expect(menu.body, bad).toMatchObject({
        code: 400,
        msg: "菜单地址需为本站路径（以 / 开头）或 http(s) 链接",
      });
    }
    expect(
      (await post("banner/save", { title: "t", status: "draft", image: "/a.png", link: "" })).body.code,
    ).toBe(200);
  });

  it("checks references and unique names", async () => {
    const news = await post("news/save", { title: "t", content: "<p>x</p>", status: "draft", labelId: 777 });
    expect(news.body).toMatchObject({ code: 400, msg: "所选标签不存在" });
    const article = await post("helpArticle/save", {
      categoryId: 777,
      title: "t",
      content: "<p>x</p>",
      status: "draft",
    });
    expect(article.body).toMatchObject({ code: 400, msg: "所选帮助分类不存在" });
    await post("label/save", { name: "产品动态" });
    expect((await post("label/save", { name: "产品动态" })).body).toMatchObject({
      code: 409,
      msg: "标签名称已存在",
    });
  });

  it("refuses to delete a help category that still has articles; a label's news lose the label", async () => {
    const article = await buildHelpArticle(t);
    const refused = await post("helpCategory/delete", { id: article.categoryId });
    expect(refused.body).toMatchObject({ code: 409, msg: "该分类下还有文章，请先删除或移动文章" });
    await post("helpArticle/delete", { id: article.id });
    expect((await post("helpCategory/delete", { id: article.categoryId })).body.code).toBe(200);

    const label = await buildLabel(t);
    const item = await buildNews(t, { labelId: label.id });
    await post("label/delete", { id: label.id });
    const row = await t.db.selectFrom("news").select("labelId").where("id", "=", item.id).executeTakeFirst();
    expect(row?.labelId).toBeNull();
  });

  it("filters the news list by label, status and title", async () => {
    const label = await buildLabel(t);
    await buildNews(t, { title: "V5.0 发布", labelId: label.id });
    await buildNews(t, { title: "考试功能", status: "draft" });
    await buildNews(t, { title: "满意度 100% 的秘诀" });
    const titles = async (params: Record<string, string | number>) =>
      (await list<{ title: string }>("news", params)).body.data.list.map((n) => n.title);
    expect(await titles({ labelId: label.id })).toEqual(["V5.0 发布"]);
    expect(await titles({ status: "draft" })).toEqual(["考试功能"]);
    expect(await titles({ keyword: "v5" })).toEqual(["V5.0 发布"]);
    expect(await titles({ keyword: "100%" })).toEqual(["满意度 100% 的秘诀"]);
    expect((await titles({ labelId: "", status: "", keyword: "" })).length).toBe(3);
  });
});

describe("admin/audit/list", () => {
  it("lists changes newest first with who made them, filtered by entity", async () => {
    await post("label/save", { name: "一" });
    await post("menu/save", { name: "首页", path: "/website/home" });
    const all = await list<{ entity: string; action: string; adminName: string; createdAt: string }>("audit");
    expect(all.body.data.list.map((row) => row.entity)).toEqual(["menu", "label"]);
    expect(all.body.data.list[0]).toMatchObject({ action: "create", adminName: "管理员" });
    expect(all.body.data.list[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const labels = await list<{ entity: string }>("audit", { entity: "label" });
    expect(labels.body.data.list.map((row) => row.entity)).toEqual(["label"]);
    expect((await list("audit", { entity: "nope" })).body).toMatchObject({ code: 400, msg: "对象类型无效" });
  });
});
