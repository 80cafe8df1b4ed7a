import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attemptCall, attemptRows, examWith, right, started } from "../../../test/exam-attempts.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { retireOldKeys, runKeyRotation, startKeyRotation } from "../privacy/key-rotation.ts";
import { readProgress } from "./attempt-store.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

describe("an exam attempt's saved answers under a data-key rotation (issue #40)", () => {
  it("are sealed again under the new key, and the old key stays until none is under it", async () => {
    const q = await examWith(t, owner, { fullscreen: true });
    const s = await started(t, q.publicId);
    const saved = await attemptCall(t, "save", { attemptToken: s.attempt.attemptToken, answers: right });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const before = (await attemptRows(t, q.id))[0];
    expect(before?.progress).toMatch(/^enc:v1:1:/);

    const rotation = await startKeyRotation(t.ctx, q.id, true);
    t.clock.advance(2 * 3600);
    // Before the rotation ran, the progress is still under generation 1: its key stays.
    expect(await retireOldKeys(t.ctx)).toBe(0);
    await runKeyRotation(t.ctx, rotation);
    const after = (await attemptRows(t, q.id))[0];
    expect(after?.progress).toMatch(/^enc:v1:2:/);
    expect(await retireOldKeys(t.ctx)).toBe(1);
    // Still readable with the old key gone: the hand-in would store these answers.
    const row = await t.db
      .selectFrom("exam_attempts")
      .selectAll()
      .where("id", "=", after?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect((await readProgress(t.db, row)).answers).toEqual(right);
  });
});
