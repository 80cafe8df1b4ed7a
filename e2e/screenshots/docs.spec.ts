import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { DEMO_VIP2, openLoggedIn } from "../support/accounts.ts";

// README screenshots; run with `npm run screenshots -w @wjgj/e2e` (SCREENSHOTS=1).
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

test.use({ viewport: { width: 1280, height: 800 } });

test("login screen", async ({ page }) => {
  await page.goto("/Loginone");
  await expect(page.getByTestId("login-page")).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${outDir}/login.png` });
});

test("logged-in header with the account panel open", async ({ page, request }) => {
  await openLoggedIn(page, request, DEMO_VIP2, "/dc/dclist");
  await page.getByTestId("header-avatar").hover();
  await expect(page.getByTestId("user-panel")).toBeVisible();
  await expect(page.getByTestId("vip-expiry")).toBeVisible();
  // Let the popover's entry animation finish.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/header.png`, clip: { x: 0, y: 0, width: 1280, height: 480 } });
});

test("website home", async ({ page }) => {
  await page.goto("/website/home");
  await expect(page.getByTestId("website-home")).toBeVisible();
  await expect(page.getByTestId("site-footer")).toContainText("©");
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${outDir}/website-home.png`, fullPage: true });
});
