import { expect } from "@playwright/test";
import { a11yPages } from "../support/a11y-pages.ts";
import { test } from "../support/a11y-sweep.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { expectVisibleFocus } from "../support/focus-visible.ts";

// Issue #21: every page kind of a11y-pages.ts, at a phone's and a desktop's width, has no serious or
// critical axe finding under the WCAG 2.0/2.1/2.2 A and AA rules, and keyboard focus on it (at 390 px) is
// always drawn and never hidden under a sticky bar (WCAG 2.4.7, 2.4.11); at 390 px it does not scroll sideways; what
// a screen reader reads of its controls and images is Chinese (expectNoSeriousViolations checks that too).

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// axe and a Tab walk on the console's larger screens take well over the default minute on a loaded machine.
// The sweep is the longest file: its visits are independent (each worker makes its own fixtures and tabs), so they
// spread over both workers instead of running in one.
test.describe.configure({ timeout: 120_000, mode: "parallel" });

test.afterEach(async ({ sweep }, testInfo) => {
  const tab = sweep.lastTab();
  if (testInfo.status !== testInfo.expectedStatus && tab)
    await testInfo.attach("screenshot", { body: await tab.screenshot(), contentType: "image/png" });
});

// Each page is loaded once and checked at both widths: the console, the site and the respondent page lay themselves
// out by CSS media queries and antd's breakpoint listeners, which follow a resize as they follow a rotated phone. A
// second load per page was a third of the sweep's time.
test.describe("axe at 1280 and 390 px", () => {
  for (const entry of a11yPages) {
    test(entry.label, async ({ sweep }) => {
      const page = await sweep.tabFor(entry.as);
      await page.setViewportSize(DESKTOP);
      await page.goto(entry.path(sweep.fixtures));
      await expect(entry.ready(page).first()).toBeVisible();
      await entry.reach?.(page);
      await expectNoSeriousViolations(page, `${entry.label} @${DESKTOP.width}px`);
      await page.setViewportSize(PHONE);
      const label = `${entry.label} @${PHONE.width}px`;
      await expectNoSeriousViolations(page, label);
      // Nothing on the page is wider than the phone: it never scrolls sideways.
      await expect
        .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), { message: label })
        .toBeLessThanOrEqual(PHONE.width);
      // The Tab walk at the phone's width only, where sticky top and bottom bars cover the most of the screen (the
      // focus styles are the same at every width). Controls whose focus an earlier page already showed drawn (the
      // console's header, say) are only checked for cover.
      await expectVisibleFocus(page, label, sweep.drawnFocus);
    });
  }
});
