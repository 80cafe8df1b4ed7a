import { plainExcerpt, SITE_NAME, wwwRedirectHost } from "@wjgj/core";
import type { AnswerPageInput } from "@wjgj/core/pages/answer";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/**
 * What the server-rendered pages share (the respondent pages, the notices before and around them, /hd topic
 * pages, the website and its sitemap): the site's name and address, the page shell used without a web build,
 * and the escaping every inlined value goes through.
 */

export const SITE = SITE_NAME;
export const PUBLIC_ID = /^[0-9A-Za-z]{6,16}$/;

/**
 * The page shell when the web app was not built (unit tests, `npm run serve` before `npm run build`): the
 * markup is the same, only without the app's scripts.
 */
export const MINIMAL_TEMPLATE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content=""><title>问卷管家</title></head><body><div id="root"></div></body></html>`;

/**
 * JSON for an inline `<script type="application/json">`: `<`, `>` and `&` (and the JS line separators) are
 * escaped, so no text in a questionnaire (a title of `</script><script>…`) can end the script element.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Text of rich text for the head; markup with no text at all (`<script>…`) is shown as typed, escaped. */
export const plain = plainExcerpt;

/**
 * The site's address for canonical links, the sitemap and robots.txt: SITE_URL when configured, else the
 * request's own host (behind a proxy, the forwarded one when TRUST_PROXY is on), moved to its www form
 * when the www host rule is on.
 */
export function siteOrigin(request: FastifyRequest, config: Pick<Config, "siteUrl" | "wwwRedirect">): string {
  if (config.siteUrl) return config.siteUrl;
  const host = validHost(request.host);
  // A Host header that is no host name is never echoed: links then stay relative to the page.
  if (!host) return "";
  return `${request.protocol}://${(config.wwwRedirect && wwwRedirectHost(host)) || host}`;
}

// A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** The request's Host header when it is a well-formed host name (lower-cased), else null. */
export function validHost(host: string | undefined): string | null {
  if (!host || host.length > 260 || !HOST_PATTERN.test(host)) return null;
  return host.toLowerCase();
}

export type PageMeta = {
  title: string;
  description: string;
  status: number;
  canonical?: string;
  /** The link's card (og: tags) on pages people share: the answer page's 分享设置. */
  share?: ShareMeta;
};

/** A shared link's card: absolute addresses, plain text. */
export interface ShareMeta {
  url: string;
  title: string;
  description: string;
  /** "" when there is no picture at all. */
  image: string;
}

/** Renders one respondent page (server markup, inlined data, headers): answer-pages.ts makes it for the notice and /hd pages. */
export interface AnswerPageSender {
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    input: AnswerPageInput,
    meta: PageMeta,
  ): Promise<FastifyReply>;
  notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}
