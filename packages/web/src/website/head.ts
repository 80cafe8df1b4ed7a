import { hashKey } from "@tanstack/react-query";
import type { TemplateDetail, TemplateProfession } from "@wjgj/core";
import { richTextToPlain } from "@wjgj/core";
import type { QuerySeed, WebsiteHead } from "@wjgj/core/pages/website";
import { matchPath } from "react-router";
import { type HelpArticle, type NewsDetail, navigationKeys } from "../api/navigation.ts";
import { templateKeys } from "../api/templates.ts";
import { deepestHandleValue, documentTitle } from "../lib/route-handle.ts";
import {
  freeCanonical,
  freeHeading,
  parseFreeState,
  parseTemplateId,
} from "../pages/website-free/free-state.ts";
import { parseNewsId } from "../pages/website-news/news-state.ts";

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

  if (matchPath("/website/free", url.pathname)) {
    const state = parseFreeState(url.searchParams);
    const professions = seedOf(seeds, templateKeys.professions)?.data as TemplateProfession[] | undefined;
    const heading = freeHeading(state, professions?.find((p) => p.id === state.profession)?.name);
    const paged = state.page > 1 ? ` - 第 ${state.page} 页` : "";
    return {
      ...head,
      title: documentTitle(heading === "免费模板" ? `免费模板${paged}` : `${heading}${paged} - 免费模板`),
      path: freeCanonical(state),
    };
  }

  const template = matchPath("/website/free/:id", url.pathname);
  if (template) {
    const id = parseTemplateId(template.params.id);
    const seed = id === null ? undefined : seedOf(seeds, templateKeys.detail(id));
    const item = seed?.data as TemplateDetail | undefined;
    if (!item) {
      const missing = !seed || seed.error?.code === 404 || seed.error?.code === 403;
      return { ...head, title: documentTitle("模板不存在或已下架"), status: missing ? 404 : 500 };
    }
    const facts = `${item.kindName}模板，共 ${item.questionCount} 题，已被使用 ${item.useCount} 次，免费一键使用。`;
    return {
      ...head,
      title: documentTitle(`${item.title} - 免费模板`),
      description: summaryOf(`${item.description ? `${item.description} ` : ""}${facts}`),
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
