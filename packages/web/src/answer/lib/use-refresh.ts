import { useEffect } from "react";

/** The event `refreshLiveFigures` sends to every live figure of the page. */
const REFRESH_EVENT = "wa:refresh-live";

/**
 * Asks every live figure on the page (slots' places, products' stock) to read again now: after the server
 * refused a submit (该时段已约满, 已售罄), the page should not go on offering what it just refused.
 */
export function refreshLiveFigures(): void {
  window.dispatchEvent(new Event(REFRESH_EVENT));
}

/**
 * Calls `load` now, every `everyMs` while the page is visible, and when the page comes back into view (tab
 * shown again, window focused) or a submit was refused (`refreshLiveFigures`): live figures others change
 * meanwhile — a slot's places, a product's stock. Nothing while `enabled` is false (a preview, the designer's card).
 */
export function useRefreshWhileVisible(load: () => Promise<void>, everyMs: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    void load();
    const visible = () => document.visibilityState === "visible";
    const timer = setInterval(() => {
      if (visible()) void load();
    }, everyMs);
    const handleBack = () => {
      if (visible()) void load();
    };
    const handleRefresh = () => void load();
    document.addEventListener("visibilitychange", handleBack);
    window.addEventListener("focus", handleBack);
    window.addEventListener(REFRESH_EVENT, handleRefresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", handleBack);
      window.removeEventListener("focus", handleBack);
      window.removeEventListener(REFRESH_EVENT, handleRefresh);
    };
  }, [enabled, load, everyMs]);
}
