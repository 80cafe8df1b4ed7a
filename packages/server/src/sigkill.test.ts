import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { satisfactionSurvey } from "../test/answering.ts";
import { buildQuestionnaire, buildUser } from "../test/factories.ts";
import { call, createTestContext, type TestContext } from "../test/helpers.ts";
import { startServerProcess } from "../test/server-process.ts";

/**
 * A server killed outright (SIGKILL: no drain, no closing of the pool) under submit load must not have
 * acknowledged a response it had not committed (issue 22): each 200 names a response that is in the
 * database under its idempotency key. On PostgreSQL a submit without limits is one autocommitted
 * statement; on SQLite group commit answers only after the batch's commit (WAL, synchronous=FULL).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const definition = satisfactionSurvey("断电测试", "advice");

describe("SIGKILL", () => {
  it("under submit load loses no acknowledged response", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner, { kind: "survey", title: "断电测试", definition });
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const server = await startServerProcess({
      DATA_DIR: t.config.dataDir,
      WEB_DIST: t.config.webDist,
      TRUST_PROXY: "1",
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    });
    const opened = await fetch(`${server.url}/wjgj/api/anQuestion/getQuestionary?publicId=${q.publicId}`);
    const { data } = (await opened.json()) as { data: { revisionId: number; answerToken: string } };

    const WORKERS = 12;
    // Killed once this many are acknowledged, with the workers' next submits on their way.
    const KILL_AFTER = 40;
    const acknowledged = new Map<string, number>();
    let sent = 0;
    let killed = false;
    const worker = async (w: number) => {
      // Bounded: the kill comes long before. Workers keep submitting after the signal until the dead server refuses
      // them, so some submits are always cut (on a slow machine every reply in flight could land before the signal).
      for (let i = 0; i < 200; i++) {
        sent += 1;
        const key = `sigkill-${w}-${i}`;
        try {
          const res = await fetch(`${server.url}/wjgj/api/anQuestion/questionAnswer`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.7.${w}.${i & 255}` },
            body: JSON.stringify({
              publicId: q.publicId,
              revisionId: data.revisionId,
              answerToken: data.answerToken,
              answers: { rate: { optionId: i % 2 ? "yes" : "no" }, advice: `第${w}-${i}份` },
              idempotencyKey: key,
              deviceId: `sigkill-device-${w}-${i}`,
            }),
          });
          const body = (await res.json()) as { code: number; data: { responseId: number } };
          if (body.code !== 200) throw new Error(`submit refused: ${JSON.stringify(body)}`);
          acknowledged.set(key, body.data.responseId);
          if (acknowledged.size >= KILL_AFTER && !killed) {
            killed = true;
            server.child.kill("SIGKILL");
          }
        } catch (error) {
          // Cut by the kill: never acknowledged, so the respondent's page keeps the answers and retries.
          if (killed) return;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await server.exited;
    expect(killed).toBe(true);
    expect(server.child.signalCode).toBe("SIGKILL");
    // Requests were in flight when it died (more sent than acknowledged), so the kill hit the hot path.
    expect(sent).toBeGreaterThan(acknowledged.size);

    const stored = await t.db
      .selectFrom("responses")
      .select(["id", "idempotencyKey"])
      .where("questionnaireId", "=", q.id)
      .execute();
    const storedByKey = new Map(stored.map((r) => [r.idempotencyKey, r.id]));
    const lost = [...acknowledged].filter(([key, id]) => storedByKey.get(key) !== id);
    expect(lost).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // Counters of what was committed are whole: the total matches the stored responses.
    const total = await t.db
      .selectFrom("response_counters")
      .select("count")
      .where("questionnaireId", "=", q.id)
      .where("key", "=", "total")
      .executeTakeFirst();
    expect(Number(total?.count)).toBe(stored.length);
    // A whole server process starts here (tsx compiles the sources): more than the default 30 s on a busy machine.
  }, 480_000);
});
