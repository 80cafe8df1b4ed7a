import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  type ApiRead,
  type ApiReply,
  WEBSITE_DATA_SCRIPT_ID,
  type WebsiteHead,
  type WebsitePageData,
  type WebsiteSsrModule,
} from "@wjgj/core/pages/website";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { reachableChunks, readBuildManifest } from "./build-manifest.ts";
import { escapeHtml, inlineJson, MINIMAL_TEMPLATE, SITE, siteOrigin } from "./page-html.ts";
import { API_PREFIX } from "./route.ts";
import { newNonce, nonceTemplate, setPageSecurityHeaders, withNonce } from "./security-headers.ts";

/**
 * CSS of every website page chunk (from the client build's manifest), so pages are styled before their chunk
 * loads; and of what those chunks load on their own when they render (a template's question preview,
 * components/template-details), which the server renders into the page before the browser has it. Not of the
 * entries' dynamic imports: index.html's are every other page of the app.
 */
export function websiteStylesheets(webDist: string): string[] {
  const manifest = readBuildManifest(webDist);
  if (!manifest) return [];
  const pages = Object.keys(manifest).filter((key) =>
    /^src\/pages\/(website-|coming-soon\/|not-found\/)/.test(key),
  );
  const chunks = reachableChunks(manifest, pages);
  const loadedLater = chunks.filter((chunk) => !chunk.isEntry).flatMap((chunk) => chunk.dynamicImports ?? []);
  return [
    ...new Set(
      [...chunks, ...reachableChunks(manifest, loadedLater)].flatMap((chunk) =>
        (chunk.css ?? []).map((sheet) => `/${sheet}`),
      ),
    ),
  ];
}

interface FilledPage {
  head: WebsiteHead;
  origin: string;
  status: number;
  stylesheets: string[];
  styles: string;
  html: string;
  data: WebsitePageData | null;
  nonce?: string;
}

/** The app's index.html around the rendered page: head tags for search engines and sharing, markup, data. */
export function fillWebsiteTemplate(template: string, page: FilledPage): string {
  const url = escapeHtml(`${page.origin}${page.head.path}`);
  const title = escapeHtml(page.head.title);
  const description = escapeHtml(page.head.description);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:locale" content="zh_CN" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(page.status === 404 ? [`<meta name="robots" content="noindex" />`] : []),
    ...page.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
    page.styles,
  ].join("");
  const nonce = page.nonce ? ` nonce="${page.nonce}"` : "";
  const script = page.data
    ? `<script id="${WEBSITE_DATA_SCRIPT_ID}" type="application/json"${nonce}>${inlineJson(page.data)}</script>`
    : "";
  // Replacements go through functions so `$&` in content stays literal.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace("</head>", () => `${tags}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${script}`);
}

type Renderer = WebsiteSsrModule | null;

/** The renderer built by `npm run build -w @wjgj/web`; without a build, the source module (under vitest). */
async function loadRenderer(app: FastifyInstance, webDist: string): Promise<Renderer> {
  const built = path.join(webDist, "server", "website-ssr.js");
  const source = new URL("../../../web/src/website/ssr.tsx", import.meta.url).href;
  const specifier = fs.existsSync(built) ? pathToFileURL(built).href : source;
  try {
    return (await import(/* @vite-ignore */ specifier)) as WebsiteSsrModule;
  } catch (error) {
    app.log.warn(
      { err: error, specifier },
      "website renderer unavailable; pages are rendered by the browser",
    );
    return null;
  }
}

/**
 * The public site (/website and everything under it), rendered on the server so search engines and
 * visitors without scripts get the content, title and description; the browser then hydrates it.
 * The page's API reads go through the real routes (`app.inject`), so the server sees what the browser
 * would fetch. Registered before the SPA fallback.
 */
export async function registerWebsitePages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { webDist } = ctx.config;
  const templateFile = path.join(webDist, "index.html");
  const template = nonceTemplate(
    fs.existsSync(templateFile) ? fs.readFileSync(templateFile, "utf8") : MINIMAL_TEMPLATE,
  );
  // The entry's own CSS is linked by the template already.
  const stylesheets = websiteStylesheets(webDist).filter((href) => !template.includes(`"${href}"`));
  let renderer: Promise<Renderer> | null = null;

  const fetchApi = async (read: ApiRead): Promise<ApiReply> => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(read.query)) query.append(key, String(value));
    const response = await app.inject({ method: "GET", url: `${API_PREFIX}/${read.path}?${query}` });
    try {
      return response.json<ApiReply>();
    } catch {
      return { code: 500, msg: "", data: null };
    }
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    renderer ??= loadRenderer(app, webDist);
    const module = await renderer;
    const origin = siteOrigin(request, ctx.config);
    const fallbackHead: WebsiteHead = {
      title: SITE,
      description: "",
      path: request.url.split("?")[0] ?? "/",
    };
    let page: FilledPage = {
      head: fallbackHead,
      origin,
      status: 200,
      stylesheets,
      styles: "",
      html: "",
      data: null,
    };
    try {
      if (module) {
        const rendered = await module.renderWebsitePage(`http://localhost${request.url}`, fetchApi);
        if (rendered.kind === "redirect") return reply.redirect(rendered.location, rendered.status);
        const { head, status, html, styles, data } = rendered;
        page = { ...page, head, status, html, styles, data };
      }
    } catch (error) {
      request.log.error({ err: error }, "website page rendering failed; the browser renders instead");
    }
    const nonce = newNonce();
    return setPageSecurityHeaders(reply, "website", nonce)
      .status(page.status)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(fillWebsiteTemplate(withNonce(template, nonce), { ...page, nonce }));
  };

  app.get("/website", handle);
  app.get("/website/*", handle);
}
