import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditRowsOf,
  type BuiltUser,
  buildAdmin,
  buildQuestionnaire,
  buildUser,
  tableCounts,
} from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";

let t: TestContext;
let admin: BuiltUser;
let user: BuiltUser;
let templateId: number;
let publicId: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
  user = await buildUser(t);
  const now = t.clock.now().toISOString();
  const template = await t.db
    .insertInto("templates")
    .values({
      ownerId: null,
      official: 1,
      kind: "survey",
      categoryId: "",
      professionId: null,
      title: "员工满意度调查模板",
      description: "",
      cover: "",
      tags: "[]",
      searchText: "",
      definition: "{}",
      questionCount: 3,
      visibility: "public",
      reviewState: "approved",
      rejectReason: "",
      featured: 0,
      useCount: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  templateId = template.id;
  const q = await buildQuestionnaire(t, user, { kind: "survey", title: "春季活动报名" });
  await call(t.app, "POST", "questionary/releaseQuestionary", { token: user.token, params: { id: q.id } });
  publicId = q.publicId;
});
afterAll(async () => {
  await t.close();
});

const save = (json: Record<string, unknown>, token = admin.token) =>
  call<{ id: number; slug: string }>(t.app, "POST", "admin/hd/save", { token, json });
const get = (url: string) => t.app.inject({ method: "GET", url });

const page = (values: Record<string, unknown> = {}) => ({
  slug: "spring-2026",
  title: "春季调研节",
  summary: "春季调研节：免费模板与报名问卷",
  banner: "https://img.example.com/spring.png",
  content: '<p>一年一度的<b>调研节</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  templateIds: String(templateId),
  questionnaireIds: publicId,
  ctaText: "立即免费创建",
  ctaUrl: "/creatDc",
  status: "published",
  ...values,
});

describe("admin/hd/save and /hd/{name}", () => {
  it("creates a page the admin wrote (sanitised, audited) and renders it on the server with SEO", async () => {
    const created = await save(page());
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const audit = await auditRowsOf(t, "hd", id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", adminId: admin.user.id });

    const res = await get("/hd/spring-2026");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>春季调研节 - 问卷管家</title>");
    expect(res.body).toContain('<meta name="description" content="春季调研节：免费模板与报名问卷" />');
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/hd\/spring-2026" \/>/);
    expect(res.body).toContain("<strong>调研节</strong>");
    expect(res.body).not.toContain("alert(1)");
    expect(res.body).not.toContain("onerror");
    expect(res.body).toContain(`href="/website/free/${templateId}"`);
    expect(res.body).toContain(`href="/r/${publicId}"`);
    expect(res.body).toContain('href="/creatDc"');
    expect(res.body).toContain("立即免费创建");
    // ?name= is the same page, with the same canonical address.
    const byQuery = await get("/hd?name=spring-2026");
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/hd\/spring-2026" \/>/);

    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).toContain("/hd/spring-2026</loc>");
  });

  it("answers a Chinese 404 for an unknown, malformed or draft page, and keeps drafts out of the sitemap", async () => {
    await save(page({ slug: "draft-page", status: "draft" }));
    for (const url of ["/hd/no-such-page", "/hd", "/hd?name=%3Cb%3E", "/hd/draft-page"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain("页面不存在");
      expect(res.body).toContain("活动页面不存在或已下线");
    }
    expect((await get("/sitemap.xml")).body).not.toContain("draft-page");
  });

  it("refuses a bad slug, a taken slug, unknown links and a button without a link, in Chinese", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ slug: "Bad Slug" }, 400, "页面标识需为2-64位小写字母、数字或短横线，且以字母或数字开头"],
      [{ slug: "spring-2026", title: "重复" }, 409, "该页面标识已被其他活动页使用"],
      [{ slug: "links-1", templateIds: "999999" }, 400, "关联模板请填写公开模板的编号，多个用逗号分隔"],
      [
        { slug: "links-2", questionnaireIds: "Zz9Zz9Zz9Z" },
        400,
        "关联问卷请填写已发布问卷的链接编号，多个用逗号分隔",
      ],
      [{ slug: "cta", ctaUrl: "" }, 400, "按钮文字最多20个字，填写按钮文字时需同时填写按钮链接"],
      [{ slug: "empty", content: "<script>x</script>" }, 400, "请填写正文内容"],
    ];
    const before = await tableCounts(t);
    for (const [values, code, msg] of cases) {
      const res = await save(page(values));
      expect(res.body.code, JSON.stringify(values)).toBe(code);
      expect(res.body.msg).toBe(msg);
    }
    expect(await tableCounts(t)).toEqual(before);
  });

  it("lets only admins write: a user gets 403, a visitor 303, and nothing changes", async () => {
    const before = await tableCounts(t);
    expect((await save(page({ slug: "by-user" }), user.token)).body.code).toBe(403);
    const anonymous = await call(t.app, "POST", "admin/hd/save", { json: page({ slug: "by-visitor" }) });
    expect(anonymous.body.code).toBe(303);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("updates and deletes, audited, and the page follows", async () => {
    const created = await save(page({ slug: "autumn", title: "秋季调研节" }));
    const id = created.body.data.id;
    const updated = await save(page({ id, slug: "autumn", title: "秋季调研节（延期）", templateIds: "" }));
    expect(updated.body.code).toBe(200);
    const res = await get("/hd/autumn");
    expect(res.body).toContain("秋季调研节（延期）");
    expect(res.body).not.toContain("/website/free/");
    const listed = await call<{ list: { slug: string; templateIds: string }[] }>(
      t.app,
      "GET",
      "admin/hd/list",
      {
        token: admin.token,
        params: { pageNum: 1, pageSize: 10, keyword: "秋季" },
      },
    );
    expect(listed.body.data.list).toEqual([expect.objectContaining({ slug: "autumn", templateIds: "" })]);
    expect(
      (await call(t.app, "POST", "admin/hd/delete", { token: admin.token, json: { id } })).body.code,
    ).toBe(200);
    expect((await get("/hd/autumn")).statusCode).toBe(404);
    expect((await auditRowsOf(t, "hd", id)).map((row) => row.action)).toEqual(["create", "update", "delete"]);
  });
});
