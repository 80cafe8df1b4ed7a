import fs from "node:fs";

/**
 * Debian's chromium-headless-shell (the same Chromium build without the browser's own interface, what Playwright
 * itself runs headless by default) when installed: the full browser in headless mode starts its tab strip and
 * other interface pages for every page a journey opens, and the same journeys took 1.7× as long in it (352 s
 * against 204 s of test time for the first 20). Lighthouse's runs (website-seo.spec.ts) too: 52 s against 61 s of
 * test time for the three, and a quarter less CPU, with the same scores. The full browser otherwise.
 */
export function browserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/bin/chromium-headless-shell";
  return fs.existsSync(shell) ? shell : "/usr/bin/chromium";
}
