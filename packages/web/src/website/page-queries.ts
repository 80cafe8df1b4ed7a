import { limits } from "@wjgj/core";
import type { ApiRead } from "@wjgj/core/pages/website";
import { matchPath } from "react-router";
import { spaceKeys, spaceListParams } from "../api/answer-space.ts";
import { type NewsListQuery, navigationKeys } from "../api/navigation.ts";
import { templateKeys, templateParams } from "../api/templates.ts";
import { freeQuery, parseFreeState, parseTemplateId } from "../pages/website-free/free-state.ts";
import { parseMutualState } from "../pages/website-mutual/mutual-state.ts";
import { initialNewsState, parseNewsId } from "../pages/website-news/news-state.ts";

/** A read the server makes before rendering, and the query key the page's hook reads it under. */
export interface PlannedRead {
  key: readonly unknown[];
  read: ApiRead;
}

const read = (key: readonly unknown[], path: string, query: ApiRead["query"] = {}): PlannedRead => ({
  key,
  read: { path, query },
});

/** What the news list asks for when it opens: 全部, page 1, 8 per page (seed §3, §9). */
export const firstNewsPage: NewsListQuery = {
  labelId: initialNewsState.labelId,
  pageNum: initialNewsState.pageNumNews,
  pageSize: initialNewsState.pageSizeNews,
};

/**
 * The API reads a website page makes on its first render, so the server can make them first and the
 * HTML carries the content. Keys and parameters are the ones the pages' hooks use (src/api/navigation.ts).
 */
export function plannedReads(pathname: string, search: URLSearchParams): PlannedRead[] {
  // Every page has the footer: site settings and the approved friend links.
  const reads = [
    read(navigationKeys.footer(), "navigation/getFooterInfo"),
    read(navigationKeys.friendLinks(), "navigation/getFriendLinkList"),
  ];
  const is = (pattern: string) => matchPath(pattern, pathname);

  const detail = is("/website/resource/news/:id/info");
  if (detail) {
    const id = parseNewsId(detail.params.id);
    if (id !== null)
      reads.push(read(navigationKeys.newsDetail(id), "navigation/getNavigationNewsDetail", { id }));
  } else if (is("/website/resource/news")) {
    reads.push(
      read(navigationKeys.labels(), "navigation/getLableList"),
      read(navigationKeys.newsList(firstNewsPage), "navigation/getNavigationNewsList", { ...firstNewsPage }),
    );
  } else if (is("/website/resource/api")) {
    reads.push(read(navigationKeys.openApiDoc(), "navigation/getOpenApiDoc"));
  } else if (is("/website/resource/help")) {
    reads.push(read(navigationKeys.helpCategories(), "navigation/getHelpCategoryList"));
    const keyword = (search.get("keyword") ?? "").trim();
    const articleId = parseNewsId(search.get("id"));
    if (keyword) {
      reads.push(
        read(navigationKeys.helpSearch(keyword), "navigation/getHelpArticleList", {
          keyword,
          pageNum: 1,
          pageSize: limits.pageSizeMax,
        }),
      );
    } else if (articleId !== null) {
      reads.push(
        read(navigationKeys.helpArticle(articleId), "navigation/getHelpArticleDetail", { id: articleId }),
      );
    }
  } else if (is("/website/free")) {
    const query = freeQuery(parseFreeState(search));
    reads.push(
      read(templateKeys.professions, "navigation/getProfessionList"),
      read(templateKeys.list("gallery", query), "navigation/getChoiceTemplateList", templateParams(query)),
    );
  } else if (is("/website/free/:id")) {
    const id = parseTemplateId(is("/website/free/:id")?.params.id);
    if (id !== null) reads.push(read(templateKeys.detail(id), "template/getTemplateDetail", { id }));
  } else if (is("/website/mutual")) {
    const query = parseMutualState(search);
    reads.push(read(spaceKeys.list(query), "answerSpace/getSpaceList", spaceListParams(query)));
  } else if (is("/website/version")) {
    reads.push(read(navigationKeys.vipSets(), "vipSet/getVipSetList"));
  } else if (is("/website/companyProfile")) {
    reads.push(read(navigationKeys.contact(), "navigation/getContactInfo"));
  }
  return reads;
}
