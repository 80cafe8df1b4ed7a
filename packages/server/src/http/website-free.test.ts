import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { headOf, rootOf } from "../../test/website-html.ts";
import { seedSiteContent } from "../seed/site-content.ts";
import { seedOfficialTemplates } from "../seed/templates/index.ts";

// 免费模板 (/website/free) and a template's page, rendered on the server: what a crawler, or a visitor
// without scripts, reads. The renderer runs from source here (no web build).

let t: TestContext;
let privateId: number;
beforeAll(async () => {
  t = await createTestContext();
  await seedSiteContent(t.db, t.clock, 1);
  await buildAdmin(t);
  await seedOfficialTemplates(t.ctx);
  const author = await buildUser(t, { nickName: "私有作者" });
  const questionnaire = await buildQuestionnaire(t, author, { title: "只给自己看的私有模板" });
  const saved = await call<{ id: number }>(t.app, "POST", "template/addTemplate", {
    token: author.token,
    json: { questionaryId: questionnaire.id, title: "只给自己看的私有模板" },
  });
  expect(saved.body.code).toBe(200);
  privateId = saved.body.data.id;
  // The first page loads the renderer from the web package's source: slow on a loaded machine, so it is paid
  // here, under the hook's own limit, rather than by the first test.
  await t.app.inject({ method: "GET", url: "/website/free" });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const HOST = "wj.example.com";
const page = (url: string) => t.app.inject({ method: "GET", url, headers: { host: HOST } });

const decodeAmp = (html: string) => html.replace(/&amp;/g, "&");

interface Row {
  id: number;
  title: string;
  kind: string;
  categoryId: string;
  professionId: number | null;
  useCount: number;
}

function publicRows(): Promise<Row[]> {
  return t.db
    .selectFrom("templates")
    .select(["id", "title", "kind", "categoryId", "professionId", "useCount"])
    .where("reviewState", "=", "approved")
    .where("visibility", "=", "public")
    .orderBy("useCount", "desc")
    .orderBy("id", "desc")
    .execute();
}

describe("GET /website/free", () => {
  it("lists the first 12 public templates as links to their pages, with filters and pages as links", async () => {
    const rows = await publicRows();
    expect(rows.length).toBeGreaterThan(12);
    const res = await page("/website/free");
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe("免费模板 - 问卷管家");
    expect(head.canonical).toBe(`http://${HOST}/website/free`);
    const root = decodeAmp(rootOf(res.body));
    for (const row of rows.slice(0, 12))
      expect(root).toMatch(new RegExp(`href="/website/free/${row.id}"[^>]*>${row.title}</a>`));
    expect(root).not.toContain(`/website/free/${rows[12]?.id}"`);
    expect(root).not.toContain("只给自己看的私有模板");
    expect(root).toContain('href="/website/free?kind=exam"');
    expect(root).toContain('href="/website/free?sort=new"');
    expect(root).toMatch(
      /<a[^>]*href="\/website\/free\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/website\/free\?page=2"/,
    );
    // The search works as a plain GET form.
    expect(root).toMatch(/<form[^>]*action="\/website\/free"[^>]*method="get"/);
    expect(root).toContain('name="keyword"');
  });

  it("filters by kind, scene and profession from the address, and names the page after them", async () => {
    const rows = await publicRows();
    const exam = rows.find((row) => row.kind === "exam" && row.professionId !== null);
    if (!exam?.professionId) throw new Error("no seeded exam with a profession");
    const profession = await t.db
      .selectFrom("template_professions")
      .select("name")
      .where("id", "=", exam.professionId)
      .executeTakeFirstOrThrow();
    const expected = rows.filter(
      (row) =>
        row.kind === "exam" && row.categoryId === exam.categoryId && row.professionId === exam.professionId,
    );
    const path = `/website/free?kind=exam&category=${exam.categoryId}&profession=${exam.professionId}&sort=new&keyword=`;
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toMatch(new RegExp(`^${profession.name} · .+模板 - 免费模板 - 问卷管家$`));
    // The order is not part of the canonical address; the filters are.
    expect(decodeAmp(head.canonical ?? "")).toBe(
      `http://${HOST}/website/free?kind=exam&category=${exam.categoryId}&profession=${exam.professionId}`,
    );
    const root = rootOf(res.body);
    const shown = [...root.matchAll(/data-testid="free-card"/g)].length;
    expect(shown).toBe(Math.min(expected.length, 12));
    for (const row of expected.slice(0, 12)) expect(root).toContain(`/website/free/${row.id}"`);
    expect(root).toContain('aria-current="true"');
  });

  it("searches by keyword and says how many it found; nonsense parameters fall back to the defaults", async () => {
    const [first] = await publicRows();
    if (!first) throw new Error("no templates");
    const res = await page(`/website/free?keyword=${encodeURIComponent(first.title)}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain(`href="/website/free/${first.id}"`);
    expect(root).toContain(`“${first.title}”的搜索结果`);
    expect(headOf(res.body).canonical).toBe(`http://${HOST}/website/free`);

    const odd = await page("/website/free?kind=nope&page=-3&profession=abc&sort=zzz");
    expect(odd.statusCode).toBe(200);
    expect(headOf(odd.body).canonical).toBe(`http://${HOST}/website/free`);
    expect(rootOf(odd.body)).toContain(`href="/website/free/${first.id}"`);
  });

  it("numbers later pages in the title and the canonical address", async () => {
    const res = await page("/website/free?page=2");
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe("免费模板 - 第 2 页 - 问卷管家");
    expect(head.canonical).toBe(`http://${HOST}/website/free?page=2`);
    expect(rootOf(res.body)).toContain('rel="prev"');
  });
});

describe("GET /website/free/:id", () => {
  it("renders the template's title, description and every question without scripts", async () => {
    const [first] = await publicRows();
    if (!first) throw new Error("no templates");
    const detail = await call<{
      title: string;
      definition: { pages: { questions: { title: string }[] }[] };
    }>(t.app, "GET", "template/getTemplateDetail", { params: { id: first.id } });
    const res = await page(`/website/free/${first.id}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe(`${first.title} - 免费模板 - 问卷管家`);
    expect(head.description).toContain("免费一键使用");
    expect(head.canonical).toBe(`http://${HOST}/website/free/${first.id}`);
    const root = rootOf(res.body);
    // The page's one heading is the template's title (its classes are the page's and the shared summary's).
    expect(root).toMatch(new RegExp(`<h1 class="[^"]*\\bwj-free-tpl__title\\b[^"]*">${first.title}</h1>`));
    const questions = detail.body.data.definition.pages.flatMap((p) => p.questions);
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) expect(root).toContain(question.title.replace(/&/g, "&amp;"));
    // 使用此模板 is a link to log in that comes back here to use it.
    const back = encodeURIComponent(`/website/free/${first.id}?use=1`);
    expect(decodeAmp(root)).toMatch(
      new RegExp(`<a[^>]*href="/Loginone\\?redirect=${back}"[^>]*><span>使用此模板`),
    );
  });

  it("answers 404 for a private, missing or malformed template, and keeps it out of the page", async () => {
    for (const path of [`/website/free/${privateId}`, "/website/free/999999", "/website/free/abc"]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expect(headOf(res.body).title).toBe("模板不存在或已下架 - 问卷管家");
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(rootOf(res.body)).toContain("返回免费模板");
      expect(res.body).not.toContain("只给自己看的私有模板");
    }
  });
});

describe("sitemap.xml", () => {
  it("lists every public approved template and not the private one", async () => {
    const res = await page("/sitemap.xml");
    const rows = await publicRows();
    for (const row of rows) expect(res.body).toContain(`<loc>http://${HOST}/website/free/${row.id}</loc>`);
    expect(res.body).toContain(`<loc>http://${HOST}/website/free</loc>`);
    expect(res.body).not.toContain(`/website/free/${privateId}<`);
  });
});
