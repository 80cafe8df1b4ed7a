import { expect } from "vitest";

/** Reading the server-rendered website pages in tests (http/website-*.test.ts). */

/** The markup inside #root: what a browser shows, and a crawler reads, before any script runs. */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="__WEBSITE_DATA__"');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The head's title, description, canonical address and sharing tags (null where absent). */
export function headOf(html: string) {
  const meta = (attr: string) => new RegExp(`<meta ${attr} content="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    description: meta('name="description"'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    ogTitle: meta('property="og:title"'),
    ogDescription: meta('property="og:description"'),
  };
}
