import { type APIRequestContext, expect, test } from "@playwright/test";
import { type A11yFixtures, a11yPages } from "../support/a11y-pages.ts";
import { ADMIN, apiLogin, DEMO_PERSONAL } from "../support/accounts.ts";
import { simpleSurvey } from "../support/answer-page.ts";
import {
  fireAlarmQuestion,
  lifecycle,
  publishQuestionnaire,
  submitAnswers,
  unique,
} from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { everyTypeSurvey } from "../support/every-type-survey.ts";
import { apiPartnerLogin } from "../support/partner.ts";

// Issue #21: every page kind of a11y-pages.ts, at a phone's and a desktop's width, has no serious or
// critical axe finding under the WCAG 2.0/2.1/2.2 A and AA rules.

interface Setup {
  fixtures: A11yFixtures;
  tokens: Record<"user" | "admin" | "partner", string>;
}

async function createSetup(request: APIRequestContext): Promise<Setup> {
  const survey = await publishQuestionnaire(request, simpleSurvey(unique("无障碍调查")));
  await submitAnswers(request, survey.publicId, { q1: { optionId: "a" } }, { key: "a11y-survey" });
  const exam = await publishQuestionnaire(request, {
    schemaVersion: 1,
    kind: "exam",
    title: unique("无障碍考试"),
    pages: [{ id: "p1", questions: [fireAlarmQuestion("fire")] }],
  });
  await submitAnswers(request, exam.publicId, { fire: { optionId: "a" } }, { key: "a11y-exam" });
  const vote = await publishQuestionnaire(request, simpleSurvey(unique("无障碍投票"), "vote"));
  await submitAnswers(request, vote.publicId, { q1: { optionId: "b" } }, { key: "a11y-vote" });
  const everyType = await publishQuestionnaire(request, everyTypeSurvey(unique("无障碍全题型")));
  const paused = await publishQuestionnaire(request, simpleSurvey(unique("无障碍暂停")));
  await lifecycle(request, paused, "stopQuestionary");
  const news = (await (await request.get("/wjgj/api/navigation/getNavigationNewsList")).json()) as {
    data: { list: { id: number }[] };
  };
  const newsId = news.data.list[0]?.id;
  expect(newsId, "演示数据里没有资讯").toBeDefined();
  const gallery = (await (await request.get("/wjgj/api/navigation/getChoiceTemplateList")).json()) as {
    data: { list: { id: number }[] };
  };
  const templateId = gallery.data.list[0]?.id;
  expect(templateId, "演示数据里没有公开模板").toBeDefined();
  return {
    fixtures: { survey, exam, vote, everyType, paused, newsId: newsId ?? 0, templateId: templateId ?? 0 },
    tokens: {
      user: (await apiLogin(request, DEMO_PERSONAL)).token,
      admin: (await apiLogin(request, ADMIN)).token,
      partner: await apiPartnerLogin(request, "a11y-sweep"),
    },
  };
}

// Made by the first test and shared by the rest (one worker runs them in order).
let setup: Promise<Setup> | null = null;

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of WIDTHS) {
  test.describe(`axe at ${viewport.width}px`, () => {
    for (const entry of a11yPages) {
      test(entry.label, async ({ page, request }) => {
        setup ??= createSetup(request);
        const { fixtures, tokens } = await setup;
        await page.setViewportSize(viewport);
        const token = entry.as ? tokens[entry.as] : null;
        if (token) await page.addInitScript((value) => localStorage.setItem("token", value), token);
        await page.goto(entry.path(fixtures));
        await expect(entry.ready(page).first()).toBeVisible();
        await entry.reach?.(page);
        await expectNoSeriousViolations(page, `${entry.label} @${viewport.width}px`);
      });
    }
  });
}
