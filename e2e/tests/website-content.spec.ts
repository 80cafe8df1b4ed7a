import { expect, test } from "@playwright/test";

// The server seeds 10 published news items under 4 labels, 5 help categories and 3 VIP levels into its
// fresh database (packages/server/src/seed).

test.describe("public website content", () => {
  test("news pages 8 at a time, filters by label and opens a detail", async ({ page }) => {
    await page.goto("/website/resource/news");
    const cards = page.getByTestId("news-card");
    await expect(cards).toHaveCount(8);
    await expect(cards.first()).toContainText("问卷管家 V5.0 发布");
    await expect(page.locator("img:not([alt])")).toHaveCount(0);

    await page.locator(".wj-news__pager").getByTitle("2", { exact: true }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText("一所中学用在线考试完成期中测验的全过程");
    // The page is in the address: a reload stays on it, back returns to page 1.
    await expect(page).toHaveURL(/\/website\/resource\/news\?page=2$/);
    await page.reload();
    await expect(cards).toHaveCount(2);
    await page.goBack();
    await expect(page).toHaveURL(/\/website\/resource\/news$/);
    await expect(cards).toHaveCount(8);
    await page.goForward();
    await expect(cards).toHaveCount(2);

    // A label starts again at page 1 and shows only its own items.
    await page.getByRole("tab", { name: "产品动态" }).click();
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) await expect(card).toContainText("产品动态");
    await expect(page.locator(".wj-news__pager")).toHaveCount(0);
    await expect(page).toHaveURL(/\/website\/resource\/news\?label=\d+$/);

    // Opening the item counts a view: more than its card showed (at least one more; runs repeated side by side on
    // the same server count theirs too).
    const card = cards.filter({ hasText: "在线考试支持随机组卷与防作弊设置" });
    const views = Number(/阅读 (\d+)/.exec((await card.textContent()) ?? "")?.[1]);
    expect(Number.isInteger(views)).toBe(true);
    await page.getByRole("link", { name: "在线考试支持随机组卷与防作弊设置" }).click();
    await expect(page).toHaveURL(/\/website\/resource\/news\/\d+\/info$/);
    const detail = page.getByTestId("news-detail");
    await expect(detail.getByRole("heading", { level: 1 })).toHaveText("在线考试支持随机组卷与防作弊设置");
    await expect(page.getByTestId("news-content")).not.toBeEmpty();
    await expect
      .poll(async () => Number(/阅读 (\d+)/.exec((await detail.textContent()) ?? "")?.[1]))
      .toBeGreaterThanOrEqual(views + 1);
    await expect(detail.getByText("上一篇：")).toBeVisible();

    await page.goto("/website/resource/news/999999/info");
    await expect(page.getByTestId("news-not-found")).toContainText("资讯不存在或已下线");
  });

  test("help search finds an article and opens it", async ({ page }) => {
    await page.goto("/website/resource/help");
    await expect(page.getByTestId("help-menu")).toContainText("账号与登录");
    // Before an article is chosen the pane lists 常见问题 rather than standing empty; each opens its article.
    const common = page.getByTestId("help-common");
    await expect(common.getByRole("link")).not.toHaveCount(0);
    const first = (await common.getByRole("link").first().textContent()) ?? "";
    await common.getByRole("link").first().click();
    await expect(page.getByTestId("help-article").getByRole("heading")).toHaveText(first);
    await page.goto("/website/resource/help");
    await page.getByLabel("搜索帮助文章").fill("导出");
    await page.getByLabel("搜索帮助文章").press("Enter");
    await expect(page).toHaveURL(/keyword=/);
    const results = page.getByTestId("help-results");
    await results.getByRole("button", { name: "如何导出答卷数据？" }).click();
    await expect(page.getByTestId("help-article").getByRole("heading")).toHaveText("如何导出答卷数据？");
  });

  test("the pricing page shows 个人版 and the three paid levels", async ({ page }) => {
    await page.goto("/website/version");
    const plans = page.getByTestId("plan-card");
    await expect(plans).toHaveCount(4);
    await expect(plans.getByRole("heading")).toHaveText(["个人版", "黄金会员", "铂金会员", "钻石会员"]);
    await expect(plans.nth(1)).toContainText("¥99/年");
    await expect(plans.nth(3)).toContainText("问卷数量：不限");
    await plans.nth(1).getByRole("button", { name: "立即开通" }).click();
    // Not logged in: the guard sends the visitor to log in first.
    await expect(page).toHaveURL(/\/Loginone/);
  });

  test("the contact form shows the server's field error, then succeeds", async ({ page }) => {
    await page.goto("/website/companyProfile");
    await expect(page.getByTestId("contact-info")).toContainText("400-000-0000");
    const form = page.getByTestId("lead-form-contact");
    await form.getByLabel("姓名").fill("李女士");
    await form.getByLabel("手机号").fill("123");
    await form.getByLabel("留言内容").fill("想了解私有化部署的报价");
    await form.getByRole("button", { name: "提交留言" }).click();
    await expect(form).toContainText("请输入正确的11位手机号");

    await form.getByLabel("手机号").fill("13912345678");
    await form.getByRole("button", { name: "提交留言" }).click();
    await expect(page.getByTestId("lead-success-contact")).toContainText("提交成功，我们会尽快与您联系");
  });
});
