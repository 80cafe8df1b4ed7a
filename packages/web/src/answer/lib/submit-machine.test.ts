import type { SubmitReply } from "@wjgj/core/pages/answer";
import { describe, expect, it, vi } from "vitest";
import type { ApiOutcome } from "./api.ts";
import { RETRY_DELAYS_MS, SubmitController, type SubmitDeps, type SubmitPhase } from "./submit-machine.ts";

const reply: SubmitReply = {
  responseId: 42,
  preview: false,
  endState: "submitted",
  thankYouText: "感谢您的参与！",
  redirectUrl: "",
  redirectSeconds: 3,
  exam: null,
  voteResults: null,
};
const ok = <T>(data: T): ApiOutcome<T> => ({ ok: true, data, msg: "" });
const lost: ApiOutcome<never> = { ok: false, kind: "network", msg: "网络连接异常" };
const refused = (code: number, msg: string): ApiOutcome<never> => ({
  ok: false,
  kind: "business",
  code,
  msg,
  data: null,
});

/** A fake server: stores at most one response per key, and can lose answers on the way back. */
function fakeServer() {
  const stored = new Map<string, number>();
  const script: ("answer" | "store-then-lose" | "lose" | ApiOutcome<SubmitReply>)[] = [];
  const checks: ("answer" | "lose")[] = [];
  let keys = 0;
  const deps: SubmitDeps<{ n: number }> = {
    post: vi.fn(async (_payload, key) => {
      const step = script.shift() ?? "answer";
      if (typeof step === "object") return step;
      if (step === "lose") return lost;
      if (!stored.has(key)) stored.set(key, stored.size + 1);
      return step === "store-then-lose" ? lost : ok({ ...reply, responseId: stored.get(key) ?? 0 });
    }),
    check: vi.fn(async (key) =>
      (checks.shift() ?? "answer") === "lose" ? lost : ok({ stored: stored.has(key) }),
    ),
    wait: vi.fn(async () => {}),
    newKey: () => `key-${++keys}`,
  };
  return { stored, script, checks, deps };
}

describe("submit and retry", () => {
  it("stores once and reports done", async () => {
    const server = fakeServer();
    const phases: SubmitPhase[] = [];
    const controller = new SubmitController(server.deps, (p) => phases.push(p));
    expect(await controller.submit({ n: 1 })).toEqual({ kind: "done", reply: { ...reply, responseId: 1 } });
    expect(phases).toEqual(["submitting", "done"]);
    expect(server.stored.size).toBe(1);
  });

  it("ignores a double tap while the first request is in flight, and any tap after success", async () => {
    const server = fakeServer();
    const controller = new SubmitController(server.deps);
    const [first, second] = await Promise.all([controller.submit({ n: 1 }), controller.submit({ n: 1 })]);
    expect(first?.kind).toBe("done");
    expect(second).toBeNull();
    expect(await controller.submit({ n: 1 })).toBeNull();
    expect(server.deps.post).toHaveBeenCalledTimes(1);
    expect(server.stored.size).toBe(1);
  });

  it("asks checkSuccess after a lost answer, and fetches the stored reply with the same key", async () => {
    const server = fakeServer();
    server.script.push("store-then-lose");
    const phases: SubmitPhase[] = [];
    const result = await new SubmitController(server.deps, (p) => phases.push(p)).submit({ n: 1 });
    expect(result).toMatchObject({ kind: "done", reply: { responseId: 1 } });
    expect(phases).toEqual(["submitting", "checking", "submitting", "done"]);
    expect(server.deps.check).toHaveBeenCalledWith("key-1");
    expect(vi.mocked(server.deps.post).mock.calls.map(([, key]) => key)).toEqual(["key-1", "key-1"]);
    expect(server.stored.size).toBe(1);
  });

  it("retries a request that never arrived with the same key, after checking", async () => {
    const server = fakeServer();
    server.script.push("lose");
    const result = await new SubmitController(server.deps).submit({ n: 1 });
    expect(result?.kind).toBe("done");
    expect(server.deps.check).toHaveBeenCalledTimes(1);
    expect(server.stored.size).toBe(1);
  });

  it("does not re-send while even checkSuccess cannot get through, and gives up to a manual retry", async () => {
    const server = fakeServer();
    server.script.push("store-then-lose");
    server.checks.push("lose", "lose");
    const controller = new SubmitController(server.deps);
    const result = await controller.submit({ n: 1 });
    expect(result?.kind).toBe("offline");
    expect(server.deps.post).toHaveBeenCalledTimes(1);
    expect(server.deps.wait).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length);
    expect(controller.phase).toBe("offline");
    // The respondent taps 提交 again: the same attempt resumes, checking first, with the same key.
    const resumed = await controller.submit({ n: 1 });
    expect(resumed).toMatchObject({ kind: "done", reply: { responseId: 1 } });
    expect(vi.mocked(server.deps.post).mock.calls.map(([, key]) => key)).toEqual(["key-1", "key-1"]);
    expect(server.stored.size).toBe(1);
  });

  it("treats a refusal as final for the attempt; the next tap is a new attempt with a new key", async () => {
    const server = fakeServer();
    server.script.push(refused(409, "您选择的选项名额已满，请重新选择"));
    const controller = new SubmitController(server.deps);
    expect(await controller.submit({ n: 1 })).toMatchObject({ kind: "refused", code: 409 });
    expect(server.deps.check).not.toHaveBeenCalled();
    expect(await controller.submit({ n: 2 })).toMatchObject({ kind: "done" });
    expect(vi.mocked(server.deps.post).mock.calls.map(([, key]) => key)).toEqual(["key-1", "key-2"]);
  });

  it("checks before re-sending after a 5xx, which might have been stored", async () => {
    const server = fakeServer();
    server.script.push(refused(500, "服务器开小差了，请稍后再试"));
    const result = await new SubmitController(server.deps).submit({ n: 1 });
    expect(result?.kind).toBe("done");
    expect(server.deps.check).toHaveBeenCalledTimes(1);
  });
});
