import fs from "node:fs";
import { createRequire } from "node:module";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules; issue #21's bar. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core itself (650 kB), put into pages as a script. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Puts axe-core into every document and frame the context opens, before the page's own scripts, so that a check
 * runs at once. Otherwise each check puts it into the page's frames first (what @axe-core/playwright did, twice per
 * check, with a blank page of its own to merge the frames' results: about a second a check on this machine).
 */
export async function preloadAxe(context: BrowserContext) {
  await context.addInitScript({ content: AXE_SOURCE });
}

/**
 * Counts the page's API requests in flight (`window.__wjInFlight`) in every document the context opens, so that
 * `waitForSettledAnimations` also waits for data still on its way: a card whose list arrives after the page
 * looked settled switches its buttons on while axe reads their colours. Pages of contexts without it count none.
 */
export async function countRequestsInFlight(context: BrowserContext) {
  await context.addInitScript(() => {
    const scope = window as unknown as { __wjInFlight: number };
    scope.__wjInFlight = 0;
    const original = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof fetch>) => {
      scope.__wjInFlight += 1;
      return original(...args).finally(() => {
        scope.__wjInFlight -= 1;
      });
    };
  });
}

/**
 * Waits until the page is live (hydrated: the web entries mark <html data-live>), every finite animation and
 * transition has finished, and the DOM has stayed unchanged for three frames in a row: axe reads colours as drawn,
 * so a panel still fading in, or a button fading from its disabled pre-hydration look to its live one, would be
 * reported as low contrast. The quiet frames matter because a lazily loaded page can switch its own buttons on a
 * render after the mark: before that render there is no transition yet to wait for. With `countRequestsInFlight`
 * it also waits for the page's requests. Endless animations (spinners, the caret) are left running.
 */
export async function waitForSettledAnimations(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quietFrames = 0;
        const observer = new MutationObserver(() => {
          quietFrames = 0;
        });
        observer.observe(document.documentElement, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        const settled = () =>
          document.documentElement.hasAttribute("data-live") &&
          // A list marked busy is drawn faded while it reloads; axe must see it as it ends up.
          document.querySelector('[aria-busy="true"]') === null &&
          ((window as unknown as { __wjInFlight?: number }).__wjInFlight ?? 0) === 0 &&
          document.getAnimations().every((animation) => {
            const iterations = animation.effect?.getTiming().iterations;
            return iterations === Number.POSITIVE_INFINITY || animation.playState !== "running";
          });
        const frame = () => {
          quietFrames = settled() ? quietFrames + 1 : 0;
          if (quietFrames >= 3) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Runs axe on the page as it is now, in every same-origin frame (axe.run reaches the frames through their own copy,
 * put there by `preloadAxe` or now), and answers its violations. With `within`, on that element only.
 */
async function axeViolations(page: Page, within?: Locator): Promise<AxeResults["violations"]> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => "axe" in window).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => {});
  }
  const mark = "data-axe-within";
  if (within) await within.evaluate((element, name) => element.setAttribute(name, ""), mark);
  try {
    return await page.evaluate(
      async ({ tags, selector }) => {
        const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
        // Only violations are read: axe then skips collecting the nodes of every passing and inapplicable check.
        const results = await axe.run(selector ? { include: [selector] } : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        });
        return results.violations;
      },
      { tags: WCAG_TAGS, selector: within ? `[${mark}]` : null },
    );
  } finally {
    if (within) await within.evaluate((element, name) => element.removeAttribute(name), mark);
  }
}

/**
 * Runs axe on the page as it is now and fails, listing rule, nodes and why, on any serious or critical finding, or
 * on an English label anywhere on the page (expectChineseLabels).
 * `within` limits it to one element: a modal dialog (aria-modal) is all a screen reader or a pointer can reach while
 * it is open, and the page behind it, checked on its own by the a11y sweep, lies wherever the opener's focus
 * scrolled it — under the sticky tab bar, say, which axe then reports as a target too small to tap.
 */
