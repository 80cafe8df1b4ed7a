import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import type { A11yFixtures, A11yPage } from "./a11y-pages.ts";
import { ADMIN, apiLogin, DEMO_PERSONAL } from "./accounts.ts";
import { simpleSurvey } from "./answer-page.ts";
import { fireAlarmQuestion, lifecycle, publishQuestionnaire, submitAnswers, unique } from "./answering.ts";
import { countRequestsInFlight, preloadAxe } from "./axe.ts";
import { everyTypeSurvey } from "./every-type-survey.ts";
import { apiPartnerLogin } from "./partner.ts";

/**
 * What the accessibility sweep (tests/a11y.spec.ts) shares between its tests, made once per worker: the
 * fixtures, created through the API, and one browser tab per role, logged in once. A tab that stays open
 * keeps its HTTP and compiled-script caches, so the hundred-odd visits load the app's bundle from memory
 * instead of a new empty profile each time; each visit still starts from cleared cookies and storage.
 */

type Role = NonNullable<A11yPage["as"]>;

export interface Sweep {
  fixtures: A11yFixtures;
  /** The tab of `role` (nobody logged in when absent), ready for a visit that starts afresh. */
  tabFor(role: Role | undefined): Promise<Page>;
  /** The tab the last visit used, for a screenshot when it failed. */
  lastTab(): Page | null;
  /** The kinds of control whose keyboard focus was seen drawn on an earlier page (see expectVisibleFocus). */
  drawnFocus: Set<string>;
}

async function createFixtures(request: APIRequestContext): Promise<A11yFixtures> {
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
  const everyType = await publishQuestionnaire(request, everyTypeSurvey(unique("无障碍全题型")), {
    progressBar: true,
  });
  const paused = await publishQuestionnaire(request, simpleSurvey(unique("无障碍暂停")));
  await lifecycle(request, paused, "stopQuestionary");
  const ended = await publishQuestionnaire(request, simpleSurvey(unique("无障碍已结束")), {
    endTime: "2020-01-01T00:00:00.000Z",
  });
  const upcoming = await publishQuestionnaire(request, simpleSurvey(unique("无障碍未开始")), {
    startTime: "2099-01-01T00:00:00.000Z",
  });
  const covered = await publishQuestionnaire(request, simpleSurvey(unique("无障碍封面")), {
    coverPage: true,
  });
  const practice = await publishQuestionnaire(
    request,
    {
      schemaVersion: 1,
      kind: "exam",
      title: unique("无障碍刷题"),
      pages: [{ id: "p1", questions: [fireAlarmQuestion("fire")] }],
    },
    { practiceOpen: true },
  );
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
    survey,
    exam,
    vote,
    everyType,
    paused,
    ended,
    upcoming,
    covered,
    practice,
    newsId: newsId ?? 0,
    templateId: templateId ?? 0,
  };
}

async function loginTokens(request: APIRequestContext, workerIndex: number): Promise<Record<Role, string>> {
  return {
    user: (await apiLogin(request, DEMO_PERSONAL)).token,
    admin: (await apiLogin(request, ADMIN)).token,
    // A partner's signed requestParam works once: two workers signing for one platform user in the same second
    // would make the same one, and the second login would be refused. Each worker has its own partner user.
    partner: await apiPartnerLogin(request, `a11y-sweep-${workerIndex}`),
  };
}

export const test = base.extend<Record<never, never>, { sweep: Sweep }>({
  sweep: [
    async ({ browser, playwright }, use, workerInfo) => {
      const { baseURL, locale, reducedMotion } = workerInfo.project.use;
      const request = await playwright.request.newContext({ baseURL });
      const fixtures = await createFixtures(request);
      const tokens = await loginTokens(request, workerInfo.workerIndex);
      const contexts = new Map<string, BrowserContext>();
      const tabs = new Map<string, Page>();
      let last: Page | null = null;

      const tabFor = async (role: Role | undefined) => {
        const key = role ?? "anonymous";
        let tab = tabs.get(key);
        if (!tab) {
          const context = await browser.newContext({ baseURL, locale, reducedMotion });
          await countRequestsInFlight(context);
          await preloadAxe(context);
          // The token goes where the login screen puts it, again in every document the tab opens, so the
          // storage cleared between visits never logs the role out.
          if (role)
            await context.addInitScript((value) => localStorage.setItem("token", value), tokens[role]);
          tab = await context.newPage();
          // A screen that asks before leaving (the designer) must not hold up the next visit.
          tab.on("dialog", (dialog) => void dialog.accept());
          contexts.set(key, context);
          tabs.set(key, tab);
        } else {
          // Each visit starts as a new visitor would: no drafts, device ids or remembered choices.
          await tab.context().clearCookies();
          await tab.evaluate(() => {
            localStorage.clear();
            sessionStorage.clear();
          });
        }
        last = tab;
        return tab;
      };

      await use({ fixtures, tabFor, lastTab: () => last, drawnFocus: new Set() });
      for (const context of contexts.values()) await context.close();
      await request.dispose();
    },
    { scope: "worker" },
  ],
});
