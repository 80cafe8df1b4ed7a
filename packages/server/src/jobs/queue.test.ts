import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { isSqlite } from "../db/index.ts";
import { jobWorkerOf } from "./index.ts";
import { claimJob, enqueueJob, retryDelayMs } from "./queue.ts";
import { JobWorker, type StopReason } from "./worker.ts";

let t: TestContext;
beforeEach(async () => {
  // A short lease, renewed every 100 ms, so losing it shows quickly.
  t = await createTestContext({ JOB_LEASE_MS: "300" });
  // The app's own worker would take the test's jobs.
  await jobWorkerOf(t.app).stop();
});
afterEach(async () => {
  await t.close();
});

const rows = () => t.db.selectFrom("jobs").selectAll().orderBy("id").execute();

describe("the shared job queue", () => {
  it("retries a failing job after 2 s and 4 s, then records it failed with its last error, once", async () => {
    await enqueueJob(t.db, t.clock.now(), {
      kind: "flaky",
      key: "flaky:1",
      payload: { n: 1 },
      maxAttempts: 3,
    });
    const seen: unknown[] = [];
    const givenUp: string[] = [];
    const worker = new JobWorker(t.ctx, t.app.log);
    worker.register("flaky", {
      async run(run) {
        seen.push(run.payload);
        throw new Error(`第${seen.length}次失败`);
      },
      async giveUp(_run, error) {
        givenUp.push((error as Error).message);
      },
    });
    await worker.idle();
    expect(await rows()).toMatchObject([{ status: "queued", attempts: 1, lastError: "第1次失败" }]);
    // Not due yet: nothing runs until the back-off has passed.
    t.clock.advance(retryDelayMs(1) / 1000 - 1);
    await worker.idle();
    expect(seen).toHaveLength(1);
    t.clock.advance(1);
    await worker.idle();
    expect(await rows()).toMatchObject([{ status: "queued", attempts: 2, lastError: "第2次失败" }]);
    t.clock.advance(retryDelayMs(2) / 1000);
    await worker.idle();
    expect(seen).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(await rows()).toMatchObject([
      { status: "failed", attempts: 3, lastError: "第3次失败", lockedBy: null },
    ]);
    expect(givenUp).toEqual(["第3次失败"]);
    expect([retryDelayMs(1), retryDelayMs(2), retryDelayMs(3)]).toEqual([2000, 4000, 8000]);
  });

  it("adds a job once per key, so a periodic job enqueued by every instance runs once", async () => {
    const first = await enqueueJob(t.db, t.clock.now(), {
      kind: "maintenance",
      key: "maintenance:2026-11-27T12",
      payload: {},
      maxAttempts: 3,
    });
    const second = await enqueueJob(t.db, t.clock.now(), {
      kind: "maintenance",
      key: "maintenance:2026-11-27T12",
      payload: {},
      maxAttempts: 3,
    });
    expect([first, second]).toEqual([true, false]);
    expect(await rows()).toHaveLength(1);
  });

  it("never hands one job to two instances claiming at the same time", async () => {
    for (let i = 0; i < 30; i += 1)
      await enqueueJob(t.db, t.clock.now(), { kind: "noop", key: `noop:${i}`, payload: {}, maxAttempts: 1 });
    const claimed: number[] = [];
    const instance = async (name: string) => {
      for (;;) {
        const job = await claimJob(t.db, isSqlite(t.db), {
          instanceId: name,
          now: t.clock.now(),
          leaseMs: 60_000,
        });
        if (!job) return;
        claimed.push(job.id);
      }
    };
    await Promise.all(["a", "b", "c", "d"].map(instance));
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
    expect((await rows()).every((row) => row.status === "running" && row.attempts === 1)).toBe(true);
  });

  it("stops a running job whose row was taken away (cancelled elsewhere): its lease can no longer be renewed", async () => {
    await enqueueJob(t.db, t.clock.now(), { kind: "long", key: "long:1", payload: {}, maxAttempts: 1 });
    let reason: StopReason | undefined;
    const worker = new JobWorker(t.ctx, t.app.log);
    worker.register("long", {
      run: ({ signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            reason = signal.reason as StopReason;
            reject(new Error("stopped"));
          });
        }),
    });
    worker.kick();
    for (let i = 0; i < 400 && (await rows())[0]?.status !== "running"; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db.deleteFrom("jobs").execute();
    await worker.idle();
    expect(reason).toBe("lost");
    expect(await rows()).toEqual([]);
  });

  it("shows in /metrics by kind and status, with how long the oldest due job has waited", async () => {
    await enqueueJob(t.db, new Date(t.clock.now().getTime() - 45_000), {
      kind: "export",
      key: "export:1",
      payload: { exportJobId: 1 },
      maxAttempts: 1,
    });
    await enqueueJob(t.db, t.clock.now(), { kind: "maintenance", key: "m:1", payload: {}, maxAttempts: 1 });
    // Not due for an hour: waiting for its time is not being late.
    await enqueueJob(t.db, t.clock.now(), {
      kind: "maintenance",
      key: "m:2",
      payload: {},
      maxAttempts: 1,
      runAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    await claimJob(t.db, isSqlite(t.db), { instanceId: "a", now: t.clock.now(), leaseMs: 60_000 });
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(text).toMatch(/wjgj_queue_jobs\{kind="export",status="running"\} 1/);
    expect(text).toMatch(/wjgj_queue_jobs\{kind="maintenance",status="queued"\} 2/);
    expect(text).toMatch(/wjgj_queue_oldest_due_age_seconds 0\n/);
    t.clock.advance(30);
    const later = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(later).toMatch(/wjgj_queue_oldest_due_age_seconds 30\n/);
  });
});
