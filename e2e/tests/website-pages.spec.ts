import { expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL } from "../support/accounts.ts";
import { reviewShot } from "../support/shots.ts";

// Every page of the public site on a desktop and a phone screen, as the server renders it and the browser
// hydrates it. With E2E_SHOTS=1, screenshots land in test-results/website/ for a person to look through (not
// committed); CI takes none (a full-page screenshot is most of a page's time here).

const ROUTES: readonly [name: string, path: string, heading: string | RegExp][] = [
  ["home", "/website/home", "专业问卷，轻松收集真实反馈"],
  ["free", "/website/free", "免费模板"],
  ["mutual", "/website/mutual", "互助答题"],
  ["service", "/website/service", "样本服务"],
  ["product-search", "/website/product/search", /^专业问卷调查/],
  ["product-exam", "/website/product/exam", /^在线考试/],
  ["product-collection", "/website/product/collection", /^收集表单/],
  ["product-vote", "/website/product/vote", /^投票评选/],
  ["product-survey", "/website/product/survey", /^满意度调查/],
  ["product-knowledge", "/website/product/knowledge", /^知识竞赛/],
  ["product-private", "/website/product/private", /^私有化部署/],
  ["version", "/website/version", "版本价格"],
  ["news", "/website/resource/news", "资讯"],
  ["news-detail", "NEWS_DETAIL", /.+/],
  ["help", "/website/resource/help", "帮助中心"],
  ["contact", "/website/companyProfile", "联系我们"],
];

/** Errors React reports when the server's markup and the first browser render differ, and script crashes. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

async function firstNewsPath(page: Page): Promise<string> {
  const response = await page.request.get("/wjgj/api/navigation/getNavigationNewsList");
  const body = (await response.json()) as { data: { list: { id: number }[] } };
  return `/website/resource/news/${body.data.list[0]?.id}/info`;
}

const VIEWPORTS = [
  { label: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  { label: "phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const { label, use } of VIEWPORTS) {
  test.describe(`public site on a ${label}`, () => {
    test.use(use);

    test("every page shows its heading, hydrates without errors and fits the screen", async ({ page }) => {
      test.setTimeout(120_000);
      const errors = watchErrors(page);
      const newsPath = await firstNewsPath(page);
      for (const [name, path, heading] of ROUTES) {
        await page.goto(path === "NEWS_DETAIL" ? newsPath : path);
        await expect(page.getByRole("heading", { level: 1, name: heading }), name).toBeVisible();
        // Hydrated (the web entries mark <html data-live>): a hydration error would have been reported by now.
        await expect(page.locator("html[data-live]"), name).toBeAttached();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
        await expect(page.locator("img:not([alt])"), `${name} has images without alt text`).toHaveCount(0);
        await reviewShot(page, { path: `test-results/website/${label}-${name}.png`, fullPage: true });
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe("server-rendered pages", () => {
  test("read and look right without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/website/product/exam");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "在线考试：限时作答，自动阅卷，成绩即时可查",
    );
    await expect(page.getByRole("heading", { name: "防作弊设置" })).toBeVisible();
    await expect(page.getByRole("img", { name: /在线考试示意图/ })).toBeVisible();
    // The page's own stylesheet is linked in the head, not waiting for its script chunk.
    const hero = page.locator(".wj-product__hero");
    await expect(hero).toHaveCSS("background-color", "rgb(91, 33, 182)");
    await expect(page.getByTestId("site-footer")).toContainText("service@wjgj.example.com");
    await page.goto("/website/resource/news");
    await expect(page.getByTestId("news-card")).toHaveCount(8);
    // The header's 登录 is a link: it works before (here: without) the script.
    await page.getByTestId("site-header").getByRole("link", { name: "登录" }).click();
    await expect(page).toHaveURL(/\/Loginone$/);
    await context.close();
  });

  test("the browser adopts the server's markup instead of drawing the page again", async ({ page }) => {
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector("h1");
      });
    });
    await page.goto("/website/product/vote");
    await page.waitForLoadState("networkidle");
    // Hydration keeps the very element the server sent; a fresh render would have replaced it.
    const same = await page.evaluate(
      () =>
        (window as unknown as { serverHeading: Element | null }).serverHeading ===
        document.querySelector("h1"),
    );
    expect(same).toBe(true);
    // And the page is live: a client-side link works without a reload.
    await page
      .getByRole("link", { name: /知识竞赛/ })
      .last()
      .click();
    await expect(page).toHaveURL(/\/website\/product\/knowledge$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("知识竞赛");
    expect(errors).toEqual([]);
  });

  test("免费使用 goes to log in, or to the questionnaire list with a session", async ({ page, request }) => {
    await page.goto("/website/product/search");
    await expect(page.getByTestId("free-use").first()).toHaveAttribute("href", "/loginone");
    const { token } = await apiLogin(request, DEMO_PERSONAL);
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    const errors = watchErrors(page);
    await page.reload();
    // The server rendered it for a visitor; the stored session shows right after hydration, without a mismatch.
    await expect(page.getByTestId("free-use").first()).toHaveAttribute("href", "/dc/dclist");
    await expect(page.getByTestId("site-header").getByRole("link", { name: "进入后台" })).toBeVisible();
    await page.getByTestId("free-use").first().click();
    await expect(page).toHaveURL(/\/dc\/dclist$/);
    expect(errors).toEqual([]);
  });

  test("a news item and a help article keep their own title once the page is live", async ({ page }) => {
    const path = await firstNewsPath(page);
    await page.goto(path);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveTitle(`${heading} - 问卷管家`);
    await page.goto("/website/resource/help");
    await page.getByTestId("help-menu").getByRole("link").first().click();
    const article = await page.getByTestId("help-article").getByRole("heading").textContent();
    await expect(page).toHaveTitle(`${article} - 帮助中心 - 问卷管家`);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveTitle(`${article} - 帮助中心 - 问卷管家`);
  });

  test("an unknown news item answers 404 with a Chinese page", async ({ page }) => {
    const response = await page.goto("/website/resource/news/987654/info");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("news-not-found")).toContainText("资讯不存在或已下线");
    await expect(page).toHaveTitle("资讯不存在或已下线 - 问卷管家");
  });
});

test.describe("phone menu", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the hamburger opens the menu, expands 产品介绍 and opens a product page", async ({ page }) => {
    await page.goto("/website/home");
    await page.getByRole("button", { name: "展开菜单" }).tap();
    const menu = page.getByTestId("phone-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "产品介绍" }).tap();
    await menu.getByRole("link", { name: "在线考试" }).tap();
    await expect(page).toHaveURL(/\/website\/product\/exam$/);
    await expect(page.getByTestId("phone-menu")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("在线考试");
    await reviewShot(page, { path: "test-results/website/phone-menu-after.png" });
  });
});
