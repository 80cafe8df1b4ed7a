/**
 * The contract between the server (packages/server/src/http/website-pages.ts) and the website's renderer
 * (packages/web/src/website/ssr.tsx, built to dist/server/website-ssr.js). Pure types and constants, here in
 * core because both sides import them and neither imports the other.
 */

/** One read of the public API, exactly as the browser makes it: the path under /wjgj/api and its query. */
export interface ApiRead {
  path: string;
  query: Record<string, string | number>;
}

/** The envelope the API answered. */
export interface ApiReply {
  code: number;
  msg: string;
  data: unknown;
}

/** The server answers reads through its real API routes, so a page sees what the browser would fetch. */
export type WebsiteFetch = (read: ApiRead) => Promise<ApiReply>;

/**
 * One entry of the browser's query cache, filled on the server and again in the browser before it
 * hydrates, so both render from the same data. An error is kept as the API's code and message.
 */
export interface QuerySeed {
  key: readonly unknown[];
  data?: unknown;
  error?: { code: number; msg: string };
  /** When the server read it (ms since epoch). */
  at: number;
}

export interface WebsitePageData {
  seeds: QuerySeed[];
}

export interface WebsiteHead {
  title: string;
  description: string;
  /** The page's canonical path (with the query only where it names the content, a help article). */
  path: string;
}

export type WebsiteRender =
  | { kind: "redirect"; status: number; location: string }
  | {
      kind: "page";
      status: number;
      head: WebsiteHead;
      /** The markup of #root. */
      html: string;
      /** antd's style tags for the head, extracted while rendering. */
      styles: string;
      data: WebsitePageData;
    };

/** The server-side renderer (`packages/web/src/website/ssr.tsx`, built to `dist/server/website-ssr.js`). */
export interface WebsiteSsrModule {
  renderWebsitePage(url: string, fetch: WebsiteFetch): Promise<WebsiteRender>;
}

export const WEBSITE_DATA_SCRIPT_ID = "__WEBSITE_DATA__";
