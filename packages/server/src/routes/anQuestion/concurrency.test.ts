import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openAnswering, releaseQuestionnaire } from "../../../test/answering.ts";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../../test/helpers.ts";

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

async function race(quota: number | undefined, maxResponses: number, apps: FastifyInstance[] = [t.app]) {
  const q = await buildQuestionnaire(t, owner, {
    kind: "survey",
    title: "限量领取",
    definition: definition(quota),
  });
  await call(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id: q.id, settings: { maxResponses } },
  });
  await releaseQuestionnaire(t, owner, q.id);
  const open = await openAnswering(t, q.publicId);
  const replies = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      call(apps[i % apps.length] ?? t.app, "POST", "anQuestion/questionAnswer", {
        json: {
          publicId: q.publicId,
          revisionId: open.revisionId,
          answers: { gift: { optionId: "cup" } },
          idempotencyKey: `racer-${i}-${q.publicId}`,
          deviceId: `racer-${i}`,
          answerToken: open.answerToken,
        },
        ip: `10.3.${Math.floor(i / 250)}.${i % 250}`,
      }),
    ),
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

  it("a maximum of 50 responses holds across two app instances on one database", async () => {
    const other = await secondInstance(t);
    try {
      const { replies, stored } = await race(undefined, 50, [t.app, other.app]);
      expect(stored).toBe(50);
      expect(replies.filter((r) => r.code === 200)).toHaveLength(50);
      const refused = replies.filter((r) => r.code !== 200);
      expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(["问卷已达到回收上限，感谢您的关注"]));
    } finally {
      await other.close();
    }
  });
});
