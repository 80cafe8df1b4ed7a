import { expect, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { card, openAnswerPage, PHONE, simpleSurvey, tapText } from "../support/answer-page.ts";
import { fireAlarmQuestion, publishQuestionnaire, responseCount, unique } from "../support/answering.ts";

test.use(PHONE);

test.describe("exams and previews on a phone", () => {
  test("an exam is handed in when its time runs out, with the score, the answer key and explanations", async ({
    page,
    request,
  }) => {
    const title = unique("限时考试");
    const exam = {
      schemaVersion: 1,
      kind: "exam",
      title,
      settings: { exam: { timeLimitMinutes: 1, passMark: 6, showAnswersAfterSubmit: true } },
      pages: [
        {
          id: "p1",
          questions: [
            { ...fireAlarmQuestion("q1"), explanation: "119 是火警电话。" },
            {
              id: "q2",
              type: "single",
              title: "急救电话是",
              config: {
                options: [
                  { id: "a", label: "110" },
                  { id: "b", label: "120", correct: true },
                ],
              },
              scoring: { mode: "single", points: 4 },
              explanation: "120 是急救电话；110 是报警电话。",
            },
            {
              id: "q3",
              type: "text",
              title: "灭火器压力表的指针应在什么颜色区",
              config: {},
              scoring: { mode: "text", points: 5, accepted: ["绿色", "绿"], match: "exact" },
              explanation: "指针在绿区表示压力正常。",
            },
          ],
        },
      ],
    };
    const q = await publishQuestionnaire(request, exam);
    await page.clock.install();
    await page.goto(`/r/${q.publicId}`);
    await expect(page.getByRole("timer")).toContainText(/剩余时间 0[01]:\d\d/);
    // Explanations give the answers away: nowhere in the page before it is handed in.
    expect(await page.content()).not.toContain("是急救电话");
    await tapText(card(page, "q1"), "119");
    await card(page, "q3").getByRole("textbox").fill("红色");
    await page.clock.fastForward("01:05");
    await expect(page.getByTestId("thank-you")).toBeVisible();
    await expect(page.locator(".wa-score")).toContainText("4/ 13 分");
    await expect(page.getByText("很遗憾，未通过（及格线 6 分）")).toBeVisible();
    await expect(page.getByText("正确答案：120")).toBeVisible();
    await expect(page.getByTestId("explanation-q2")).toHaveText("答案解析：120 是急救电话；110 是报警电话。");
    await expect(page.getByTestId("explanation-q1")).toHaveText("答案解析：119 是火警电话。");
    // A fill-in shows what was typed and the reference answers, as choice questions show theirs.
    const fill = page.locator(".wa-review li").filter({ hasText: "灭火器压力表的指针" });
    await expect(fill).toContainText("得分：0 / 5");
    await expect(fill).toContainText("您的答案：红色");
    await expect(fill).toContainText("参考答案：绿色 或 绿");
    await expect(page.getByTestId("explanation-q3")).toHaveText("答案解析：指针在绿区表示压力正常。");
    expect(await responseCount(request, q)).toBe(1);
  });

  test("an exam is handed in after too many tab switches", async ({ page, request }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("切屏考试"), "exam"), {
      tabSwitchLimit: 1,
    });
    await openAnswerPage(page, q.publicId);
    await tapText(card(page, "q1"), "大一");
    await expect(page.getByRole("timer")).toContainText("切屏 0/1 次");
    const leave = () =>
      page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      });
    await leave();
    await expect(page.getByText("检测到您离开了答题页面（第 1 次），超过 1 次将自动交卷")).toBeVisible();
    await leave();
    await expect(page.getByTestId("thank-you")).toBeVisible();
    await expect(page.getByTestId("hand-in-reason")).toHaveText("离开答题页面的次数超过限制，已自动交卷");
    expect(await responseCount(request, q)).toBe(1);
  });

  test("the owner previews the draft in a phone frame; a preview submission is not counted", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, simpleSurvey(unique("预览问卷")));
    await page.goto(`/y/${q.publicId}/phone`);
    await expect(page.getByRole("link", { name: "登录后预览" })).toBeVisible();
    await expect(page.getByText("问卷预览仅供创建者查看，请登录创建者的账号")).toBeVisible();
    await openLoggedIn(page, request, DEMO_PERSONAL, `/y/${q.publicId}/phone`);
    await expect(page.getByText("预览模式 · 提交的答卷不计入统计")).toBeVisible();
    await tapText(card(page, "q1"), "大二");
    await page.getByRole("button", { name: "提交" }).tap();
    await expect(page.getByText("预览模式：本次提交不计入答卷")).toBeVisible();
    expect(await responseCount(request, q)).toBe(0);
  });
});
