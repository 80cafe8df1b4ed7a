import { hashKey } from "@tanstack/react-query";
import { richTextToPlain } from "@wjgj/core";
import { matchPath } from "react-router";
import { type HelpArticle, type NewsDetail, navigationKeys } from "../api/navigation.ts";
import { deepestHandleValue, documentTitle } from "../lib/route-handle.ts";
import { parseNewsId } from "../pages/website-news/news-state.ts";
import type { QuerySeed, WebsiteHead } from "./page-data.ts";

export const SITE_DESCRIPTION =
  "问卷管家是专业的在线问卷、考试、投票与表单平台：几十种题型与逻辑设置，手机电脑都能填写，数据实时统计、一键导出。";

interface MatchLike {
  handle: unknown;
  route: { path?: string };
}

/** One line of text for a meta description, cut at about 120 characters. */
export function summaryOf(text: string, max = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function seedOf(seeds: readonly QuerySeed[], key: readonly unknown[]): QuerySeed | undefined {
  const hash = hashKey(key);
  return seeds.find((seed) => hashKey(seed.key) === hash);
}

/**
 * Title, description and HTTP status of a server-rendered website page: the route's own handle, or the
 * news item or help article it shows. A missing item is a 404, as is a path no route knows.
 */
export function pageHead(
  matches: readonly MatchLike[],
  url: URL,
  seeds: readonly QuerySeed[],
): WebsiteHead & { status: number } {
  const head = {
    title: documentTitle(deepestHandleValue(matches, "title")),
    description: deepestHandleValue(matches, "description") ?? SITE_DESCRIPTION,
    path: url.pathname,
    status: 200,
  };
  if (matches.at(-1)?.route.path === "*") return { ...head, status: 404 };

  const news = matchPath("/website/resource/news/:id/info", url.pathname);
  if (news) {
    const id = parseNewsId(news.params.id);
    const seed = id === null ? undefined : seedOf(seeds, navigationKeys.newsDetail(id));
    const item = seed?.data as NewsDetail | undefined;
    if (!item) {
      const missing = !seed || seed.error?.code === 404;
      return { ...head, title: documentTitle("资讯不存在或已下线"), status: missing ? 404 : 500 };
    }
    return {
      ...head,
      title: documentTitle(item.title),
      description: summaryOf(item.summary || richTextToPlain(item.content)) || head.description,
    };
  }

  if (matchPath("/website/resource/help", url.pathname)) {
    const id = parseNewsId(url.searchParams.get("id"));
    if (id === null || url.searchParams.get("keyword")) return head;
    const seed = seedOf(seeds, navigationKeys.helpArticle(id));
    const article = seed?.data as HelpArticle | undefined;
    if (!article) return { ...head, status: seed?.error?.code === 404 ? 404 : head.status };
    return {
      ...head,
      title: documentTitle(`${article.title} - 帮助中心`),
      description: summaryOf(richTextToPlain(article.content)) || head.description,
      path: `${url.pathname}?id=${id}`,
    };
  }
  return head;
}
