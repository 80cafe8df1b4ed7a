import { Provider as MotionProvider } from "@rc-component/motion";
import { type ReactNode, useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener?.("change", onChange);
  return () => list?.removeEventListener?.("change", onChange);
}

function reducedNow(): boolean {
  return typeof window !== "undefined" && (window.matchMedia?.(QUERY).matches ?? false);
}

/**
 * Whether the person asked their system for reduced motion (WCAG 2.3.3), following it when it changes. The answer
 * is the same from the browser's first render on, hydration included: a server-rendered page is hydrated with it and
 * never updated right after. (An update then would reach a lazily loaded page still waiting for its chunk, and React
 * draws such a page again instead of adopting the server's markup.) The server has no one to ask and answers no; its
 * markup is the same either way, as the motion library never animates without a DOM.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reducedNow, reducedNow);
}

/**
 * antd's dialogs, drawers, menus, popovers and messages open and close at once when reduced motion is asked for:
 * their motion library reads this provider. It is always in the tree, whatever the answer, so a change of mind later
 * re-renders only the components that animate (antd's own switch, the theme's `motion` token, wraps the whole tree
 * in a new provider once it is off and so draws the page again).
 * Hand-written transitions follow styles/reduced-motion.css.
 */
export function ReducedMotion({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  return <MotionProvider motion={!reduced}>{children}</MotionProvider>;
}
