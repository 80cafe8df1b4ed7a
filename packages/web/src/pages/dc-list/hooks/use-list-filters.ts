import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { filtersFromSearch, type ListFilters, listSearchKeys, searchFromFilters } from "../list-filters.ts";

/**
 * The list's filters live in the URL; changing any filter but the page goes back to page 1. Each change
 * builds on the one before it even when the router has not rendered that one yet (navigations render as
 * transitions): a search typed right after switching tabs searches the new tab, not the old one.
 */
export function useListFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);
  const update = useCallback(
    (patch: Partial<ListFilters>) => {
      const next = { ...filtersFromSearch(latest.current), ...patch };
      if (!("pageNum" in patch)) next.pageNum = 1;
      // Parameters the list does not own (fromType, …) stay in the URL.
      const merged = new URLSearchParams(latest.current);
      for (const key of listSearchKeys) merged.delete(key);
      for (const [key, value] of searchFromFilters(next)) merged.set(key, value);
      latest.current = merged;
      setSearch(merged, { replace: !("tab" in patch) });
    },
    [setSearch],
  );
  return { filters, update };
}
