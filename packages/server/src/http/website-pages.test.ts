import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRODUCT_LINKS } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildNews } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { headOf, rootOf } from "../../test/website-html.ts";
import { seedHelp } from "../seed/help-content.ts";
import { seedNews } from "../seed/news-content.ts";
import { seedSiteContent } from "../seed/site-content.ts";
import { websiteStylesheets } from "./website-pages.ts";

// The renderer runs from source here (no web build): the same React tree the build bundles.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedSiteContent(t.db, t.clock, 1);
  // The first page loads the renderer from the web package's source (transformed on the fly): tens of seconds on a
  // loaded two-core machine, more than one test's limit, so it is paid here under the hook's own limit.
  await page("/website/home");
}, 120_000);
afterAll(async () => {
  await t.close();
});

const HOST = "wj.example.com";
const page = (url: string) => t.app.inject({ method: "GET", url, headers: { host: HOST } });

async function newsIds(): Promise<{ id: number; title: string; summary: string }[]> {
  return t.db.selectFrom("news").select(["id", "title", "summary"]).orderBy("id").execute();
}

describe("GET /website/* renders the page on the server", () => {
  const cases: [path: string, title: string, content: string][] = [
    ["/website/home", "首页 - 问卷管家", "一个平台，覆盖所有数据收集场景"],
    ["/website/service", "样本服务 - 问卷管家", "服务流程"],
    ["/website/version", "版本价格 - 问卷管家", "黄金会员"],
    ["/website/companyProfile", "联系我们 - 问卷管家", "客服电话"],
    ["/website/free", "免费模板 - 问卷管家", "没有找到符合条件的模板"],
    ["/website/mutual", "互助答题 - 问卷管家", "暂时没有符合条件的问卷"],
    ["/website/resource/news", "资讯 - 问卷管家", seedNews[0]?.title ?? "?"],
    ["/website/resource/help", "帮助中心 - 问卷管家", seedHelp[0]?.articles[0]?.title ?? "?"],
    // What each product page says is the web package's (its website-product test); here: served, titled, in HTML.
    ...PRODUCT_LINKS.map((link): [string, string, string] => [
      link.to,
      `${link.label} - 问卷管家`,
      `aria-label="${link.label}亮点"`,
    ]),
  ];

  it.each(cases)(
    "%s has its content, title, description and canonical in the HTML",
    async (path, title, content) => {
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      const head = headOf(res.body);
      expect(head.title).toBe(title);
      expect(head.description?.length).toBeGreaterThan(20);
      expect(head.ogTitle).toBe(title);
      expect(head.ogDescription).toBe(head.description);
      expect(head.canonical).toBe(`http://${HOST}${path}`);
      expect(rootOf(res.body)).toContain(content);
      // The footer's settings and the site menu are in the markup too.
      expect(rootOf(res.body)).toContain("service@wjgj.example.com");
      expect(rootOf(res.body)).toContain('href="/website/product/exam"');
    },
  );

  it("renders the buttons that lead to another page as links, so a tap before hydration still goes there", async () => {
    // The header's 登录 on every page, 免费使用 on the pricing page, 先去创建问卷 on the sample service.
    expect(rootOf((await page("/website/home")).body)).toMatch(
      /<a[^>]*href="\/Loginone"[^>]*>.*?登录.*?<\/a>/s,
    );
    expect(rootOf((await page("/website/version")).body)).toMatch(
      /<a[^>]*href="\/dc\/dclist"[^>]*>.*?免费使用.*?<\/a>/s,
    );
    expect(rootOf((await page("/website/service")).body)).toMatch(
      /<a[^>]*href="\/dc\/creatDc"[^>]*>.*?先去创建问卷.*?<\/a>/s,
    );
  });

  it("gives each product page its own description and a 免费使用 link to log in", async () => {
    const descriptions = new Set<string | null>();
    for (const link of PRODUCT_LINKS) {
      const res = await page(link.to);
      descriptions.add(headOf(res.body).description);
      expect(rootOf(res.body)).toMatch(/<a[^>]*href="\/loginone"[^>]*>免费使用<\/a>/);
    }
    expect(descriptions.size).toBe(7);
  });

  it("renders a news item with its own title and summary, and inlines the read for hydration", async () => {
    const [first] = await newsIds();
    if (!first) throw new Error("no seeded news");
    const res = await page(`/website/resource/news/${first.id}/info`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe(`${first.title} - 问卷管家`);
    expect(head.description).toBe(first.summary);
    const root = rootOf(res.body);
    expect(root).toContain(`<h1 class="wj-news-detail__title">${first.title}</h1>`);
    expect(root).toContain("上一篇：");
    const data = /<script id="__WEBSITE_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(
      res.body,
    );
    const seeds = JSON.parse(data?.[1] ?? "null") as { seeds: { key: unknown[]; data?: { id?: number } }[] };
    expect(seeds.seeds.map((seed) => seed.key)).toContainEqual(["navigation", "news", "detail", first.id]);
    // The server's read counted this visit; the browser reuses it instead of counting again.
    const detail = await call<{ views: number }>(t.app, "GET", "navigation/getNavigationNewsDetail", {
      params: { id: first.id },
    });
    expect(detail.body.data.views).toBe(2);
  });

  it("renders a help article named in the query with its title", async () => {
    const article = await t.db
      .selectFrom("help_articles")
      .select(["id", "title"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const res = await page(`/website/resource/help?id=${article.id}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe(`${article.title} - 帮助中心 - 问卷管家`);
    expect(head.canonical).toBe(`http://${HOST}/website/resource/help?id=${article.id}`);
    expect(rootOf(res.body)).toContain(`<h2 class="wj-help__title">${article.title}</h2>`);
  });

  it("answers 404 with a Chinese page for a missing, draft or malformed news id", async () => {
    const draft = await buildNews(t, { title: "尚未发布的草稿", status: "draft" });
    for (const path of [
      "/website/resource/news/999999/info",
      `/website/resource/news/${draft.id}/info`,
      "/website/resource/news/abc/info",
    ]) {
      const res = await page(path);
      expect(res.statusCode).toBe(404);
      expect(headOf(res.body).title).toBe("资讯不存在或已下线 - 问卷管家");
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(rootOf(res.body)).toContain("资讯不存在或已下线");
      expect(res.body).not.toContain("尚未发布的草稿");
    }
  });

  it("answers 404 for a path under /website that no page has", async () => {
    const res = await page("/website/nowhere");
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain("页面不存在");
  });

  it("redirects /website and the menu groups to their first page", async () => {
    const redirects: [from: string, to: string][] = [
      ["/website", "/website/home"],
      ["/website/product", "/website/product/search"],
      ["/website/resource", "/website/resource/news"],
    ];
    for (const [from, to] of redirects) {
      const res = await page(from);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(to);
    }
  });

  it("keeps hostile news text inert in the head, the markup and the inlined data", async () => {
    const hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>";
    const news = await buildNews(t, { title: hostile, summary: `摘要${hostile}` });
    const res = await page(`/website/resource/news/${news.id}/info`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).not.toContain("<img src=x");
    expect(headOf(res.body).title).toBe(
      "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; - 问卷管家",
    );
  });
});

describe("websiteStylesheets", () => {
  it("links what website pages load as they render (a template's preview), not the other pages of the app", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-web-dist-"));
    fs.mkdirSync(path.join(dist, ".vite"));
    const manifest = {
      "index.html": {
        file: "assets/index.js",
        isEntry: true,
        css: ["assets/index.css"],
        dynamicImports: ["src/pages/dc-list/index.tsx", "src/pages/website-free-template/index.tsx"],
      },
      "src/pages/website-free-template/index.tsx": {
        file: "assets/free-template.js",
        isDynamicEntry: true,
        imports: ["index.html", "_details.js"],
        dynamicImports: ["src/components/template-details/preview-survey.tsx"],
      },
      "_details.js": { file: "assets/details.js", css: ["assets/details.css"] },
      "src/components/template-details/preview-survey.tsx": {
        file: "assets/preview-survey.js",
        isDynamicEntry: true,
        imports: ["index.html", "_fields.js"],
      },
      "_fields.js": { file: "assets/fields.js", css: ["assets/fields.css"] },
      "src/pages/dc-list/index.tsx": {
        file: "assets/dc-list.js",
        isDynamicEntry: true,
        css: ["assets/dc-list.css"],
      },
    };
    fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
    try {
      expect(websiteStylesheets(dist)).toEqual([
        "/assets/index.css",
        "/assets/details.css",
        "/assets/fields.css",
      ]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
