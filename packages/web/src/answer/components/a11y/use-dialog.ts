import { useEffect, useRef } from "react";

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A sheet that behaves as a modal dialog (WAI-ARIA APG): focus moves in, Tab stays inside, Escape closes,
 * and on closing focus returns to the control that opened it — or, when that control was replaced (点击签名
 * becomes 重新签名), to what `fallback` finds.
 */
export function useDialog(onClose: () => void, fallback?: () => HTMLElement | null | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const findFallback = useRef(fallback);
  findFallback.current = fallback;

  useEffect(() => {
    const root = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (root && !root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>("[data-autofocus]") ?? focusables(root)[0];
      (first ?? root).focus();
    }
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!root) return;
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab") return;
      const list = focusables(root);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => {
      document.removeEventListener("keydown", handleKeyDown);
      const target = opener?.isConnected ? opener : findFallback.current?.();
      target?.focus();
    };
  }, []);

  return ref;
}
