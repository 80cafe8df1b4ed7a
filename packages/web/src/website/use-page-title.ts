import { useEffect } from "react";
import { documentTitle } from "../lib/route-handle.ts";

/**
 * Names the page after what it shows (a news item, a help article) rather than its route. The root layout
 * names every page from its route in an effect, and a parent's effects run after its children's, so this
 * one waits for the next frame to have the last word; the server already put the same title in the head.
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const frame = window.requestAnimationFrame(() => {
      document.title = documentTitle(title);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [title]);
}
