import { expect, test } from "@playwright/test";
import { newSmsAccount } from "../support/accounts.ts";
import { card, PHONE, tapText } from "../support/answer-page.ts";
import { unique } from "../support/answering.ts";
import { openWithToken, publishAs } from "../support/mutual.ts";

/** Issue #19: post a questionnaire to the answer space, answer someone else's from there, see the points. */

test("post to the space, answer someone else's from the space and see the points", async ({
  page,
  request,
  browser,
}) => {
  const creator = await newSmsAccount(request, "137");
  const respondent = await newSmsAccount(request, "137");
  const title = unique("互填问卷");
  await publishAs(request, creator, title);

  await openWithToken(page, creator, "/website/mutual");
  await expect(page.getByTestId("my-points")).toContainText("我的积分 50");
  await page.getByRole("spinbutton", { name: "每份答卷奖励（积分）" }).fill("5");
  await page.getByRole("spinbutton", { name: "需要答卷数" }).fill("2");
  await page.getByRole("button", { name: "发布到互填" }).click();
  await expect(page.getByText(`已发布“${title}”，冻结 10 积分`)).toBeVisible();
  await expect(page.getByTestId("my-points")).toContainText("我的积分 40");

  const other = await browser.newPage({ ...PHONE });
  // The answer page measures the answering time with the clock: fast-forwarded instead of waited for.
  await other.clock.install();
  await openWithToken(other, respondent, `/website/mutual?keyword=${encodeURIComponent(title)}&sort=points`);
  // The listing is live once the visitor's own points are in (the client has taken the server's markup over).
  await expect(other.getByTestId("my-points")).toBeVisible();
  // A tap that lands while the list is re-rendered is lost, as a person's would be; they tap again.
  await expect(async () => {
    await other.getByRole("link", { name: title }).tap({ timeout: 3000 });
    await expect(other).toHaveURL(/\/r\/[A-Za-z0-9]+\?source=mutual$/, { timeout: 3000 });
  }).toPass();
  await tapText(card(other, "q1"), "大二");
  await other.clock.fastForward("00:30");
  await other.getByRole("button", { name: "提交" }).tap();
  await expect(other.getByTestId("space-points")).toContainText("获得 5 积分，当前积分 55");
  await other.goto("/website/mutual");
  await expect(other.getByTestId("my-points")).toContainText("我的积分 55");
  await expect(other.getByTestId("my-points")).toContainText("今日已赚 5/60");
  await other.close();

  await page.reload();
  await expect(page.getByTestId("mutual-card").filter({ hasText: title })).toContainText("已答 1/2");
});
