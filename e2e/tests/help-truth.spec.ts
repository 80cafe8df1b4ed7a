import { expect, test } from "@playwright/test";
import { seedHelp } from "../../packages/server/src/seed/help-content.ts";
import { apiLogin, DEMO_PERSONAL, TOKEN_PAGE } from "../support/accounts.ts";

/**
 * The help centre may only describe what the product does: every screen an article sends a reader to is
 * opened as the demo user would open it, and must be a real screen — not a "即将上线" placeholder, not the
 * 404 page, not a redirect elsewhere.
 */
test.describe("help centre truth", () => {
  test("every article names its screens, and each is a real screen", async ({ page, request }) => {
    const screens = new Set<string>();
    for (const category of seedHelp) {
      for (const article of category.articles) {
        expect(article.screens.length, `「${article.title}」没有列出它提到的页面`).toBeGreaterThan(0);
        for (const screen of article.screens) screens.add(screen);
      }
    }

    const { token } = await apiLogin(request, DEMO_PERSONAL);
    const list = await request.get("/wjgj/api/questionary/getQuestionaryList", {
      headers: { token },
      params: { pageNum: 1, pageSize: 1 },
    });
    const id = ((await list.json()) as { data: { list: { id: number }[] } }).data.list[0]?.id;
    expect(id, "演示用户没有问卷").toBeTruthy();
    await page.goto(TOKEN_PAGE);
    await page.evaluate((value) => localStorage.setItem("token", value), token);

    for (const screen of screens) {
      const url = screen.replace("{questionnaire}", String(id));
      await page.goto(url);
      // The page's chunk and its data calls have arrived, and the lazy page has replaced its spinner.
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("status", { name: "页面加载中" }), url).toHaveCount(0);
      expect(new URL(page.url()).pathname.toLowerCase(), `${url} 跳转到了别处`).toBe(
        new URL(url, page.url()).pathname.toLowerCase(),
      );
      await expect(page.getByTestId("placeholder-page"), `${url} 仍是“即将上线”页面`).toHaveCount(0);
      await expect(page.getByText("页面不存在"), `${url} 不存在`).toHaveCount(0);
      await expect(page.locator("#root")).not.toBeEmpty();
    }
  });
});
