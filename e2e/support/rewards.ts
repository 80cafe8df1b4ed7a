import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { card, openAnswerPage, simpleSurvey, tapText } from "./answer-page.ts";
import { type Created, publishQuestionnaire } from "./answering.ts";

/** The rewards journeys' set-up: the creator's calls, a draw with one prize, a respondent who answers. */

/** A call the questionnaire's creator makes (奖励设置 through the API); it must succeed. */
export async function creatorCall(
  request: APIRequestContext,
  q: Created,
  path: string,
  json: Record<string, unknown>,
) {
  const response = await request.post(`/wjgj/api/${path}`, { headers: { token: q.token }, data: json });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
}

/** The simple survey (您的年级) published with the draw set to `prizeSet` and one prize everyone wins: 保温杯. */
export async function publishPrizeDraw(
  request: APIRequestContext,
  title: string,
  prizeSet: Record<string, unknown>,
) {
  const q = await publishQuestionnaire(request, simpleSurvey(title));
  await creatorCall(request, q, "prize/updatePrizeSet", { questionnaireId: q.id, prizeSet });
  await creatorCall(request, q, "prize/addPrize", {
    questionnaireId: q.id,
    name: "保温杯",
    prizeType: "physical",
    stock: 5,
    probability: 100,
  });
  return q;
}

/** A respondent on a phone opens the simple survey, picks `grade` and submits; the thank-you page shows. */
export async function answerGrade(page: Page, publicId: string, grade: "大一" | "大二") {
  await openAnswerPage(page, publicId);
  await tapText(card(page, "q1"), grade);
  await page.getByRole("button", { name: "提交" }).tap();
  await expect(page.getByTestId("thank-you")).toBeVisible();
}
