import type { ExamAttemptSync, ExamLive } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examWith, insertCandidate, started } from "../../../test/exam-attempts.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

describe("invigilation across instances (issue #40)", () => {
  it("one instance's live page sees a start and a page leave made through another, and its 加时 reaches the candidate there", async () => {
    const other = await secondInstance(t);
    try {
      const q = await examWith(t, owner, { candidatesOnly: true });
      const candidate = await insertCandidate(t, q.id, "李四", "20260002");
      // The candidate's page talks to the first instance, the invigilator's to the second.
      const s = await started(t, q.publicId, { candidateToken: candidate.token });
      const token = s.attempt.attemptToken;
      await call(t.app, "POST", "exam/event", { json: { attemptToken: token, kind: "switch" } });

      const live = await call<ExamLive>(other.app, "GET", "exam/getLive", {
        token: owner.token,
        params: { id: q.id },
      });
      expect(live.body.code, live.body.msg).toBe(200);
      expect(live.body.data.counts).toMatchObject({ listed: 1, answering: 1, notStarted: 0 });
      const [attempt] = live.body.data.attempts;
      expect(attempt).toMatchObject({ status: "active", switches: 1, online: true });

      const added = await call(other.app, "POST", "exam/addTime", {
        token: owner.token,
        json: { id: q.id, attemptId: attempt?.attemptId ?? 0, minutes: 5 },
      });
      expect(added.body.code, added.body.msg).toBe(200);
      const beat = await call<ExamAttemptSync>(t.app, "POST", "exam/heartbeat", {
        json: { attemptToken: token },
      });
      expect(beat.body.data.deadline).toBe((s.attempt.deadline ?? 0) + 5 * 60_000);
    } finally {
      await other.close();
    }
  });
});
