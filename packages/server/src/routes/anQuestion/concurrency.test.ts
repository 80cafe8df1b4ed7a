import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, releaseQuestionnaire } from "../../../test/answering.ts";
import { type BuiltUser, buildMember, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../../test/helpers.ts";
import { batchTimes } from "../../commands/answering/submit-batch.ts";
import { submitHoldTimes } from "../../commands/answering/submit-postgres.ts";

/**
 * Acceptance 4 of answering: 200 simultaneous submitters against a quota of 50, and separately against
 * a maximum of 50 responses — exactly 50 stored each time; the rest get the limit message.
 */
let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

function definition(quota?: number) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "限量领取",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "gift",
            type: "single",
            title: "选择礼品",
            required: true,
            config: {
              options: [
                { id: "cup", label: "保温杯", ...(quota ? { quota } : {}) },
                { id: "pen", label: "钢笔" },
              ],
            },
          },
        ],
      },
    ],
  };
}

interface RaceOptions {
  apps?: FastifyInstance[];
  settings?: Record<string, unknown>;
  /** Submits in all, and how many are in flight at once (all of them when not said). */
  submits?: number;
  clients?: number;
  deviceOf?: (i: number) => string;
  /** Valid responses the questionnaire counts already (its `total` counter), as if answered before. */
  counted?: number;
  owner?: BuiltUser;
}

async function race(quota: number | undefined, maxResponses: number, options: RaceOptions = {}) {
  const { apps = [t.app], submits = 200, deviceOf = (i: number) => `racer-${i}` } = options;
  const creator = options.owner ?? owner;
  const q = await buildQuestionnaire(t, creator, {
    kind: "survey",
    title: "限量领取",
    definition: definition(quota),
  });
  await call(t.app, "POST", "questionary/updateQuestionarySet", {
    token: creator.token,
    json: { id: q.id, settings: { maxResponses, ...options.settings } },
  });
  await releaseQuestionnaire(t, creator, q.id);
  if (options.counted)
    await t.db
      .insertInto("response_counter_shards")
      .values({ questionnaireId: q.id, key: "total", shard: 0, count: options.counted })
      .execute();
  const open = await openAnswering(t, q.publicId);
  const submit = (i: number) =>
    call(apps[i % apps.length] ?? t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answers: { gift: { optionId: "cup" } },
        idempotencyKey: `racer-${i}-${q.publicId}`,
        deviceId: deviceOf(i),
        answerToken: open.answerToken,
      },
      ip: `10.3.${Math.floor(i / 250)}.${i % 250}`,
    });
  const replies: Awaited<ReturnType<typeof submit>>[] = [];
  let next = 0;
  // `clients` submitters, each sending its next submit when the last is answered.
  await Promise.all(
    Array.from({ length: options.clients ?? submits }, async () => {
      for (let i = next++; i < submits; i = next++) replies.push(await submit(i));
    }),
  );
  const stored = await t.db.selectFrom("responses").selectAll().where("questionnaireId", "=", q.id).execute();
  const counter = await t.db
    .selectFrom("response_counters")
    .select("count")
    .where("questionnaireId", "=", q.id)
    .where("key", "=", "option:gift:cup")
    .executeTakeFirst();
  return { replies: replies.map((r) => r.body), stored: stored.length, counter: Number(counter?.count ?? 0) };
}

