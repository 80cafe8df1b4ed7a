import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { genderQuestion, publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";

const survey = (title: string) => ({
  schemaVersion: 1,
  kind: "survey",
  title,
  pages: [
    {
      id: "p1",
      questions: [genderQuestion],
    },
  ],
});

/**
 * A large questionnaire's first filtered statistics: the server builds its filter index in the background
 * and answers 正在准备筛选数据 with its progress (body code 503, data.progress). The page shows the progress
 * and asks again until the statistics come. Here the server's answers are stood in for until the test has
 * seen the notice (a real build needs tens of thousands of responses); then the page gets the real ones.
 */
async function preparingUntilReleased(page: Page) {
  const state = { preparing: true, answered: 0 };
  await page.route("**/wjgj/api/statistics/getQuestionStatistics", async (route) => {
    if (!state.preparing) return route.continue();
    state.answered += 1;
    await route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ code: 503, msg: "正在准备筛选数据（40%）", data: { progress: 40 } }),
    });
  });
  return state;
}

for (const width of [1280, 390]) {
  test(`statistics say 正在准备筛选数据 with the progress, then show the counts (${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const title = unique("准备筛选");
    const q = await publishQuestionnaire(request, survey(title));
    await submitAnswers(request, q.publicId, { gender: { optionId: "m" } }, { key: `prep-${width}` });
    const server = await preparingUntilReleased(page);
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}`);
    await page.getByRole("tab", { name: "分题统计", exact: true }).click();
    const notice = page.getByTestId("results-preparing");
    await expect(notice).toContainText("正在准备筛选数据");
    await expect(notice.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(server.answered).toBeGreaterThanOrEqual(1);
    server.preparing = false;
    await expect(page.getByTestId("stats-total")).toHaveText("1");
    await expect(notice).toHaveCount(0);
  });
}