export async function expectNoSeriousViolations(page: Page, label: string, within?: Locator) {
  await waitForSettledAnimations(page);
  const findings = (await axeViolations(page, within))
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}, ${violation.nodes.length} 处): ${violation.help}`,
        ...violation.nodes
          .slice(0, 4)
          .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
      ].join("\n"),
    );
  expect(findings, `${label}: axe 发现严重或致命的无障碍问题`).toEqual([]);
  await expectChineseLabels(page, label);
}

/**
 * Only axe's colour-contrast rule, inside `selector`: for screens the full sweep does not reach with every kind of
 * text on them (the designer's canvas with every question type and its grey hints).
 */
export async function expectReadableContrast(page: Page, selector: string, label: string) {
  await waitForSettledAnimations(page);
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => "axe" in window).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => {});
  }
  const nodes = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const results = await axe.run(
      { include: [[context]] },
      { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] },
    );
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    );
  }, selector);
  expect(nodes, `${label}: 文字与背景的对比度不足 4.5:1`).toEqual([]);
}

/**
 * Product and format names a label may carry as written (导出为 Excel, SPSS 数据文件): everything else in a label is
 * Chinese. Compared as whole words, case included.
 */
const LATIN_TERMS = new Set([
  "Excel",
  "Word",
  "PDF",
  "CSV",
  "SPSS",
  "Stata",
  "API",
  "VIP",
  "URL",
  "Esc",
  "Node",
]);

/**
 * What a screen reader says for the page's controls and images (aria-label, aria-roledescription, an image's alt,
 * the text a control is described by) is Chinese, as the visible text is: antd named its icons ("user",
 * "eye-invisible") and some of its buttons ("Increase Value", "Select all") in English until the build rewrote them
 * (packages/web/localise-deps.ts). A word of three or more Latin letters fails unless it is a product name
 * (LATIN_TERMS) or runs into digits (the journeys' made-up names, "题库mxc2vll3938"). Labels that are addresses
 * (a link named by its URL) and rich text's content (user content) are not ours to translate and are skipped.
 */
export async function expectChineseLabels(page: Page, label: string) {
  const findings = await page.evaluate(
    (terms) => {
      const allowed = new Set(terms);
      const english = (text: string) =>
        (text.match(/\b[A-Za-z]{3,}\b/g) ?? []).some((word) => !allowed.has(word));
      const found = new Set<string>();
      const attributes = ["aria-label", "aria-roledescription", "alt"];
      for (const element of document.querySelectorAll(attributes.map((name) => `[${name}]`).join(","))) {
        if (element.closest('[aria-hidden="true"], .wj-rich-text')) continue;
        for (const name of attributes) {
          const value = element.getAttribute(name) ?? "";
          if (/^(https?:|mailto:|\/)/.test(value)) continue;
          if (english(value)) found.add(`<${element.tagName.toLowerCase()} ${name}="${value}">`);
        }
      }
      // Text read as a control's description (dnd-kit's drag instructions hide theirs in the page).
      for (const element of document.querySelectorAll("[aria-describedby]"))
        for (const id of (element.getAttribute("aria-describedby") ?? "").split(/\s+/)) {
          const text = (id && document.getElementById(id)?.textContent) || "";
          if (english(text)) found.add(`#${id}: ${text.trim().slice(0, 80)}`);
        }
      // An icon inside a control that has text of its own is decoration: its name read before the text ("团队
      // 共享给我的") says nothing the text does not. Such icons are aria-hidden (antd's Button and Menu: localise-deps.ts).
      const control =
        'button, a, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"], [role="switch"]';
      for (const icon of document.querySelectorAll('[role="img"][aria-label]')) {
        const owner = icon.closest(control);
        if (!owner || icon.closest('[aria-hidden="true"]')) continue;
        if (owner.hasAttribute("aria-label") || owner.hasAttribute("aria-labelledby")) continue;
        const copy = owner.cloneNode(true) as Element;
        for (const image of copy.querySelectorAll('[role="img"]')) image.remove();
        const text = copy.textContent?.trim() ?? "";
        if (text) found.add(`图标“${icon.getAttribute("aria-label")}”读在“${text.slice(0, 20)}”之前`);
      }
      return [...found];
    },
    [...LATIN_TERMS],
  );
  expect(findings, `${label}: 读屏软件会读出英文标签或多余的图标名`).toEqual([]);
}
