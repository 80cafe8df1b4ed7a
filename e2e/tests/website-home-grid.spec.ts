import { expect, test } from "@playwright/test";
import { reviewShot } from "../support/shots.ts";

// The seven product cards on /website/home fill every row of their grid, at every width (issue #12.9).
for (const width of [1280, 1024, 768, 390]) {
  test(`the product cards leave no empty slot at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/website/home");
    const grid = page.locator(".wj-home__products");
    await expect(grid.locator(".wj-home__product")).toHaveCount(7);
    await grid.scrollIntoViewIfNeeded();
    const rows = await grid.evaluate((el) => {
      const frame = el.getBoundingClientRect();
      const byTop = new Map<number, { left: number; right: number }>();
      for (const card of Array.from(el.querySelectorAll(".wj-home__product"))) {
        const box = card.getBoundingClientRect();
        const top = Math.round(box.top);
        const row = byTop.get(top) ?? { left: box.left, right: box.right };
        byTop.set(top, { left: Math.min(row.left, box.left), right: Math.max(row.right, box.right) });
      }
      // Each row as its gaps to the grid's edges: both 0 when the row is full.
      return [...byTop.values()].map((row) => [
        Math.round(row.left - frame.left),
        Math.round(frame.right - row.right),
      ]);
    });
    await reviewShot(page, { path: testInfo.outputPath(`home-products-${width}.png`), fullPage: true });
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toEqual([0, 0]);
    const scroll = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(scroll).toBe(width);
  });
}
