import { messages, parseDefinition, type SurveyDefinition } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, submitWithToken } from "../../test/answering.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { DEMO_PASSWORD, seedDemoAccounts } from "./accounts.ts";
import { demoQuestionnaires } from "./demo-definitions.ts";
import { demoMoments, demoRandom, demoResponse, seedDemoQuestionnaires } from "./demo-questionnaires.ts";

const fillIns = (definition: SurveyDefinition) =>
  definition.pages
    .flatMap((page) => page.questions)
    .filter((q) => q.type === "text" || q.type === "textarea");

function parsed(definition: Record<string, unknown>): SurveyDefinition {
  const result = parseDefinition(definition);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.definition;
}

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe("demo questionnaires", () => {
  it("gives the demo user one questionnaire of each kind, the published ones full of valid responses", async () => {
    await seedDemoAccounts(t.db, t.clock, true, t.config.passwordHashCost);
    await seedDemoQuestionnaires(t.ctx);
    const login = await call<{ token: string }>(t.app, "POST", "user/login", {
      params: { phone: "13900000001", password: DEMO_PASSWORD },
    });
    const list = await call<{
      list: { kind: string; title: string; status: string; responseCount: number }[];
    }>(t.app, "GET", "questionary/getQuestionaryList", {
      token: login.body.data.token,
      params: { pageSize: 20 },
    });
    expect(new Set(list.body.data.list.map((q) => q.kind))).toEqual(
      new Set(["survey", "exam", "form", "vote", "satisfaction", "knowledge"]),
    );
    for (const demo of demoQuestionnaires) {
      const row = list.body.data.list.find((q) => q.title === demo.title);
      expect(row, demo.title).toMatchObject({
        status: demo.publish ? "published" : "draft",
        responseCount: demo.responses,
      });
    }
    const stored = await t.db
      .selectFrom("responses")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst();
    expect(Number(stored?.count)).toBe(demoQuestionnaires.reduce((sum, d) => sum + d.responses, 0));
    const days = await t.db
      .selectFrom("response_counters")
      .select("key")
      .where("key", "like", "day:%")
      .execute();
    expect(days.length).toBeGreaterThan(20);
  });

  it("keeps the vote's promise 每人限投一次: a second vote from the same device is refused", async () => {
    await seedDemoAccounts(t.db, t.clock, true, t.config.passwordHashCost);
    await seedDemoQuestionnaires(t.ctx);
    const vote = await t.db
      .selectFrom("questionnaires")
      .select("publicId")
      .where("title", "=", "年度优秀团队评选")
      .executeTakeFirstOrThrow();
    const open = await openAnswering(t, vote.publicId);
    const ballot = { team: { optionIds: ["t1", "t3"] } };
    const first = await submitWithToken(t, vote.publicId, open.revisionId, ballot, { deviceId: "phone-1" });
    expect(first.body).toMatchObject({ code: 200 });
    const again = await submitWithToken(t, vote.publicId, open.revisionId, ballot, { deviceId: "phone-1" });
    expect(again.body).toMatchObject({ code: 429, msg: messages.answerDeviceLimit });
    const other = await submitWithToken(t, vote.publicId, open.revisionId, ballot, { deviceId: "phone-2" });
    expect(other.body.code).toBe(200);
  });

  it("writes each fill-in question's answers for its own questionnaire, not from a shared list", () => {
    const seen = new Map<string, string>();
    for (const demo of demoQuestionnaires) {
      const ids = fillIns(parsed(demo.definition)).map((q) => q.id);
      expect(Object.keys(demo.texts).sort(), demo.title).toEqual([...ids].sort());
      for (const id of ids) {
        const list = demo.texts[id] ?? [];
        expect(list.length, `${demo.title} ${id}`).toBeGreaterThanOrEqual(5);
        for (const text of list) {
          // The same sentence in two questionnaires would be a generic answer, not a topical one.
          expect(seen.get(text), text).toBeUndefined();
          seen.set(text, demo.title);
        }
      }
    }
  });

  it("answers the same way every time and respects each demo's display logic", () => {
    for (const demo of demoQuestionnaires) {
      const definition = parsed(demo.definition);
      const first = demoRandom(7);
      const second = demoRandom(7);
      for (let i = 0; i < 50; i += 1) {
        expect(demoResponse(definition, demo.texts, first)).toEqual(
          demoResponse(definition, demo.texts, second),
        );
      }
    }
  });

  it("stores responses whose text answers come from their own questionnaire's topic list", async () => {
    await seedDemoAccounts(t.db, t.clock, true, t.config.passwordHashCost);
    await seedDemoQuestionnaires(t.ctx);
    for (const demo of demoQuestionnaires.filter((d) => d.publish)) {
      const rows = await t.db
        .selectFrom("responses")
        .innerJoin("questionnaires", "questionnaires.id", "responses.questionnaireId")
        .select("responses.answers")
        .where("questionnaires.title", "=", demo.title)
        .execute();
      expect(rows, demo.title).toHaveLength(demo.responses);
      const definition = parsed(demo.definition);
      const texts = fillIns(definition);
      let written = 0;
      for (const row of rows) {
        const answers = JSON.parse(row.answers) as Record<string, unknown>;
        for (const question of texts) {
          const answer = answers[question.id];
          if (answer === undefined) continue;
          written += 1;
          expect(demo.texts[question.id], `${demo.title} ${question.id}`).toContain(answer);
        }
        if (demo.title === "2026年度员工满意度调查") {
          // 低分追问 only follows a low overall score.
          expect(answers.lowReason !== undefined, JSON.stringify(answers)).toBe(
            (answers.overall as number) <= 3,
          );
        }
        if (demo.title === "智能手表用户需求调研") {
          const own = (answers.own as { optionId: string }).optionId;
          expect(answers.use !== undefined, JSON.stringify(answers)).toBe(own !== "own_3");
        }
      }
      if (texts.length > 0) expect(written, demo.title).toBeGreaterThan(demo.responses / 2);
    }
  });
});

describe("demo response times", () => {
  const chinaDay = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const chinaHour = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).getUTCHours();

  it("fill every one of the last 30 days, busiest after the link went out, in waking hours, in order", () => {
    const now = new Date("2026-12-05T06:00:00Z"); // 14:00 in China
    const moments = demoMoments(180, now, demoRandom(7));
    expect(moments).toHaveLength(180);
    expect(moments.map((m) => m.getTime())).toEqual(
      [...moments.map((m) => m.getTime())].sort((a, b) => a - b),
    );
    const perDay = new Map<string, number>();
    for (const moment of moments) perDay.set(chinaDay(moment), (perDay.get(chinaDay(moment)) ?? 0) + 1);
    expect(perDay.size).toBe(30);
    expect([...perDay.keys()].sort()[0]).toBe("2026-11-06");
    expect(moments.at(-1)?.getTime()).toBeLessThan(now.getTime());
    const counts = [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, count]) => count);
    // Not the flat 6 a day of evenly spread responses: the first three days after publishing hold a quarter.
    expect((counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0)).toBeGreaterThan(45);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(4 * Math.min(...counts));
    for (const moment of moments) {
      expect(chinaHour(moment)).toBeGreaterThanOrEqual(8);
      expect(chinaHour(moment)).toBeLessThan(23);
    }
  });

  it("never lie in the future, even just after midnight", () => {
    const now = new Date("2026-12-04T16:30:00Z"); // 00:30 in China
    for (const moment of demoMoments(500, now, demoRandom(11)))
      expect(moment.getTime()).toBeLessThan(now.getTime());
  });
});
