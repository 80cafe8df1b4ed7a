import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildHelpArticle, buildNews } from "../../test/factories.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { addSeconds, iso } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { robotsTxt, sitemapXml, sitePaths } from "./website-sitemap.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, host = "wj.example.com") => t.app.inject({ method: "GET", url, headers: { host } });

function locs(xml: string): string[] {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    (match) => `${match[1]} ${match[2] ?? "-"}`,
  );
}

describe("GET /sitemap.xml", () => {
  it("lists every site page, each live news item and published help article, with lastmod", async () => {
    const edited = iso(addSeconds(t.clock.now(), -3600));
    const live = await buildNews(t, {
      title: "已发布",
      publishAt: iso(addSeconds(t.clock.now(), -7200)),
      updatedAt: edited,
    });
    const draft = await buildNews(t, { title: "草稿", status: "draft" });
    const later = await buildNews(t, { title: "定时", publishAt: iso(addSeconds(t.clock.now(), 3600)) });
    const article = await buildHelpArticle(t, { title: "如何导出", updatedAt: edited });
    const hidden = await buildHelpArticle(t, { title: "未发布", status: "draft" });

    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const entries = locs(res.body);
    const origin = "http://wj.example.com";
    for (const path of sitePaths())
      expect(entries.some((entry) => entry.startsWith(`${origin}${path} `))).toBe(true);
    expect(entries).toContain(`${origin}/website/resource/news/${live.id}/info ${edited}`);
    expect(entries).toContain(`${origin}/website/resource/help?id=${article.id} ${edited}`);
    // The news list changes when its newest item does.
    expect(entries).toContain(`${origin}/website/resource/news ${edited}`);
    for (const id of [draft.id, later.id]) expect(res.body).not.toContain(`/news/${id}/info`);
    expect(res.body).not.toContain(`help?id=${hidden.id}<`);
  });

  it("names the seven product pages and leaves out the menu groups that only redirect", () => {
    const paths = sitePaths();
    expect(paths.filter((path) => path.startsWith("/website/product/"))).toHaveLength(7);
    expect(paths).toContain("/website/home");
    expect(paths).toContain("/website/resource/help");
    expect(paths).not.toContain("/website/product");
    expect(paths).not.toContain("/website/resource");
    expect(paths).toContain("/website/free");
    expect(paths).toContain("/website/mutual");
  });

  it("escapes addresses as XML", () => {
    expect(sitemapXml("https://a.example", [{ path: "/x?a=1&b=2", lastmod: undefined }])).toContain(
      "<url><loc>https://a.example/x?a=1&amp;b=2</loc></url>",
    );
  });
});

describe("GET /robots.txt", () => {
  it("allows the site, keeps crawlers out of the private areas and points to the sitemap", async () => {
    const res = await get("/robots.txt", "www.wj.example.com:8080");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toBe(robotsTxt("http://www.wj.example.com:8080"));
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/dc/", "/dw/", "/r/", "/y/", "/wjgj/api/"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Sitemap: http://www.wj.example.com:8080/sitemap.xml");
  });

  it("never echoes a Host header that is no host name: the Sitemap line is left out", async () => {
    for (const host of ["evil.example/<script>alert(1)</script>", "a b.example", "x.example\u202e", "[::1"]) {
      const res = await get("/robots.txt", host);
      expect(res.statusCode, host).toBe(200);
      expect(res.body, host).toBe(robotsTxt(""));
      expect(res.body, host).not.toContain("Sitemap");
      expect(res.body, host).not.toContain("script");
    }
    const ipv6 = await get("/robots.txt", "[::1]:8080");
    expect(ipv6.body).toContain("Sitemap: http://[::1]:8080/sitemap.xml");
  });
});

describe("GET /favicon.ico", () => {
  it("sends browsers on to the site's icon", async () => {
    const res = await get("/favicon.ico");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/favicon.svg");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });
});

describe("with the www host rule on", () => {
  let w: TestContext;
  beforeAll(async () => {
    w = await createTestContext({ WWW_REDIRECT: "1" });
  });
  afterAll(async () => {
    await w.close();
  });

  it("sends a bare host to www first, and names the www host in robots.txt", async () => {
    const bare = await w.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { host: "wj.example.com" },
    });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("http://www.wj.example.com/robots.txt");
    const www = await w.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { host: "www.wj.example.com" },
    });
    expect(www.body).toContain("Sitemap: http://www.wj.example.com/sitemap.xml");
  });
});

describe("with SITE_URL configured", () => {
  let s: TestContext;
  beforeAll(async () => {
    s = await createTestContext({ SITE_URL: "https://www.wjgj.example.com" });
  });
  afterAll(async () => {
    await s.close();
  });

  it("names the configured address whatever host the request came in on", async () => {
    const headers = { host: "10.0.0.5:8080" };
    const robots = await s.app.inject({ method: "GET", url: "/robots.txt", headers });
    expect(robots.body).toContain("Sitemap: https://www.wjgj.example.com/sitemap.xml");
    const sitemap = await s.app.inject({ method: "GET", url: "/sitemap.xml", headers });
    expect(sitemap.body).toContain("<loc>https://www.wjgj.example.com/website/home</loc>");
    expect(sitemap.body).not.toContain("10.0.0.5");
  });

  it("refuses an address with a path", () => {
    expect(() => loadConfig({ SITE_URL: "https://www.wjgj.example.com/site/" })).toThrow(/SITE_URL/);
  });
});
