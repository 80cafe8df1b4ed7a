import { describe, expect, it } from "vitest";
import { type SaveOutcome, SaveQueue } from "./save-queue.ts";

/** Timers run by hand, and a server whose connection the test cuts and restores. */
function harness() {
  const timers = new Map<number, () => void>();
  let nextId = 1;
  const sent: string[] = [];
  const pending: (string | null)[] = [];
  let connected = true;
  const queue = new SaveQueue<string>({
    delayMs: 1000,
    send: async (progress): Promise<SaveOutcome> => {
      if (!connected) return "offline";
      sent.push(progress);
      return "saved";
    },
    setTimer: (run) => {
      const id = nextId++;
      timers.set(id, run);
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
    onPending: (progress) => pending.push(progress),
  });
  const runTimers = async () => {
    const due = [...timers.values()];
    timers.clear();
    for (const run of due) run();
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    queue,
    sent,
    pending,
    timers,
    runTimers,
    cut: () => {
      connected = false;
    },
    restore: () => {
      connected = true;
    },
  };
}

describe("SaveQueue", () => {
  it("sends the latest of quick changes once, after the pause", async () => {
    const h = harness();
    h.queue.push("a");
    h.queue.push("ab");
    h.queue.push("abc");
    expect(h.timers.size).toBe(1);
    await h.runTimers();
    expect(h.sent).toEqual(["abc"]);
    expect(h.pending.at(-1)).toBeNull();
  });

  it("keeps only the latest while offline and sends it once when back online", async () => {
    const h = harness();
    h.queue.push("1");
    h.cut();
    await h.runTimers();
    expect(h.sent).toEqual([]);
    expect(h.queue.offline).toBe(true);
    // Answers go on while offline: kept (memory and the local draft), nothing scheduled.
    h.queue.push("12");
    h.queue.push("123");
    expect(h.timers.size).toBe(0);
    expect(h.queue.pending).toBe("123");
    expect(h.pending.at(-1)).toBe("123");

    h.restore();
    h.queue.goOnline();
    await h.runTimers();
    expect(h.sent).toEqual(["123"]);
    // A second "online" (the browser's and a heartbeat's) sends nothing more.
    h.queue.goOnline();
    await h.runTimers();
    expect(h.sent).toEqual(["123"]);
    expect(h.pending.at(-1)).toBeNull();
  });

  it("the browser's offline event holds what comes next until online", async () => {
    const h = harness();
    h.queue.goOffline();
    h.queue.push("x");
    await h.runTimers();
    expect(h.sent).toEqual([]);
    h.queue.goOnline();
    await h.runTimers();
    expect(h.sent).toEqual(["x"]);
  });

  it("stops for good when the attempt is over", async () => {
    const h = harness();
    h.queue.stop();
    h.queue.push("late");
    await h.runTimers();
    expect(h.sent).toEqual([]);
  });
});
