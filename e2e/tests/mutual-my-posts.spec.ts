import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { newSmsAccount } from "../support/accounts.ts";
import { card, PHONE, tapText } from "../support/answer-page.ts";
import { unique } from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { openWithToken, publishAs } from "../support/mutual.ts";
import { reviewShot } from "../support/shots.ts";

/**
 * Issue #33 item 10: after posting to 互填 the poster manages the post in 我的发布 — progress, points reserved,
 * paid out and returned; 暂停 takes it off the listing, 继续 brings it back, 结束 returns the unspent points at once.
 * At a desktop width and a phone's, where the cards stack and nothing may run off the side.
 */

/** Screenshots for a person to look at: under SHOTS_DIR when set, else beside the test's other output. */
async function shoot(page: Page, what: Locator | null, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  const width = page.viewportSize()?.width ?? 0;
  const path = dir ? `${dir}/my-posts-${width}-${name}.png` : testInfo.outputPath(`${name}.png`);
  if (!what) return reviewShot(page, { path });
  await what.scrollIntoViewIfNeeded();
  return reviewShot(what, { path });
}

/** The page does not scroll sideways, and the card's parts sit inside the card, the card inside the page. */
async function expectFits(page: Page, post: Locator) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "页面不应横向滚动").toBeLessThanOrEqual(0);
  const width = page.viewportSize()?.width ?? 0;
  const box = await post.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  for (const part of [
    post.getByRole("heading"),
    post.getByTestId("my-post-status"),
    post.getByTestId("my-post-points"),
    post.getByRole("progressbar"),
    post.locator(".wj-mypost__foot"),
  ]) {
    const inner = await part.boundingBox();
    expect(inner, "卡片内容应可见").not.toBeNull();
    if (!inner) continue;
    expect(inner.x).toBeGreaterThanOrEqual(box.x);
    expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
}

/** Clicks `action` on the card, checks the confirmation says `says` (and shoots it when asked), and confirms. */
async function confirmAction(
  page: Page,
  post: Locator,
  action: string,
  title: string,
  says: string,
  shot?: TestInfo,
) {
  await post.getByRole("button", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: title });
  await expect(dialog).toContainText(says);
  if (shot) await shoot(page, null, shot, `confirm-${action}`);
  await dialog.getByRole("button", { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    test("我的发布: progress and points, pause, resume and end with the points returned", async ({
      page,
      request,
      browser,
    }, testInfo) => {
      const poster = await newSmsAccount(request, "136");
      const respondent = await newSmsAccount(request, "136");
      const title = unique("我的发布问卷");
      const q = await publishAs(request, poster, title);

      await openWithToken(page, poster, "/website/mutual");
      await expect(page.getByTestId("my-points")).toContainText("我的积分 50");
      await page.getByRole("spinbutton", { name: "每份答卷奖励（积分）" }).fill("5");
      await page.getByRole("spinbutton", { name: "需要答卷数" }).fill("3");
      await page.getByRole("button", { name: "发布到互填" }).click();
      await expect(page.getByText(`已发布“${title}”，冻结 15 积分`)).toBeVisible();

      await page.getByRole("tab", { name: "我的发布" }).click();
      await expect(page).toHaveURL(/tab=mine/);
      const post = page.getByTestId("my-post").filter({ hasText: title });
      await expect(post.getByTestId("my-post-status")).toHaveText("进行中");
      await expect(post.getByTestId("my-post-progress")).toHaveText("已答 0/3");
      await expect(post.getByTestId("my-post-points")).toHaveText("每份奖励5 积分预留积分15已发出0已退回0");
      await expect(post).toContainText("15 积分冻结中");
      await expectFits(page, post);
      await shoot(page, page.getByRole("region", { name: "我的互填" }), testInfo, "1-posted");

      // Someone answers it from the space on their phone and earns the reward.
      const other = await browser.newPage({ ...PHONE });
      // The answer page measures the answering time with the clock: fast-forwarded instead of waited for.
      await other.clock.install();
      await openWithToken(other, respondent, `/r/${q.publicId}?source=mutual`);
      await other.locator("html[data-engine=ready]").waitFor({ state: "attached" });
      await tapText(card(other, "q1"), "大二");
      await other.clock.fastForward("00:30");
      await other.getByRole("button", { name: "提交" }).tap();
      await expect(other.getByTestId("space-points")).toContainText("获得 5 积分");
      await other.close();

      // The tab is in the address: a reload stays on 我的发布.
      await page.reload();
      await expect(post.getByTestId("my-post-progress")).toHaveText("已答 1/3");
      await expect(post.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
      await expect(post.getByTestId("my-post-points")).toHaveText("每份奖励5 积分预留积分15已发出5已退回0");
      await expect(post).toContainText("10 积分冻结中");
      const listed = page.getByTestId("mutual-card").filter({ hasText: title });
      await expect(listed).toHaveCount(1);
      await expectFits(page, post);
      await shoot(page, page.getByRole("region", { name: "我的互填" }), testInfo, "2-answered");

      await confirmAction(page, post, "暂停", "暂停互填", "冻结的 10 积分保留");
      await expect(post.getByTestId("my-post-status")).toHaveText("已暂停");
      await expect(post).toContainText("不在互填列表展示");
      await expect(listed).toHaveCount(0);
      // The reservation is kept while paused.
      await expect(page.getByTestId("my-points")).toContainText("我的积分 35");
      await expect(page.getByTestId("my-points")).toContainText("冻结 10");
      await expect(post.getByRole("button", { name: "继续" })).toBeVisible();
      await expectFits(page, post);
      await shoot(page, page.getByRole("region", { name: "我的互填" }), testInfo, "3-paused");
      await expectNoSeriousViolations(page, "我的发布（已暂停）");

      await confirmAction(page, post, "继续", "继续互填", "重新出现在互填列表");
      await expect(post.getByTestId("my-post-status")).toHaveText("进行中");
      await expect(listed).toHaveCount(1);

      await confirmAction(page, post, "结束", "结束互填", "未发出的 10 积分立即退回到您的积分", testInfo);
      await expect(page.getByText("已结束，10 积分已退回到您的积分")).toBeVisible();
      await expect(post.getByTestId("my-post-status")).toHaveText("已结束");
      await expect(post.getByTestId("my-post-points")).toHaveText("每份奖励5 积分预留积分15已发出5已退回10");
      await expect(post.getByRole("button")).toHaveCount(0);
      await expect(listed).toHaveCount(0);
      // 50 − 15 reserved + 10 returned, nothing frozen.
      await expect(page.getByTestId("my-points")).toContainText("我的积分 45");
      await expect(page.getByTestId("my-points")).toContainText("冻结 0");
      await expectFits(page, post);
      await shoot(page, page.getByRole("region", { name: "我的互填" }), testInfo, "4-ended");
      await expectNoSeriousViolations(page, "我的发布（已结束）");
    });
  });
}
