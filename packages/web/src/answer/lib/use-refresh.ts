import { useEffect } from "react";

/**
 * Calls `load` now, every `everyMs` while the page is visible, and when the page comes back into view (tab
 * shown again, window focused): live figures others change meanwhile — a slot's places, a product's stock.
 * Nothing while `enabled` is false (a preview, the designer's card).
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
    document.addEventListener("visibilitychange", handleBack);
    window.addEventListener("focus", handleBack);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", handleBack);
      window.removeEventListener("focus", handleBack);
    };
  }, [enabled, load, everyMs]);
}
