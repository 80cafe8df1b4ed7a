import { watchDialogFocus } from "./dialog-focus.ts";

/**
 * Repairs the accessibility faults in the markup antd renders (issue #21), once, wherever they appear:
 * - Tabs put their extra content (the results page's filter bar) and the overflow button inside the element
 *   marked role="tablist", which may only own tabs (axe: aria-required-children, critical). The role moves
 *   to the inner list that holds nothing but the tabs.
 * - A table wider than the screen scrolls in a box that keyboard users cannot reach (axe:
 *   scrollable-region-focusable); such a box becomes a focusable, named region.
 * - A table's hidden measuring row repeats the header's controls, which stay focusable (axe:
 *   aria-hidden-focus); it becomes inert, which keeps its layout and takes it out of the tab order.
 * React never rewrites an attribute whose prop did not change, so the repair holds across re-renders.
 */
export function repairAntdA11y(root: ParentNode) {
  for (const nav of root.querySelectorAll('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector(":scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list");
    if (!list) continue;
    list.setAttribute("role", "tablist");
    const orientation = nav.getAttribute("aria-orientation");
    if (orientation) list.setAttribute("aria-orientation", orientation);
    nav.removeAttribute("role");
    nav.removeAttribute("aria-orientation");
  }
  for (const box of root.querySelectorAll<HTMLElement>(".ant-table-content, .ant-table-body")) {
    if (box.hasAttribute("tabindex") || box.scrollWidth <= box.clientWidth) continue;
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "表格（可左右滚动）");
  }

  for (const row of root.querySelectorAll(".ant-table-measure-row:not([inert])"))
    row.setAttribute("inert", "");
}

/** What the repair looks at: a change inside or adding one of these may need it again. */
const REPAIRED = ".ant-tabs-nav, .ant-table";

/**
 * Whether DOM changes may have brought something to repair. Typing in the designer changes the DOM at every
 * key (its fields are contenteditable); scanning the whole document then, in the frame before the key's paint,
 * cost the typist a few milliseconds per character on a 1,000-question questionnaire (issue #37).
 */
export function touchesRepairedParts(records: readonly MutationRecord[]): boolean {
  for (const record of records) {
    const target = record.target instanceof Element ? record.target : record.target.parentElement;
    if (target?.closest(REPAIRED)) return true;
    for (const node of record.addedNodes) {
      if (node instanceof Element && (node.matches(REPAIRED) || node.querySelector(REPAIRED))) return true;
    }
  }
  return false;
}

/** Keeps repairing as screens render, and puts dialogs' first focus right; answers the function that stops it. */
export function watchAntdA11y(doc: Document): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      repairAntdA11y(doc);
    });
  };
  const observer = new MutationObserver((records) => {
    if (touchesRepairedParts(records)) schedule();
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  window.addEventListener("resize", schedule);
  const stopDialogFocus = watchDialogFocus(doc);
  repairAntdA11y(doc);
  return () => {
    observer.disconnect();
    stopDialogFocus();
    window.removeEventListener("resize", schedule);
    cancelAnimationFrame(frame);
  };
}
