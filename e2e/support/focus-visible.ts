import { expect, type Page } from "@playwright/test";

/**
 * WCAG 2.4.7 and 2.4.11 by keyboard: Tab through the page and, at every stop, check that focus is drawn (the
 * focused control, a wrapper around it or the box beside it looks different focused and unfocused) and that
 * the control's centre is not under a sticky or fixed bar it does not belong to.
 */

/** What one Tab stop looked like; `problem` is null when the stop passes. */
interface Stop {
  name: string;
  problem: string | null;
  /** Identifies the element, so the sweep ends when focus comes round again. */
  key: string;
  /** The control's kind: its tag, text and classes and those of three ancestors (see `drawnBefore`). */
  kind: string;
}

/**
 * Runs in the page after each Tab. Self-contained: Playwright serialises it. `drawnBefore` lists the kinds of control
 * whose focus was seen drawn on an earlier page of the sweep: the same classes in the same surroundings draw focus
 * the same way, so for those only the cheap check (not covered by a sticky bar) runs again.
 */
async function inspectFocus(drawnBefore: string[]): Promise<Stop | null> {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const tag = el.tagName.toLowerCase();
  const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 24);
  const name = `<${tag}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : ""}> ${text}`;
  const key = `${name}@${Array.from(document.querySelectorAll("*")).indexOf(el)}`;
  const lineage: string[] = [];
  for (let node: Element | null = el, i = 0; node && i < 4; node = node.parentElement, i++)
    lineage.push(`${node.tagName}.${String(node.getAttribute("class") ?? "")}`);
  const kind = `${text}|${lineage.join(">")}`;
  // Focus moved into a frame: its document is checked where it is a page of its own.
  if (tag === "iframe") return { name, key, kind, problem: null };

  if (drawnBefore.includes(kind)) return covered();

  // The indicator may sit on the control, on a wrapper (antd's input boxes, the respondent page's option
  // cards), on the box drawn beside a hidden native input (antd's check boxes) ...
  const related: Element[] = [el];
  for (let up = el.parentElement, i = 0; up && i < 3; up = up.parentElement, i++) related.push(up);
  if (el.parentElement) related.push(...Array.from(el.parentElement.children).filter((c) => c !== el));
  // ... or inside it (antd's pagination arrows outline the button within the focused list item).
  related.push(...Array.from(el.querySelectorAll("*")).slice(0, 12));
  const look = () => {
    // Transitions (antd fades its focus shadow in) are finished first: the end state is what a person sees.
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
    return related.map((node) => {
      const s = getComputedStyle(node);
      return [
        s.outlineStyle === "none" || s.outlineWidth === "0px" ? "" : `${s.outlineStyle} ${s.outlineColor}`,
        s.boxShadow,
        s.borderTopColor,
        s.borderBottomColor,
        s.backgroundColor,
        s.color,
        s.textDecorationLine,
      ].join("|");
    });
  };
  // antd draws some focus through React state (a "focused" class), so each side waits for a render.
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const focused = look();
  el.blur();
  await frames();
  const unfocused = look();
  // Focus goes back at once, for the next Tab to move on from here; no need to wait for its render, which
  // nothing reads before the next stop (it was a quarter of the sweep's Tab walk).
  el.focus({ preventScroll: true });
  const drawn = focused.some((value, i) => value !== unfocused[i]);
  if (!drawn) return { name, key, kind, problem: "获得焦点时外观没有变化（WCAG 2.4.7）" };
  return covered();

  /** The focused control as a person sees it: there at all, and not under a sticky or fixed bar. */
  function covered(): Stop {
    if (!(el instanceof HTMLElement)) return { name, key, kind, problem: null };
    // A native input drawn as a styled box (antd's segmented control) is seen through its label.
    const hidden = getComputedStyle(el).opacity === "0" || el.getBoundingClientRect().width <= 1;
    const box = ((hidden && el.closest("label")) || el).getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return { name, key, kind, problem: "获得焦点的元素不可见" };
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || el.contains(hit) || hit.contains(el)) return { name, key, kind, problem: null };
    // A label drawn over its own hidden input is the control itself.
    if (hit.closest("label")?.contains(el)) return { name, key, kind, problem: null };
    for (let node: Element | null = hit; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if ((position === "fixed" || position === "sticky") && !node.contains(el))
        return {
          name,
          key,
          kind,
          problem: `被固定在屏幕上的 ${node.tagName.toLowerCase()}.${String(node.className).split(/\s+/)[0]} 遮住（WCAG 2.4.11）`,
        };
    }
    return { name, key, kind, problem: null };
  }
}

/**
 * Presses Tab from the top of the page up to `maxStops` times (or until focus comes round again) and fails
 * listing every stop whose focus cannot be seen or is hidden under a sticky bar. `drawnBefore` (the sweep keeps one
 * across its pages) holds the kinds of control whose focus was seen drawn already, and gains this page's.
 */
export async function expectVisibleFocus(
  page: Page,
  label: string,
  drawnBefore: Set<string> = new Set(),
  maxStops = 20,
) {
  // Start before the first control, as a keyboard user arriving on the page does: Chrome tabs on from the
  // last focused node, so a throwaway one at the top of the page is focused and removed once left.
  await page.evaluate(() => {
    const start = document.createElement("div");
    start.tabIndex = -1;
    start.id = "focus-sweep-start";
    document.body.prepend(start);
    start.focus();
  });
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    if (i === 0) await page.evaluate(() => document.getElementById("focus-sweep-start")?.remove());
    const stop = await page.evaluate(inspectFocus, [...drawnBefore]);
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    if (stop.problem) problems.push(`第 ${i + 1} 个焦点 ${stop.name}: ${stop.problem}`);
    else drawnBefore.add(stop.kind);
  }
  expect(problems, `${label}: 键盘焦点看不见或被遮住`).toEqual([]);
}
