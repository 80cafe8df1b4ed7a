/**
 * Repairs two accessibility faults in the markup antd renders (issue #21), once, wherever they appear:
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

const DIALOG_BODY = ":scope .ant-modal-body, :scope .ant-drawer-body";
const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"]';
const TITLE = ".ant-modal-title, .ant-drawer-title";

/**
 * Where focus belongs when a dialog or drawer opens (WAI-ARIA dialog pattern): its first field, or, when it
 * has none (a confirmation, a read-only drawer), its title, so a screen reader starts from the name and the
 * next Tab reaches the first control. Null for an element that is not a dialog's outer box.
 */
export function initialDialogFocus(box: Element): HTMLElement | null {
  const body = box.querySelector(DIALOG_BODY);
  if (!body) return null;
  const field = [...body.querySelectorAll<HTMLElement>(FIELD)].find(
    (element) => !element.closest('[aria-hidden="true"], [hidden], [inert]'),
  );
  if (field) return field;
  const title = box.querySelector<HTMLElement>(TITLE);
  if (!title) return null;
  if (!title.hasAttribute("tabindex")) title.tabIndex = -1;
  return title;
}

/**
 * antd's Modal and Drawer focus their outer box when they open, which a screen reader announces as an
 * unnamed group and which leaves keyboard users one Tab short of anything useful. Focus arriving on such a
 * box from outside it (the opener) moves on to the dialog's first field or its title; focus from inside it
 * (a click on the dialog's blank area) is left alone.
 */
export function handleDialogFocusIn(event: FocusEvent) {
  const box = event.target;
  if (!(box instanceof HTMLElement) || box.matches(FIELD)) return;
  const from = event.relatedTarget;
  if (from instanceof Node && box.contains(from)) return;
  initialDialogFocus(box)?.focus();
}

/** Keeps repairing as screens render; answers the function that stops it. */
export function watchAntdA11y(doc: Document): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      repairAntdA11y(doc);
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(doc.body, { childList: true, subtree: true });
  window.addEventListener("resize", schedule);
  doc.addEventListener("focusin", handleDialogFocusIn);
  repairAntdA11y(doc);
  return () => {
    observer.disconnect();
    doc.removeEventListener("focusin", handleDialogFocusIn);
    window.removeEventListener("resize", schedule);
    cancelAnimationFrame(frame);
  };
}
