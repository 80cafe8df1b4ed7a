import { expect, test } from "@playwright/test";
import { PHONE } from "../support/answer-page.ts";
import { fireAlarmQuestion, publishQuestionnaire, unique } from "../support/answering.ts";
import { reviewShot } from "../support/shots.ts";

const EXPLANATION = "119 是火警电话，110 是报警电话。";

function practiceExam(title: string) {
  return {
    schemaVersion: 1,
    kind: "exam",
    title,
    pages: [
      {
        id: "p1",
        questions: [
          // The journeys' shared exam question (火警电话是: A. 119 right, B. 110), with an explanation.
          { ...fireAlarmQuestion("q1"), explanation: EXPLANATION },
          {
            id: "q2",
            type: "text",
            title: "灭火器压力表指针应在什么颜色区",
            config: {},
            scoring: {
              mode: "text",
              points: 5,
              accepted: ["绿色"],
              match: "exact",
              ignoreCase: true,
              ignoreSpaces: true,
            },
          },
        ],
      },
    ],
    settings: {},
  };
}

test.describe("刷题 on a phone", () => {
  test.use({ ...PHONE, viewport: { width: 390, height: 844 } });

  test("a wrong answer goes into the 错题本, survives a reload, and leaves it once practised right", async ({
    page,
    request,
  }) => {
    const title = unique("消防刷题");
    const q = await publishQuestionnaire(request, practiceExam(title), { practiceOpen: true });
    await page.goto(`/practice/${q.publicId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: /错题本/ })).toBeDisabled();

    await page.getByRole("button", { name: /顺序练习/ }).tap();
    await page.getByRole("radio", { name: "B. 110" }).check();
    await page.getByRole("button", { name: "提交答案" }).tap();
    await expect(page.getByText("回答错误")).toBeVisible();
    await expect(page.getByText("正确答案：A. 119")).toBeVisible();
    await expect(page.getByText(EXPLANATION)).toBeVisible();
    await page.getByRole("button", { name: "下一题" }).tap();
    await page.getByRole("textbox").fill("绿色");
    await page.getByRole("button", { name: "提交答案" }).tap();
    await expect(page.getByText("回答正确")).toBeVisible();
    await page.getByRole("button", { name: "完成本轮" }).tap();
    await expect(page.getByText("错题本中还有 1 道题")).toBeVisible();

    // Progress is kept for this device: after a reload the book still holds the wrong one.
    await page.reload();
    await expect(page.getByText("已练 2 / 2 题 · 错题 1 题")).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(390);
    await page.getByRole("button", { name: /错题本/ }).tap();
    await expect(page.getByText("第 1 / 1 题")).toBeVisible();
    await expect(page.getByRole("heading", { name: "火警电话是" })).toBeVisible();
    await page.getByRole("radio", { name: "A. 119" }).check();
    await page.getByRole("button", { name: "提交答案" }).tap();
    await expect(page.getByText("回答正确")).toBeVisible();
    await reviewShot(page, { path: "test-results/practice-phone.png", fullPage: true });
    await page.getByRole("button", { name: "完成本轮" }).tap();
    await expect(page.getByText("错题本已清空")).toBeVisible();
    await expect(page.getByText("已练 2 / 2 题 · 错题 0 题")).toBeVisible();
  });
});
