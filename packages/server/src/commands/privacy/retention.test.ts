import type { QuestionStatisticsResult, ResultsFilter, ResultsOverview, RetentionReport } from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { createSession, resolveSession } from "../account/sessions.ts";
import { getQuestionStatistics } from "../results/statistics.ts";
import { runRetention, scheduleRetention } from "./retention.ts";

/**
 * 答卷保留期限 (issue #36), on the test clock: nothing is touched before the date; then exactly the responses
 * submitted until collection ended are deleted for good (out of the counts and the recycle bin, not
 * restorable) or anonymised (personal answers, IP and device gone, the rest still counted, a unique phone
 * free again) — and the statistics from counters equal a recount from the facts afterwards.
 */
let t: TestContext;
let owner: BuiltUser;

const definition = buildSurvey([
  {
    id: "group",
    type: "single",
    title: "部门",
    required: true,
    config: {
      options: [
        { id: "a", label: "销售部" },
        { id: "b", label: "技术部" },
      ],
    },
  },
  { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
  { id: "phone", type: "personal", title: "手机", config: { preset: "mobile", unique: true } },
  { id: "age", type: "number", title: "年龄", config: {} },
]);

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Moves the test clock; the owner signs in again (a session lasts 30 days). */
async function advance(seconds: number) {
  t.clock.advance(seconds);
  const { token } = await createSession(t.db, t.clock, t.config.sessionTtlDays, owner.user, {
    ip: "10.0.0.9",
    userAgent: "vitest",
    fromType: 1,
  });
  owner = { ...owner, token };
}

const post = <T>(path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", path, { token: owner.token, json });

async function statistics(id: number) {
  const viewer = await resolveSession(t.db, t.clock, owner.token);
  if (!viewer) throw new Error("no session");
  const counted = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", { id });
  // A condition every response meets makes the reference engine count from the facts instead of counters.
  const everyone: ResultsFilter = { condition: { kind: "all", conditions: [] } };
  const recount = await getQuestionStatistics(t.ctx, viewer, id, everyone, "sql");
  expect(counted.body.data.questions).toEqual(recount.questions);
  return counted.body.data;
}

const answered = (stats: QuestionStatisticsResult, questionId: string) =>
  stats.questions.find((question) => question.questionId === questionId)?.answered;

const rows = (id: number) =>
  t.db.selectFrom("responses").selectAll().where("questionnaireId", "=", id).orderBy("id").execute();

describe("答卷保留期限", () => {
  it("deletes for good exactly the responses submitted until collection stopped, once their days are up", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const early: number[] = [];
    for (const [i, group] of ["a", "b", "a", "b"].entries())
      early.push(
        await submitAnswers(t, q, {
          group: { optionId: group },
          name: `张${"一二三四"[i]}`,
          phone: `1391234000${i}`,
          age: 20 + i,
        }),
      );
    await post("answer/markInvalid", { id: q.id, responseIds: [early[1]] });
    await post("answer/deleteAnswer", { id: q.id, responseIds: [early[2]] });
    await post("questionary/updateQuestionarySet", {
      id: q.id,
      settings: { retention: { enabled: true, days: 30, action: "delete" } },
    });
    await advance(3600);
    await post("questionary/stopQuestionary", { id: q.id });

    // 29 days on: not yet.
    await advance(29 * 86_400);
    expect(await scheduleRetention(t.ctx)).toBe(0);
    await runRetention(t.ctx, q.id);
    expect((await rows(q.id)).every((row) => row.erasedAs === null)).toBe(true);

    // Collecting again for a while, then stopped: these later responses wait for their own date.
    await post("questionary/releaseQuestionary", { id: q.id });
    const late: number[] = [];
    for (const [i, group] of ["a", "a"].entries())
      late.push(
        await submitAnswers(t, q, {
          group: { optionId: group },
          name: `李${"一二"[i]}`,
          phone: `1398765000${i}`,
          age: 40 + i,
        }),
      );
    await advance(3600);
    await post("questionary/stopQuestionary", { id: q.id });
    // The stop moved collection's end: nothing is due until 30 days after it.
    expect(await scheduleRetention(t.ctx)).toBe(0);

    await advance(30 * 86_400 + 60);
    // Queued on the job queue, and run there.
    expect(await scheduleRetention(t.ctx)).toBe(1);
    await jobWorkerOf(t.app).idle();
    // Every response was submitted before the last stop: all six are gone, whatever their status.
    const after = await rows(q.id);
    expect(after.map((row) => [row.status, row.erasedAs, row.answers, row.ip])).toEqual(
      after.map(() => ["deleted", "deleted", "{}", ""]),
    );
    // Fact rows and packed keys alike (migration 0255).
    const facts = await t.db
      .selectFrom("response_facts_all")
      .select("responseId")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(facts).toEqual([]);
    const stats = await statistics(q.id);
    expect(stats.total).toBe(0);
    const overview = await call<ResultsOverview>(t.app, "GET", "statistics/getOverview", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(overview.body.data).toMatchObject({ total: 0, invalidCount: 0, deletedCount: 0 });
    // Not in the recycle bin, and not restorable.
    const restored = await post<{ changed: number }>("answer/restoreAnswer", {
      id: q.id,
      responseIds: [early[2]],
    });
    expect(restored.body.data.changed).toBe(0);
    const report = await call<RetentionReport>(t.app, "GET", "questionary/getRetention", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(report.body.data.runs).toMatchObject([{ action: "delete", total: 6, done: 6, status: "done" }]);
    // A second pass finds nothing left to do.
    expect(await scheduleRetention(t.ctx)).toBe(0);

    // Collecting again: a new response is not touched until collection ends again and its days are up.
    await post("questionary/releaseQuestionary", { id: q.id });
    const kept = await submitAnswers(t, q, { group: { optionId: "b" }, name: "赵六", age: 50 });
    expect(await scheduleRetention(t.ctx)).toBe(0);
    await runRetention(t.ctx, q.id);
    const now = await rows(q.id);
    expect(now.filter((row) => row.erasedAs === null).map((row) => row.id)).toEqual([kept]);
    const latest = await statistics(q.id);
    expect(latest.total).toBe(1);
    expect(answered(latest, "name")).toBe(1);
  });

  it("anonymises: personal answers, IP and device go; the rest still counts, exactly", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const before: number[] = [];
    for (const [i, group] of ["a", "b", "b"].entries())
      before.push(
        await submitAnswers(t, q, {
          group: { optionId: group },
          name: `王${"一二三"[i]}`,
          phone: `1370000000${i}`,
          age: 30 + i,
        }),
      );
    await post("questionary/updateQuestionarySet", {
      id: q.id,
      settings: {
        endTime: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
        retention: { enabled: true, days: 7, action: "anonymise" },
      },
    });
    const full = await statistics(q.id);
    expect(answered(full, "name")).toBe(3);

    // The end time passes; seven days later the personal answers go.
    await advance(3600 + 7 * 86_400 + 60);
    expect(await scheduleRetention(t.ctx)).toBe(1);
    await jobWorkerOf(t.app).idle();
    const after = await rows(q.id);
    for (const row of after) {
      expect(row.erasedAs).toBe("anonymised");
      expect(row.status).toBe("valid");
      expect(row.ip).toBe("");
      expect(row.deviceId).toBe("");
      expect(Object.keys(JSON.parse(row.answers)).sort()).toEqual(["age", "group"]);
    }
    const stats = await statistics(q.id);
    expect(stats.total).toBe(3);
    expect(answered(stats, "name")).toBe(0);
    expect(answered(stats, "phone")).toBe(0);
    expect(answered(stats, "group")).toBe(3);
    expect(answered(stats, "age")).toBe(3);
    // The personal answers' facts went; the packed choices of the rest stayed, one per response.
    const factsOf = async (questionId: string) =>
      (
        await t.db
          .selectFrom("response_facts_all")
          .select("key")
          .where("questionnaireId", "=", q.id)
          .where("questionId", "=", questionId)
          .execute()
      ).map((fact) => fact.key);
    expect([...(await factsOf("name")), ...(await factsOf("phone"))]).toEqual([]);
    expect((await factsOf("group")).sort()).toEqual(["option:group:a", "option:group:b", "option:group:b"]);
    const uniques = await t.db
      .selectFrom("response_uniques")
      .select("value")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(uniques).toEqual([]);
    // Switching to 删除答卷 later takes the anonymised ones too.
    await post("questionary/updateQuestionarySet", {
      id: q.id,
      settings: { retention: { enabled: true, days: 7, action: "delete" } },
    });
    expect(await scheduleRetention(t.ctx)).toBe(1);
    await jobWorkerOf(t.app).idle();
    expect((await rows(q.id)).map((row) => row.erasedAs)).toEqual(["deleted", "deleted", "deleted"]);
    expect((await statistics(q.id)).total).toBe(0);
  });

  it("refuses retention days outside 1–3650 in Chinese", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const res = await post("questionary/updateQuestionarySet", {
      id: q.id,
      settings: { retention: { enabled: true, days: 0, action: "delete" } },
    });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain("保留天数需为1-3650天");
  });
});
