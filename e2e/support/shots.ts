import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from "@playwright/test";

/**
 * A picture for a person to look through (the journeys take them along the way, at a phone's and a desktop's
 * width): with E2E_SHOTS=1 only. CI takes none: over 80 of them, many of whole pages, were time nobody looked at.
 */
export async function reviewShot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions,
): Promise<void> {
  if (process.env.E2E_SHOTS !== "1") return;
  await target.screenshot(options);
}
