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

/**
 * Marks the document live once the render in which `useHydrated` turned true is committed. All of its users
 * switch in that one render, so from then on no button changes from disabled to enabled on its own. Browser
 * tests wait for the mark before they read colours or tap.
 *
 * A leaf of its own, rendering nothing: the switch re-renders this component alone. Used in an app's root
 * component, it would re-render the whole tree, and React gives up hydrating a lazy page's Suspense boundary
 * that receives an update before it has hydrated, drawing the page again instead of adopting the server's.
 */
export function LiveMark(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(LIVE_ATTRIBUTE, "");
  }, [hydrated]);
  return null;
}
