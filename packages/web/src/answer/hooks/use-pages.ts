import type { PageView } from "@wjgj/core/pages/answer";
import { useCallback, useState } from "react";

/**
 * Paging along the engine's page path (pages with something visible, after jumps). The path changes as
 * answers change; the current page stays put while it is on it, and 上一页 walks back the pages actually seen.
 */
export function usePages(view: PageView | null) {
  const [pageId, setPageId] = useState<string | null>(null);
  const [history, setHistory] = useState<string[]>([]);
  const path = view?.pagePath ?? [];
  const current =
    pageId !== null && path.includes(pageId)
      ? pageId
      : (path.find((id) => !history.includes(id)) ?? path[path.length - 1] ?? null);
  const position = current === null ? -1 : path.indexOf(current);

  const goNext = useCallback(
    (next: string) => {
      if (current !== null) setHistory((seen) => [...seen.filter((id) => id !== current), current]);
      setPageId(next);
    },
    [current],
  );

  const goBack = useCallback(() => {
    const previous = [...history].reverse().find((id) => path.includes(id));
    if (!previous) return;
    setHistory((seen) => seen.slice(0, seen.lastIndexOf(previous)));
    setPageId(previous);
  }, [history, path]);

  const goTo = useCallback((target: string, seen: string[]) => {
    setHistory(seen);
    setPageId(target);
  }, []);

  return {
    current,
    history,
    position,
    total: path.length,
    isLast: position === path.length - 1,
    nextId: path[position + 1] ?? null,
    canGoBack: history.some((id) => path.includes(id)),
    goNext,
    goBack,
    goTo,
  };
}
