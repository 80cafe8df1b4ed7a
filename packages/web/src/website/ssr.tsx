import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import type { QuerySeed, WebsiteFetch, WebsiteRender } from "@wjgj/core/pages/website";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "../app.tsx";
import { routes } from "../router.tsx";
import { pageHead } from "./head.ts";
import { plannedReads } from "./page-queries.ts";
import { applySeeds } from "./seeds.ts";

/** A page that takes longer than this to render is abandoned; the server then sends the bare app shell. */
const RENDER_TIMEOUT_MS = 10_000;

const handler = createStaticHandler(routes);

async function readSeeds(url: URL, fetch: WebsiteFetch): Promise<QuerySeed[]> {
  const planned = plannedReads(url.pathname, url.searchParams);
  return Promise.all(
    planned.map(async ({ key, read }): Promise<QuerySeed> => {
      const reply = await fetch(read);
      const at = Date.now();
      return reply.code === 200
        ? { key, data: reply.data, at }
        : { key, error: { code: reply.code, msg: reply.msg }, at };
    }),
  );
}

/**
 * Server-side rendering of the public site (built to dist/server/website-ssr.js, loaded by the server's
 * website-pages.ts). The same routes and providers as the browser, a static router, and the API reads of
 * the page made first; the browser puts the same reads into its cache and hydrates the markup.
 */
export async function renderWebsitePage(href: string, fetch: WebsiteFetch): Promise<WebsiteRender> {
  const url = new URL(href);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }

  const seeds = await readSeeds(url, fetch);
  const client = createQueryClient();
  applySeeds(client, seeds);
  const router = createStaticRouter(handler.dataRoutes, context);
  // What antd declares as it renders: the theme's CSS variables (antd.css, linked by the page, draws the components).
  const cache = createCache();
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProviders client={client}>
          {/* The router needs no hydration data: no website route has a loader. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
    // Every boundary inline: React would otherwise move large ones into hidden segments that only a script
    // reveals, and the point of this page is to be readable without scripts.
    { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const matches = context.matches.map((match) => ({ handle: match.route.handle, route: match.route }));
  const { status, ...head } = pageHead(matches, url, seeds);
  return { kind: "page", status, head, html, styles: extractStyle(cache), data: { seeds } };
}
