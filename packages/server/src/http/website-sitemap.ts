import fs from "node:fs";
import path from "node:path";
import { SITE_NAV, type SiteLink } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { iso } from "../clock.ts";
import { publishedCampaignPages } from "../commands/site/campaign-pages.ts";
import type { AppContext } from "../context.ts";
import { escapeHtml, siteOrigin } from "./page-html.ts";

interface SitemapEntry {
  path: string;
  lastmod: string | undefined;
}

/** Every page of the site's menu (a menu group is a redirect, its children are the pages), but those still to come. */
export function sitePaths(): string[] {
  return SITE_NAV.flatMap((item): readonly SiteLink[] => item.children ?? [item])
    .filter((link) => !link.comingSoon)
    .map((link) => link.to);
}

function latest(values: readonly (string | undefined)[]): string | undefined {
  return values.reduce<string | undefined>(
    (max, value) => (value && (!max || value > max) ? value : max),
    undefined,
  );
}

/**
 * The site's pages, live news items, published help articles and the gallery's templates, each with when
 * it last changed.
 */
export async function sitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const now = iso(ctx.clock.now());
  const [news, articles, templates, campaigns] = await Promise.all([
    ctx.db
      .selectFrom("news")
      .select(["id", "publishAt", "updatedAt"])
      .where("status", "=", "published")
      .where("publishAt", "<=", now)
      .orderBy("publishAt", "desc")
      .orderBy("id", "desc")
      .execute(),
    ctx.db
      .selectFrom("help_articles")
      .select(["id", "updatedAt"])
      .where("status", "=", "published")
      .orderBy("id")
      .execute(),
    // The same rows the gallery shows: approved and public.
    ctx.db
      .selectFrom("templates")
      .select(["id", "updatedAt"])
      .where("reviewState", "=", "approved")
      .where("visibility", "=", "public")
      .orderBy("id")
      .execute(),
    publishedCampaignPages(ctx.db),
  ]);
  const newsEntries = news.map((item) => ({
    path: `/website/resource/news/${item.id}/info`,
    // A scheduled item changes for readers when it goes live, after its last edit.
    lastmod: latest([item.publishAt, item.updatedAt]),
  }));
  const articleEntries = articles.map((article) => ({
    path: `/website/resource/help?id=${article.id}`,
    lastmod: article.updatedAt,
  }));
  const templateEntries = templates.map((template) => ({
    path: `/website/free/${template.id}`,
    lastmod: template.updatedAt,
  }));
  const campaignEntries = campaigns.map((page) => ({ path: `/hd/${page.slug}`, lastmod: page.updatedAt }));
  // The fixed pages change with the web build.
  const index = path.join(ctx.config.webDist, "index.html");
  const built = fs.existsSync(index) ? fs.statSync(index).mtime.toISOString() : undefined;
  const lists: Record<string, string | undefined> = {
    "/website/resource/news": latest([built, ...newsEntries.map((entry) => entry.lastmod)]),
    "/website/resource/help": latest([built, ...articleEntries.map((entry) => entry.lastmod)]),
    "/website/free": latest([built, ...templateEntries.map((entry) => entry.lastmod)]),
  };
  const pages = sitePaths().map((page) => ({ path: page, lastmod: lists[page] ?? built }));
  return [...pages, ...newsEntries, ...articleEntries, ...templateEntries, ...campaignEntries];
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : "";
    return `<url><loc>${escapeHtml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * The site is open to crawlers; the logged-in area, answer links, shared 数据报告, previews and the API are not. The
 * Sitemap line needs an absolute address: without a trustworthy origin ("") it is left out.
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dc/",
    "Disallow: /dw/",
    "Disallow: /r/",
    "Disallow: /y/",
    "Disallow: /report/",
    "Disallow: /wjgj/api/",
    "",
    ...(origin ? [`Sitemap: ${origin}/sitemap.xml`, ""] : []),
  ].join("\n");
}

/**
 * GET /sitemap.xml and /robots.txt, with absolute addresses on the request's (canonical) host; and /favicon.ico,
 * which browsers ask for by themselves where a page names no icon (a PDF, a download, the JSON of an API call) and
 * which crawlers' tools fetch: sent on to the site's icon (pages link /favicon.svg) rather than answered 404.
 */
export function registerSitemap(app: FastifyInstance, ctx: AppContext): void {
  app.get("/favicon.ico", async (_request, reply) =>
    reply.header("Cache-Control", "public, max-age=86400").redirect("/favicon.svg", 301),
  );
  app.get("/sitemap.xml", async (request, reply) => {
    const xml = sitemapXml(siteOrigin(request, ctx.config), await sitemapEntries(ctx));
    return reply.header("Cache-Control", "no-cache").type("application/xml; charset=utf-8").send(xml);
  });
  app.get("/robots.txt", async (request, reply) =>
    reply
      .header("Cache-Control", "no-cache")
      .type("text/plain; charset=utf-8")
      .send(robotsTxt(siteOrigin(request, ctx.config))),
  );
}
