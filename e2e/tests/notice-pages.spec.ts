import { expect, test } from "@playwright/test";
import { latestSmsCode } from "../support/accounts.ts";
import { card, simpleSurvey } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

// Issue #19: the respondent's notice page (/trailerPage) and cover page (/questionnaireSurvey).

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A phone number of its own per run, so the one-code-a-minute rule never meets an earlier run. */
const freshPhone = () => `139${String(Date.now()).slice(-8)}`;

test.describe("提醒页与封面页", () => {
  test("a not-yet-started questionnaire's link lands on /trailerPage with a countdown; 提醒我 takes a verified phone", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("未开始的问卷")), {
      startTime: inSeconds(3600),
    });
    await page.goto(`/r/${q.publicId}`);
    await expect(page).toHaveURL(`/trailerPage?id=${q.publicId}`);
    await expect(page.getByRole("heading", { name: "问卷未开始" })).toBeVisible();
    await expect(page.getByTestId("start-time")).toContainText("（北京时间）");
    await expect(page.getByTestId("countdown")).toHaveText(/距开始还有 00:59:\d\d/);
    await expect(card(page, "q1")).toHaveCount(0);

    const phone = freshPhone();
    await page.getByLabel("手机号").fill("12345");
    await page.getByRole("button", { name: "提醒我" }).click();
    await expect(page.getByRole("alert")).toHaveText(/请输入正确的11位手机号/);
    await page.getByLabel("手机号").fill(phone);
    await page.getByRole("button", { name: "提醒我" }).click();
    await expect(page.getByText("验证码已发送，请填写验证码后点击“确认提醒”")).toBeVisible();
    await page.getByLabel("验证码").fill(await latestSmsCode(request, phone));
    await page.getByRole("button", { name: "确认提醒" }).click();
    await expect(page.getByTestId("reminder-done")).toHaveText("已设置提醒，问卷开始时会给您发送一条短信");
  });

  test("when the countdown reaches zero the respondent is taken to the form", async ({ page, request }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("即将开始的问卷")), {
      startTime: inSeconds(6),
    });
    await page.goto(`/r/${q.publicId}`);
    await expect(page).toHaveURL(`/trailerPage?id=${q.publicId}`);
    await expect(page.getByTestId("countdown")).toBeVisible();
    await expect(page).toHaveURL(`/r/${q.publicId}`, { timeout: 20_000 });
    await expect(card(page, "q1")).toBeVisible();
  });

  test("with the cover on, the share link shows the cover first, and 开始答题 leads to answering", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("有封面的问卷")), { coverPage: true });
    await page.goto(`/r/${q.publicId}`);
    await expect(page).toHaveURL(`/questionnaireSurvey?id=${q.publicId}`);
    const cover = page.getByTestId("cover-page");
    await expect(cover).toContainText("共 1 题");
    await expect(cover).toContainText("预计用时约 1 分钟");
    await expect(cover.getByRole("link", { name: "《隐私政策》" })).toHaveAttribute("href", "/Agreement");
    await cover.getByRole("link", { name: "开始答题" }).click();
    await expect(page).toHaveURL(`/r/${q.publicId}?start=1`);
    // A tap before the logic engine has loaded is not an answer yet (openAnswerPage waits the same way).
    await page.locator("html[data-engine=ready]").waitFor({ state: "attached" });
    await card(page, "q1").getByText("大一", { exact: true }).click();
    await page.getByRole("button", { name: "提交" }).click();
    await expect(page.getByTestId("thank-you")).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`the notice and cover pages fit ${width} px without sideways scrolling`, async ({
      page,
      request,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      const upcoming = await publishQuestionnaire(request, simpleSurvey(unique("宽度检查未开始")), {
        startTime: inSeconds(2 * 86_400),
      });
      const covered = await publishQuestionnaire(request, simpleSurvey(unique("宽度检查封面")), {
        coverPage: true,
      });
      for (const [name, path, ready] of [
        ["trailer", `/trailerPage?id=${upcoming.publicId}`, "countdown"],
        ["cover", `/questionnaireSurvey?id=${covered.publicId}`, "cover-page"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByTestId(ready)).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} @${width}px`).toBeLessThanOrEqual(0);
        await reviewShot(page, { path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      }
    });
  }
});
