import {
  type QuestionarySort,
  type QuestionaryStatus,
  type QuestionarySummary,
  type QuestionnaireKind,
  questionarySorts,
  questionaryStatuses,
  questionnaireKinds,
} from "@wjgj/core";
import type { QuestionaryListQuery, RecycleListQuery } from "../../api/questionary.ts";

const listTabs = ["mine", "starred", "shared", "recycle"] as const;
export type ListTab = (typeof listTabs)[number];

/** 我创建的 and its 星标问卷: the owner's own list, with its filters and sorts. */
export const isOwnList = (tab: ListTab) => tab === "mine" || tab === "starred";

/** What the list shows, kept in the URL so a reload or a shared link keeps the view. */
export interface ListFilters {
  tab: ListTab;
  title: string;
  kind: QuestionnaireKind | "";
  status: QuestionaryStatus | "";
  sort: QuestionarySort;
  pageNum: number;
  pageSize: number;
}

export const pageSizes = [10, 20, 50] as const;

/** The URL parameters the list owns. */
export const listSearchKeys = ["tab", "title", "kind", "status", "sort", "page", "size"] as const;

export const defaultFilters: ListFilters = {
  tab: "mine",
  title: "",
  kind: "",
  status: "",
  sort: "updatedDesc",
  pageNum: 1,
  pageSize: 10,
};

export const sortNames: Record<QuestionarySort, string> = {
  updatedDesc: "最近修改",
  createdDesc: "最新创建",
  createdAsc: "最早创建",
  responsesDesc: "答卷最多",
  titleAsc: "按名称",
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | "" {
  return values.find((candidate) => candidate === value) ?? "";
}

export function filtersFromSearch(search: URLSearchParams): ListFilters {
  const pageNum = Number(search.get("page"));
  const pageSize = Number(search.get("size"));
  return {
    tab: oneOf(listTabs, search.get("tab")) || "mine",
    title: (search.get("title") ?? "").trim().slice(0, 50),
    kind: oneOf(questionnaireKinds, search.get("kind")),
    status: oneOf(questionaryStatuses, search.get("status")),
    sort: oneOf(questionarySorts, search.get("sort")) || defaultFilters.sort,
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
    pageSize: pageSizes.find((size) => size === pageSize) ?? defaultFilters.pageSize,
  };
}

/** The URL form of the filters; defaults are left out so the plain /dc/dclist stays clean. */
export function searchFromFilters(filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.tab !== "mine") search.set("tab", filters.tab);
  if (filters.title) search.set("title", filters.title);
  const own = isOwnList(filters.tab);
  if (filters.kind && own) search.set("kind", filters.kind);
  if (filters.status && own) search.set("status", filters.status);
  if (filters.sort !== defaultFilters.sort && own) search.set("sort", filters.sort);
  if (filters.pageNum !== 1) search.set("page", String(filters.pageNum));
  if (filters.pageSize !== defaultFilters.pageSize) search.set("size", String(filters.pageSize));
  return search;
}

export function toListQuery(filters: ListFilters): QuestionaryListQuery {
  return {
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
    sort: filters.sort,
    ...(filters.title ? { title: filters.title } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.tab === "starred" ? { starred: true } : {}),
  };
}

export function toRecycleQuery(filters: ListFilters): RecycleListQuery {
  return {
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
    ...(filters.title ? { title: filters.title } : {}),
  };
}

export function hasNarrowing(filters: ListFilters): boolean {
  return Boolean(filters.title || filters.kind || filters.status);
}

export type PublishAction = { action: "release"; label: string } | { action: "stop"; label: string };

/** 发布 for drafts and paused ones, 暂停 while collecting. */
export function publishActionOf(item: Pick<QuestionarySummary, "status">): PublishAction {
  if (item.status === "published") return { action: "stop", label: "暂停" };
  return { action: "release", label: item.status === "stopped" ? "恢复发布" : "发布" };
}

export const statusColors: Record<QuestionaryStatus, string> = {
  draft: "default",
  published: "success",
  stopped: "warning",
};
