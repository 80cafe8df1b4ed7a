import { limits } from "@wjgj/core";
import { checkLabelId } from "../../lib/type-checks.ts";

/** News list state of seed §3: the label kept as text ("" for 全部), paging 8 per page from page 1 (§9). */
export interface NewsState {
  labelId: string;
  pageNumNews: number;
  pageSizeNews: number;
  totalNews: number;
}

export const initialNewsState: NewsState = {
  labelId: "",
  pageNumNews: limits.newsFirstPage,
  pageSizeNews: limits.newsPageSize,
  totalNews: 0,
};

export type NewsAction =
  | { type: "selectLabel"; labelId: unknown }
  | { type: "restore"; state: NewsState }
  | { type: "changePage"; pageNum: unknown }
  | { type: "loaded"; total: number };

/** Tab keys and paging callbacks are untyped on the way in, so each value is checked before it is kept. */
export function newsReducer(state: NewsState, action: NewsAction): NewsState {
  switch (action.type) {
    case "selectLabel":
      // A wrong type keeps the current label (the check logs the seed §8 error); a new label starts at page 1.
      if (!checkLabelId(action.labelId) || action.labelId === state.labelId) return state;
      return { ...state, labelId: action.labelId, pageNumNews: limits.newsFirstPage };
    case "changePage": {
      const page = action.pageNum;
      if (typeof page !== "number" || !Number.isInteger(page) || page < 1) return state;
      return { ...state, pageNumNews: page };
    }
    case "loaded":
      return state.totalNews === action.total ? state : { ...state, totalNews: action.total };
    case "restore":
      // Back or forward to another place in the list: its label and page, the total as known.
      return state.labelId === action.state.labelId && state.pageNumNews === action.state.pageNumNews
        ? state
        : { ...state, labelId: action.state.labelId, pageNumNews: action.state.pageNumNews };
  }
}

/**
 * The list's place in the address (?label=2&page=3), so a reload, the back button or a shared link shows the
 * same tab and page. Read through the reducer: a bad value in the address is ignored like a bad tab key.
 */
export function newsStateFromSearch(search: URLSearchParams): NewsState {
  const label = search.get("label");
  const page = search.get("page");
  let state = initialNewsState;
  if (label && /^[1-9]\d{0,9}$/.test(label))
    state = newsReducer(state, { type: "selectLabel", labelId: label });
  if (page && /^[1-9]\d{0,5}$/.test(page))
    state = newsReducer(state, { type: "changePage", pageNum: Number(page) });
  return state;
}

/** The address's query for a list state: only what differs from the first page of 全部. */
export function newsSearch(state: Pick<NewsState, "labelId" | "pageNumNews">): string {
  const search = new URLSearchParams();
  if (state.labelId) search.set("label", state.labelId);
  if (state.pageNumNews !== limits.newsFirstPage) search.set("page", String(state.pageNumNews));
  return search.toString();
}

/** The date part of `YYYY-MM-DD HH:mm:ss`, which is all a card has room for. */
export function newsDate(publishTime: string): string {
  return publishTime.split(" ")[0] ?? publishTime;
}

/** Route ids are text; only a positive integer can name a news item (or a help article). */
export function parseNewsId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
