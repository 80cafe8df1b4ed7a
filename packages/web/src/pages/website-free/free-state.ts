import {
  type QuestionnaireKind,
  questionaryKindInfos,
  questionnaireKindNames,
  questionnaireKinds,
  type TemplateSort,
} from "@wjgj/core";
import type { TemplateQuery } from "../../api/templates.ts";

/**
 * The free-templates gallery (/website/free) keeps its whole state in the address, so every filter, search
 * and page is a real link a crawler can follow and a visitor can share, and the server renders it alike.
 */
export interface FreeState {
  kind: QuestionnaireKind | undefined;
  /** A scene of the chosen kind ("exam-2"); none without a kind. */
  category: string | undefined;
  profession: number | undefined;
  keyword: string;
  sort: TemplateSort;
  page: number;
}

export const FREE_PAGE_SIZE = 12;
export const FREE_PATH = "/website/free";
const KEYWORD_MAX = 50;

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
}

/** Unknown or malformed parameters are dropped rather than refused: the gallery always shows something. */
export function parseFreeState(search: URLSearchParams): FreeState {
  const kind = questionnaireKinds.find((k) => k === search.get("kind"));
  const categories = questionaryKindInfos.find((info) => info.kind === kind)?.categories ?? [];
  const category = categories.find((c) => c.id === search.get("category"))?.id;
  return {
    kind,
    category,
    profession: positiveInt(search.get("profession")),
    keyword: (search.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX),
    sort: search.get("sort") === "new" ? "new" : "hot",
    page: positiveInt(search.get("page")) ?? 1,
  };
}

/** The address of a gallery state; defaults are left out so each state has one address. */
export function freeHref(state: FreeState, change: Partial<FreeState> = {}): string {
  const next = { ...state, ...change };
  const params = new URLSearchParams();
  if (next.kind) params.set("kind", next.kind);
  if (next.kind && next.category) params.set("category", next.category);
  if (next.profession) params.set("profession", String(next.profession));
  if (next.keyword) params.set("keyword", next.keyword);
  if (next.sort !== "hot") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `${FREE_PATH}?${query}` : FREE_PATH;
}

/** A filter link starts again from page 1. */
export function filterHref(state: FreeState, change: Partial<FreeState>): string {
  return freeHref(state, { ...change, page: 1 });
}

/**
 * The canonical address: the browsing filters and the page, but not the search words or the order,
 * which show the same templates again.
 */
export function freeCanonical(state: FreeState): string {
  return freeHref({ ...state, keyword: "", sort: "hot" });
}

/** The list call's parameters, the same on the server's first read and in the browser's query key. */
export function freeQuery(state: FreeState): TemplateQuery {
  return {
    pageNum: state.page,
    pageSize: FREE_PAGE_SIZE,
    sort: state.sort,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.kind ? { kind: state.kind } : {}),
    ...(state.category ? { categoryId: state.category } : {}),
    ...(state.profession ? { professionId: state.profession } : {}),
  };
}

/** "在线考试 · 学科测验模板"-style heading for the filters that name a kind of content. */
export function freeHeading(state: FreeState, professionName: string | undefined): string {
  const info = questionaryKindInfos.find((i) => i.kind === state.kind);
  const category = info?.categories.find((c) => c.id === state.category)?.name;
  const parts = [
    professionName,
    category ?? (state.kind ? questionnaireKindNames[state.kind] : undefined),
  ].filter(Boolean);
  return parts.length ? `${parts.join(" · ")}模板` : "免费模板";
}

/** A template's own public page. */
export function templateHref(id: number): string {
  return `${FREE_PATH}/${id}`;
}

/** A template id in the path: digits only. */
export function parseTemplateId(raw: string | undefined): number | null {
  return positiveInt(raw ?? null) ?? null;
}
