import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { filtersFromSearch, type ListFilters, listSearchKeys, searchFromFilters } from "../list-filters.ts";

/** The list's filters live in the URL; changing any filter but the page goes back to page 1. */
export function useListFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const update = useCallback(
    (patch: Partial<ListFilters>) => {
      const next = { ...filters, ...patch };
      if (!("pageNum" in patch)) next.pageNum = 1;
      // Parameters the list does not own (fromType, …) stay in the URL.
      const merged = new URLSearchParams(search);
      for (const key of listSearchKeys) merged.delete(key);
      for (const [key, value] of searchFromFilters(next)) merged.set(key, value);
      setSearch(merged, { replace: !("tab" in patch) });
    },
    [filters, search, setSearch],
  );
  return { filters, update };
}
