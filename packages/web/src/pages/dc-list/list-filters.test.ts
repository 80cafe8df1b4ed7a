import { describe, expect, it } from "vitest";
import {
  defaultFilters,
  filtersFromSearch,
  publishActionOf,
  searchFromFilters,
  toListQuery,
  toRecycleQuery,
} from "./list-filters.ts";

describe("list filters in the URL", () => {
  it("reads a plain URL as the defaults", () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(defaultFilters);
  });

  it("round-trips every filter", () => {
    const filters = {
      tab: "mine" as const,
      title: "满意度",
      kind: "exam" as const,
      status: "published" as const,
      sort: "responsesDesc" as const,
      pageNum: 3,
      pageSize: 20,
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it("keeps 星标问卷 with its own filters and asks the server for the marked ones", () => {
    const starred = {
      ...defaultFilters,
      tab: "starred" as const,
      kind: "exam" as const,
      sort: "titleAsc" as const,
    };
    const search = searchFromFilters(starred);
    expect(search.toString()).toBe("tab=starred&kind=exam&sort=titleAsc");
    expect(filtersFromSearch(search)).toEqual(starred);
    expect(toListQuery(starred)).toMatchObject({ kind: "exam", sort: "titleAsc", starred: true });
    expect(toListQuery(defaultFilters)).not.toHaveProperty("starred");
    expect(filtersFromSearch(new URLSearchParams("tab=stars")).tab).toBe("mine");
  });

  it("drops values it does not know instead of sending them to the server", () => {
    const filters = filtersFromSearch(
      new URLSearchParams("kind=poll&status=open&sort=random&page=-2&size=7"),
    );
    expect(filters).toEqual(defaultFilters);
  });

  it("leaves defaults out of the URL", () => {
    expect(searchFromFilters(defaultFilters).toString()).toBe("");
    expect(searchFromFilters({ ...defaultFilters, tab: "recycle", kind: "vote" }).toString()).toBe(
      "tab=recycle",
    );
  });

  it("sends only set filters to the list calls", () => {
    expect(toListQuery({ ...defaultFilters, kind: "form" })).toEqual({
      pageNum: 1,
      pageSize: 10,
      sort: "updatedDesc",
      kind: "form",
    });
    expect(toRecycleQuery({ ...defaultFilters, title: "考试", status: "draft" })).toEqual({
      pageNum: 1,
      pageSize: 10,
      title: "考试",
    });
  });
});

describe("publish action", () => {
  it("offers 暂停 while collecting and 发布 otherwise", () => {
    expect(publishActionOf({ status: "published" })).toEqual({ action: "stop", label: "暂停" });
    expect(publishActionOf({ status: "draft" })).toEqual({ action: "release", label: "发布" });
    expect(publishActionOf({ status: "stopped" })).toEqual({ action: "release", label: "恢复发布" });
  });
});
