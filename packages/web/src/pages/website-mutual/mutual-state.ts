import type { SpaceListQuery } from "../../api/answer-space.ts";

/** /website/mutual?keyword=…&sort=points|recent&page=N: the listing's state lives in the address. */
export const MUTUAL_PAGE_SIZE = 12;

export function parseMutualState(search: URLSearchParams): SpaceListQuery {
  const page = Number(search.get("page") ?? "1");
  return {
    keyword: (search.get("keyword") ?? "").trim().slice(0, 50),
    sort: search.get("sort") === "points" ? "points" : "recent",
    pageNum: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
    pageSize: MUTUAL_PAGE_SIZE,
  };
}

export function mutualHref(state: Pick<SpaceListQuery, "keyword" | "sort">, page = 1): string {
  const params = new URLSearchParams();
  if (state.keyword) params.set("keyword", state.keyword);
  if (state.sort !== "recent") params.set("sort", state.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/website/mutual?${query}` : "/website/mutual";
}

/** The answer page with the space as the source: answers from here can earn points. */
export const answerHref = (publicId: string) => `/r/${publicId}?source=mutual`;
