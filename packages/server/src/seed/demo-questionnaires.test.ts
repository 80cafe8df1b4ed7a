import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { DEMO_PASSWORD, seedDemoAccounts } from "./accounts.ts";
import { demoQuestionnaires } from "./demo-definitions.ts";
import { seedDemoQuestionnaires } from "./demo-questionnaires.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe("demo questionnaires", () => {
  it("gives the demo user one questionnaire of each kind, the published ones full of valid responses", async () => {
    await seedDemoAccounts(t.db, t.clock, true);
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
});
