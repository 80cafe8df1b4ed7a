import { afterEach, describe, expect, it, vi } from "vitest";
import {
  initialNewsState,
  newsDate,
  newsReducer,
  newsSearch,
  newsStateFromSearch,
  parseNewsId,
} from "./news-state.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("news list state", () => {
  it("starts on page 1 of 8 with every label", () => {
    expect(initialNewsState).toEqual({ labelId: "", pageNumNews: 1, pageSizeNews: 8, totalNews: 0 });
  });

  it("goes back to page 1 when the label changes", () => {
    const onPage3 = newsReducer(initialNewsState, { type: "changePage", pageNum: 3 });
    expect(onPage3.pageNumNews).toBe(3);
    const labelled = newsReducer(onPage3, { type: "selectLabel", labelId: "2" });
    expect(labelled).toMatchObject({ labelId: "2", pageNumNews: 1 });
    // Choosing the label already shown keeps the page.
    const paged = newsReducer(labelled, { type: "changePage", pageNum: 2 });
    expect(newsReducer(paged, { type: "selectLabel", labelId: "2" })).toBe(paged);
  });

  it("refuses a label id that is not text, with the Chinese console error", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(newsReducer(initialNewsState, { type: "selectLabel", labelId: 2 })).toBe(initialNewsState);
    expect(error).toHaveBeenCalledWith("资讯标签ID必须为字符串，收到：", 2);
  });

  it("ignores pages that are not positive integers and records the total", () => {
    for (const pageNum of [0, -1, 1.5, "2", Number.NaN]) {
      expect(newsReducer(initialNewsState, { type: "changePage", pageNum })).toBe(initialNewsState);
    }
    expect(newsReducer(initialNewsState, { type: "loaded", total: 10 }).totalNews).toBe(10);
  });

  it("shows the date of a publish time", () => {
    expect(newsDate("2026-11-18 10:00:00")).toBe("2026-11-18");
    expect(newsDate("")).toBe("");
  });
});

describe("parseNewsId", () => {
  it("accepts positive integers only", () => {
    expect(parseNewsId("12")).toBe(12);
    for (const raw of [undefined, null, "", "0", "-1", "1.5", "abc", "01", "99999999999", "2147483648"]) {
      expect(parseNewsId(raw), String(raw)).toBeNull();
    }
  });
});

describe("the list's place in the address", () => {
  it("reads ?label= and ?page= through the reducer and writes only what differs from page 1 of 全部", () => {
    const state = newsStateFromSearch(new URLSearchParams("label=2&page=3"));
    expect(state).toMatchObject({ labelId: "2", pageNumNews: 3 });
    expect(newsSearch(state)).toBe("label=2&page=3");
    expect(newsSearch(initialNewsState)).toBe("");
    expect(newsSearch({ labelId: "", pageNumNews: 2 })).toBe("page=2");
  });

  it("ignores what no tab or page could be", () => {
    for (const search of ["label=abc", "label=0", "page=0", "page=-1", "page=1.5", "page=x", "label=2%27"])
      expect(newsStateFromSearch(new URLSearchParams(search)), search).toEqual(initialNewsState);
  });

  it("restores another place (back, forward) and keeps the state when it is the same place", () => {
    const onPage2 = newsReducer(initialNewsState, { type: "changePage", pageNum: 2 });
    const back = newsReducer(onPage2, { type: "restore", state: initialNewsState });
    expect(back.pageNumNews).toBe(1);
    expect(newsReducer(back, { type: "restore", state: initialNewsState })).toBe(back);
  });
});
