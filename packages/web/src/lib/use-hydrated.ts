import { useEffect, useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while a server-rendered page hydrates (and on the server), true afterwards and in pages the browser
 * renders itself. Whatever depends on local storage (the session), and every button the server's markup
 * shows without a click handler, waits for it, so the first render matches the server's markup and React
 * swaps in the live value right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The attribute on <html> that says the page is live: hydrated, with every `useHydrated` switch committed. */
export const LIVE_ATTRIBUTE = "data-live";

let rootLive = false;
/** Lazily loaded pages whose chunk was asked for and that have not committed yet (see `lazyPage`). */
const pendingPages = new Set<symbol>();

function showLive() {
  if (typeof document === "undefined") return;
  document.documentElement.toggleAttribute(LIVE_ATTRIBUTE, rootLive && pendingPages.size === 0);
}

/**
 * Marks the document live once the render in which `useHydrated` turned true is committed and no lazily
 * loaded page is still on its way (a server-rendered page inside a Suspense boundary hydrates only once its
 * chunk has arrived, and its own buttons switch then). All `useHydrated` users switch in one render, so from
 * then on no button changes from disabled to enabled on its own. Browser tests wait for the mark before they
 * read colours or tap.
 *
 * A leaf of its own, rendering nothing: the switch re-renders this component alone. Used in an app's root
 * component, it would re-render the whole tree, and React gives up hydrating a lazy page's Suspense boundary
 * that receives an update before it has hydrated, drawing the page again instead of adopting the server's.
 */
export function LiveMark(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    rootLive = true;
    showLive();
  }, [hydrated]);
  return null;
}

/**
 * Called when React first asks for a lazy page's chunk: the document is not live until that page has
 * committed (`pageCommitted`). A chunk that fails to load stops counting, so the error screen is live.
 */
export function pageRequested(id: symbol): void {
  if (typeof document === "undefined") return;
  pendingPages.add(id);
  showLive();
}

export function pageCommitted(id: symbol): void {
  if (pendingPages.delete(id)) showLive();
}
