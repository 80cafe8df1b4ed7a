import { threadId } from "node:worker_threads";
import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { submitWithToken } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { buildApp } from "../../app.ts";
import {
  APPEND_CHUNK,
  DEFAULT_INLINE_LIMIT,
  resultsIndex,
} from "../../commands/results/fact-bitset-cache.ts";
import { openDb } from "../../db/index.ts";

/**
 * The filtered statistics' bitset index is built off the request path: while a build runs (held here by its
 * hook) the instance serves other requests and submits, and the filtered call answers 正在准备筛选数据 with
 * its progress instead of waiting. Once built it is kept on disk, so a restart reads it back.
 */
let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});
// A failed test leaves no small limits or hooks behind for the next one.
afterEach(() => {
  const cache = resultsIndex(t.ctx);
  cache.inlineLimit = DEFAULT_INLINE_LIMIT;
  cache.appendChunk = APPEND_CHUNK;
  cache.hooks.onRound = undefined;
  cache.hooks.onBuild = undefined;
});

const filter = { condition: { kind: "selected", questionId: "qs", optionIds: ["a"], match: "any" } };

type Stats = { total: number; filtered: boolean };
const filtered = (app: TestContext["app"], id: number) =>
  call<Stats & { progress?: number }>(app, "POST", "statistics/getQuestionStatistics", {
    token: owner.token,
    json: { id, filter },
  });

/** Answers where `qs` is "a" for every other response, starting with the first. */
async function answered(q: { publicId: string; revisionId: number }, count: number) {
  for (let j = 0; j < count; j += 1)
    await submitAnswers(t, q, { qs: { optionId: j % 2 === 0 ? "a" : "b" }, qn: j, qt: `文本${j}` });
}

describe("index builds off the request path", () => {
  it("a build held by its hook leaves other requests and a submit to another questionnaire served", async () => {
    const big = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    const other = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    await answered(big, 9);
    const cache = resultsIndex(t.ctx);
    // 9 responses are "large" here, 1 is not: the other questionnaire's index is built inline.
    cache.inlineLimit = 5;
    cache.appendChunk = 2;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const atRound = new Promise<number>((resolve) => {
      reached = () => resolve(0);
    });
    const rounds: number[] = [];
    const threads = new Set<number>();
    cache.hooks.onRound = async (questionnaireId, progress, thread) => {
      if (questionnaireId !== big.id) return;
      rounds.push(progress);
      threads.add(thread);
      reached();
      await held;
    };
    try {
      const first = await filtered(t.app, big.id);
      expect(first.body.code).toBe(503);
      expect(first.body.msg).toMatch(/^正在准备筛选数据（\d+%）$/);
      await atRound;
      // The build is held after its first round: everything else still gets through.
      const again = await filtered(t.app, big.id);
      expect([again.body.code, again.body.data.progress]).toEqual([503, rounds[0]]);
      expect(rounds[0]).toBeGreaterThan(0);
      const info = await call(t.app, "GET", "user/getUserInfo", { token: owner.token });
      expect(info.body.code).toBe(200);
      const submitted = await submitWithToken(t, other.publicId, other.revisionId, { qs: { optionId: "a" } });
      expect(submitted.body.code).toBe(200);
      const otherStats = await filtered(t.app, other.id);
      expect([otherStats.body.code, otherStats.body.data.total]).toEqual([200, 1]);
      expect(rounds).toHaveLength(1);
    } finally {
      release();
    }
    await cache.get(t.db, t.ctx.dialect, big.id);
    const done = await filtered(t.app, big.id);
    expect([done.body.code, done.body.data.total, done.body.data.filtered]).toEqual([200, 5, true]);
    expect(rounds.length).toBeGreaterThan(1);
    // SQLite reads the build on a worker thread with its own connection; PostgreSQL through the pool, in rounds.
    expect([...threads].some((thread) => thread === threadId)).toBe(t.ctx.dialect === "postgres");
    expect(threads.size).toBe(1);
  });

  it("a restart reads the index back instead of building it, and counts responses added before it", async () => {
    const q = await publishedQuestionnaire(t, owner, everyTypeDefinition());
    await answered(q, 7);
    const cache = resultsIndex(t.ctx);
    const built: number[] = [];
    cache.hooks.onBuild = (id) => built.push(id);
    expect((await filtered(t.app, q.id)).body.data.total).toBe(4);
    expect(built).toEqual([q.id]);
    await cache.flush();
    cache.hooks.onBuild = undefined;
    // Submitted after the snapshot, before the restart.
    await answered(q, 3);

    const handle = openDb(t.config);
    const app = await buildApp({ config: t.config, db: handle.db, dialect: handle.dialect, clock: t.clock });
    try {
      await app.ready();
      const restarted = resultsIndex({ ...t.ctx, db: handle.db, dialect: handle.dialect });
      const rebuilt: number[] = [];
      restarted.hooks.onBuild = (id) => rebuilt.push(id);
      const after = await filtered(app, q.id);
      expect([after.body.code, after.body.data.total]).toEqual([200, 6]);
      expect(rebuilt).toEqual([]);
      const index = await restarted.get(handle.db, handle.dialect, q.id);
      expect([index.size, index.validCount]).toEqual([10, 10]);
    } finally {
      await app.close();
      await handle.destroy();
    }
  });
});
