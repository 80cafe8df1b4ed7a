import type { SpaceEarning, SpacePost, UserSpace } from "@wjgj/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew, satisfactionSurvey } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { issueAnswerToken } from "../../commands/answering/answer-token.ts";
import { ledgerMismatches, pointsKey } from "../../commands/money/ledger.ts";

/**
 * Random posts, earnings, pauses, resumptions and withdrawals through the API: every user's points equal a
 * model kept beside them, the stored account sums equal the sums of their transfers, and no account ever goes
 * negative. A post whose hold cannot pay another answer has ended by itself (issue #33 item 10).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;

describe("answer-space points", () => {
  it("random earn and spend sequences keep balances equal to ledger sums and never negative", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              op: fc.constant("post" as const),
              who: fc.nat(2),
              q: fc.nat(1),
              reward: fc.integer({ min: 1, max: 20 }),
              quota: fc.integer({ min: 1, max: 6 }),
            }),
            fc.record({ op: fc.constant("earn" as const), who: fc.nat(2), owner: fc.nat(2), q: fc.nat(1) }),
            fc.record({ op: fc.constant("withdraw" as const), who: fc.nat(2), q: fc.nat(1) }),
            fc.record({ op: fc.constant("pause" as const), who: fc.nat(2), q: fc.nat(1) }),
            fc.record({ op: fc.constant("resume" as const), who: fc.nat(2), q: fc.nat(1) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          t.clock.advance(86_400);
          const users: BuiltUser[] = [await buildUser(t), await buildUser(t), await buildUser(t)];
          const qs = [];
          for (const u of users) {
            const mine = [];
            for (let i = 0; i < 2; i += 1) {
              const title = `积分性质${++seq}`;
              mine.push(await publishNew(t, u, { title, definition: satisfactionSurvey(title) }));
            }
            qs.push(mine);
          }
          // The model: what each user may spend, and each live post's reward, what it still holds and whether
          // its poster paused it.
          const model = users.map(() => 50);
          const posts = new Map<
            number,
            { owner: number; reward: number; left: number; earners: Set<number>; paused: boolean }
          >();
          const earnedToday = users.map(() => 0);
          for (const u of users) await call(t.app, "GET", "answerSpace/checkUserSpace", { token: u.token });
          for (const s of steps) {
            const u = users[s.who] as BuiltUser;
            if (s.op === "post") {
              const q = qs[s.who]?.[s.q] as { id: number };
              const res = await call<SpacePost>(t.app, "POST", "answerSpace/addUserSpace", {
                token: u.token,
                json: { id: q.id, reward: s.reward, quota: s.quota },
              });
              const cost = s.reward * s.quota;
              const ok = !posts.has(q.id) && (model[s.who] as number) >= cost;
              expect(res.body.code === 200, res.body.msg).toBe(ok);
              if (ok) {
                model[s.who] = (model[s.who] as number) - cost;
                posts.set(q.id, {
                  owner: s.who,
                  reward: s.reward,
                  left: cost,
                  earners: new Set(),
                  paused: false,
                });
              }
            } else if (s.op !== "earn") {
              // 结束 (delUserSpace) returns what the post still holds; 暂停 and 继续 keep it frozen.
              const path = { withdraw: "delUserSpace", pause: "pauseUserSpace", resume: "resumeUserSpace" }[
                s.op
              ];
              const q = qs[s.who]?.[s.q] as { id: number };
              const res = await call(t.app, "POST", `answerSpace/${path}`, {
                token: u.token,
                json: { id: q.id },
              });
              const p = posts.get(q.id);
              expect(res.body.code).toBe(p ? 200 : 404);
              if (p && s.op === "withdraw") {
                model[s.who] = (model[s.who] as number) + p.left;
                posts.delete(q.id);
              } else if (p) p.paused = s.op === "pause";
            } else {
              const q = qs[s.owner]?.[s.q] as { id: number; publicId: string };
              const open = await openAnswering<{ revisionId: number }>(t, q.publicId);
              const key = `prop-key-${Date.now()}-${++seq}`;
              const sub = await call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
                token: u.token,
                json: {
                  publicId: q.publicId,
                  revisionId: open.revisionId,
                  answers: { rate: { optionId: "yes" } },
                  idempotencyKey: key,
                  deviceId: `prop-device-${seq}`,
                  answerToken: issueAnswerToken(t.ctx, q.publicId, open.revisionId),
                  source: "mutual",
                  durationSeconds: 30,
                },
                ip: `10.7.${(seq >> 8) & 255}.${seq & 255}`,
              });
              expect(sub.body.code, sub.body.msg).toBe(200);
              const res = await call<SpaceEarning>(t.app, "POST", "answerSpace/getSpacePoints", {
                token: u.token,
                json: { responseId: sub.body.data.responseId, idempotencyKey: key },
              });
              const p = posts.get(q.id);
              const ok =
                p !== undefined &&
                !p.paused &&
                p.owner !== s.who &&
                !p.earners.has(s.who) &&
                p.left >= p.reward &&
                (earnedToday[s.who] as number) + p.reward <= 60;
              expect(res.body.code === 200, res.body.msg).toBe(ok);
              if (ok && p) {
                model[s.who] = (model[s.who] as number) + p.reward;
                earnedToday[s.who] = (earnedToday[s.who] as number) + p.reward;
                p.left -= p.reward;
                p.earners.add(s.who);
                // Used up: ended by itself, so it may be posted again and is no longer withdrawn.
                if (p.left < p.reward) posts.delete(q.id);
              }
            }
          }
          for (const [i, u] of users.entries()) {
            const mine = await call<UserSpace>(t.app, "GET", "answerSpace/checkUserSpace", {
              token: u.token,
            });
            expect(mine.body.data.points).toBe(model[i]);
            expect(mine.body.data.points).toBeGreaterThanOrEqual(0);
          }
          expect(await ledgerMismatches(t.db)).toEqual([]);
          const negative = await t.db
            .selectFrom("ledger_accounts")
            .select("key")
            .where(
              "key",
              "in",
              users.map((u) => pointsKey(u.user.id)),
            )
            .where((eb) => eb(eb("posted", "-", eb.ref("pending")), "<", 0))
            .execute();
          expect(negative).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
