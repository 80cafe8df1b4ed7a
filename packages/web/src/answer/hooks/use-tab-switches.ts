import { useEffect, useRef } from "react";

/**
 * Counts the times the respondent leaves the page (another tab or app) while `active`; `onSwitch` gets the
 * new count. Exams hand the paper in past the configured limit.
 */
export function useTabSwitches(active: boolean, onSwitch: () => void): void {
  const handler = useRef(onSwitch);
  handler.current = onSwitch;
  useEffect(() => {
    if (!active) return;
    const handleChange = () => {
      if (document.visibilityState === "hidden") handler.current();
    };
    document.addEventListener("visibilitychange", handleChange);
    return () => document.removeEventListener("visibilitychange", handleChange);
  }, [active]);
}