describe("limits under 200 concurrent submitters", () => {
  it("an option quota of 50 stores exactly 50", async () => {
    const { replies, stored, counter } = await race(50, 0);
    expect(stored).toBe(50);
    expect(counter).toBe(50);
    expect(replies.filter((r) => r.code === 200)).toHaveLength(50);
    const refused = replies.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(150);
    expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(["您选择的选项名额已满，请重新选择"]));
  });

  it("a maximum of 50 responses stores exactly 50", async () => {
    const { replies, stored } = await race(undefined, 50);
    expect(stored).toBe(50);
    const refused = replies.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(150);
    expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(["问卷已达到回收上限，感谢您的关注"]));
  });

  it("a maximum of 10,000 responses crossed by 64 clients: batches while far, exactly 10,000 at the end", async () => {
    // 9,600 counted before (as if answered); 800 more from 64 clients at a time through two instances.
    const other = await secondInstance(t);
    const serialBefore = submitHoldTimes.serial.count;
    const batchedBefore = { ...batchTimes };
    try {
      const { replies, stored } = await race(undefined, 10_000, {
        apps: [t.app, other.app],
        submits: 800,
        clients: 64,
        counted: 9_600,
        // A level whose own cap is far above: only the questionnaire's 最多回收 is crossed.
        owner: await buildMember(t, 3, { responsesPerQuestionnaire: 1_000_000 }),
      });
      expect(stored).toBe(400);
      expect(replies.filter((r) => r.code === 200)).toHaveLength(400);
      const refused = replies.filter((r) => r.code !== 200);
      expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(["问卷已达到回收上限，感谢您的关注"]));
      if (t.ctx.dialect === "postgres") {
        // No submit took the questionnaire-wide serialised path: far from the cap they went in batches.
        expect(submitHoldTimes.serial.count).toBe(serialBefore);
        expect(batchTimes.count - batchedBefore.count).toBeGreaterThan(0);
        expect(batchTimes.batches - batchedBefore.batches).toBeLessThan(
          batchTimes.count - batchedBefore.count,
        );
      }
    } finally {
      await other.close();
    }
  });

  it("once per device holds for 200 submitters from 50 devices: exactly 50, each device once", async () => {
    const { replies, stored } = await race(undefined, 0, {
      settings: { limitPerDevice: { enabled: true, max: 1, period: "total" } },
      deviceOf: (i) => `shared-${i % 50}`,
    });
    expect(stored).toBe(50);
    expect(replies.filter((r) => r.code === 200)).toHaveLength(50);
    expect(new Set(replies.filter((r) => r.code !== 200).map((r) => r.msg))).toEqual(
      new Set(["该设备已提交过答卷，不能重复提交"]),
    );
  });

  it("counters equal the stored responses when some submits of a batch fail (a unique answer taken)", async () => {
    const q = await buildQuestionnaire(t, owner, {
      kind: "survey",
      title: "报名",
      definition: {
        ...definition(),
        pages: [
          {
            id: "p1",
            questions: [
              ...(definition().pages[0]?.questions ?? []),
              { id: "code", type: "text", title: "报名码", required: true, config: { unique: true } },
            ],
          },
        ],
      },
    });
    await releaseQuestionnaire(t, owner, q.id);
    const open = await openAnswering(t, q.publicId);
    // 200 at once, 120 distinct codes: 80 are refused in the middle of the batches they arrive in.
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(t.app, "POST", "anQuestion/questionAnswer", {
          json: {
            publicId: q.publicId,
            revisionId: open.revisionId,
            answers: { gift: { optionId: i % 3 === 0 ? "pen" : "cup" }, code: `C${i % 120}` },
            idempotencyKey: `code-${i}-${q.publicId}`,
            deviceId: `code-${i}`,
            answerToken: open.answerToken,
          },
          ip: `10.4.${Math.floor(i / 250)}.${i % 250}`,
        }),
      ),
    );
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(120);
    const stored = await t.db
      .selectFrom("responses")
      .select("answers")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(stored).toHaveLength(120);
    const chose = (option: string) =>
      stored.filter((r) => (JSON.parse(r.answers) as { gift: { optionId: string } }).gift.optionId === option)
        .length;
    const counters = Object.fromEntries(
      (
        await t.db
          .selectFrom("response_counters")
          .select(["key", "count"])
          .where("questionnaireId", "=", q.id)
          .where("key", "in", ["total", "option:gift:cup", "option:gift:pen", "answered:code"])
          .execute()
      ).map((row) => [row.key, Number(row.count)]),
    );
    expect(counters).toEqual({
      total: 120,
      "option:gift:cup": chose("cup"),
      "option:gift:pen": chose("pen"),
      "answered:code": 120,
    });
  });

  it("a maximum of 50 responses holds across two app instances on one database", async () => {
    const other = await secondInstance(t);
    try {
      const { replies, stored } = await race(undefined, 50, { apps: [t.app, other.app] });
      expect(stored).toBe(50);
      expect(replies.filter((r) => r.code === 200)).toHaveLength(50);
      const refused = replies.filter((r) => r.code !== 200);
      expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(["问卷已达到回收上限，感谢您的关注"]));
    } finally {
      await other.close();
    }
  });
});
