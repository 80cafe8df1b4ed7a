import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildUser } from "../test/factories.ts";
import { call, createTestContext, type TestContext } from "../test/helpers.ts";
import { startServerProcess } from "../test/server-process.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "停机测试",
  pages: [{ id: "p1", questions: [{ id: "advice", type: "text", title: "建议", config: {} }] }],
};

describe("SIGTERM", () => {
  it("drains under submit load: every acknowledged response is stored, and the process exits cleanly", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner, { kind: "survey", title: "停机测试", definition });
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    // The real server, on the same database and DATA_DIR (so the same answer-token key).
    const server = await startServerProcess({
      DATA_DIR: t.config.dataDir,
      WEB_DIST: t.config.webDist,
      TRUST_PROXY: "1",
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    });
    const opened = await fetch(`${server.url}/wjgj/api/anQuestion/getQuestionary?publicId=${q.publicId}`);
    const { data } = (await opened.json()) as { data: { revisionId: number; answerToken: string } };

    const TOTAL = 80;
    let signalled = false;
    const submit = async (n: number) => {
      try {
        const res = await fetch(`${server.url}/wjgj/api/anQuestion/questionAnswer`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
          body: JSON.stringify({
            publicId: q.publicId,
            revisionId: data.revisionId,
            answerToken: data.answerToken,
            answers: { advice: `第${n}份` },
            idempotencyKey: `sigterm-${n}`,
            deviceId: `sigterm-device-${n}`,
          }),
        });
        const body = (await res.json()) as { code: number; data: { responseId: number } };
        if (body.code !== 200) return null;
        // The first acknowledgement starts the shutdown while the others are still in flight.
        if (!signalled) {
          signalled = true;
          server.child.kill("SIGTERM");
        }
        return body.data.responseId;
      } catch {
        // Refused or cut: never acknowledged, so the respondent's page keeps the answers and retries.
        return null;
      }
    };
    const results = await Promise.all(Array.from({ length: TOTAL }, (_, n) => submit(n)));
    expect(await server.exited).toBe(0);

    const acknowledged = results.filter((id): id is number => id !== null);
    expect(signalled).toBe(true);
    const stored = await t.db
      .selectFrom("responses")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .execute();
    const storedIds = new Set(stored.map((r) => r.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    // Nothing is stored twice or without its acknowledgement being possible.
    expect(storedIds.size).toBeGreaterThanOrEqual(acknowledged.length);
    expect(server.output()).not.toMatch(/停止时出错|unhandled/);
    // A whole server process starts here (tsx compiles the sources): more than the default 30 s on a busy machine.
  }, 480_000);
});
