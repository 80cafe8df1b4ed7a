import { type QuestionarySettings, ResultCode } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/errors.ts";
import { type SettingsPatch, startSettingsAutosave, useSettingsSave } from "./settings-autosave.ts";

interface PendingSave {
  patch: SettingsPatch;
  base: SettingsPatch | undefined;
  resolve: (settings: QuestionarySettings) => void;
  reject: (error: unknown) => void;
}

function setup() {
  const calls: PendingSave[] = [];
  const saved: QuestionarySettings[] = [];
  const autosave = startSettingsAutosave({
    save: (patch, base) => new Promise((resolve, reject) => calls.push({ patch, base, resolve, reject })),
    onSaved: (settings) => saved.push(settings),
    delayMs: 1000,
    retryMs: 5000,
  });
  const phase = () => useSettingsSave.getState().phase;
  // The server's answer only matters as what onSaved hands on.
  const merged = (patch: SettingsPatch) => patch as QuestionarySettings;
  return { calls, saved, autosave, phase, merged };
}

describe("settings autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves the changed keys once, 1 s after the last change, with no 保存设置 click", async () => {
    const { calls, saved, phase, autosave, merged } = setup();
    autosave.change({ maxResponses: 10 });
    await vi.advanceTimersByTimeAsync(600);
    autosave.change({ thankYouText: "谢谢" });
    expect(phase()).toBe("pending");
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.patch)).toEqual([{ maxResponses: 10, thankYouText: "谢谢" }]);
    expect(phase()).toBe("saving");
    calls[0]?.resolve(merged({ maxResponses: 10 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe("saved");
    expect(saved).toHaveLength(1);
  });

  it("saves a change made during a request right after it, and only that key", async () => {
    const { calls, saved, phase, autosave, merged } = setup();
    autosave.change({ maxResponses: 10 });
    await vi.advanceTimersByTimeAsync(1000);
    autosave.change({ password: "abc" });
    calls[0]?.resolve(merged({ maxResponses: 10, password: "" }));
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe("pending");
    // What the panel shows after the first answer keeps the change still on its way.
    expect(saved[0]).toEqual({ maxResponses: 10, password: "abc" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.patch)).toEqual([{ maxResponses: 10 }, { password: "abc" }]);
  });

  it("keeps a failed change, under a newer value of the same key, and retries", async () => {
    const { calls, phase, autosave, merged } = setup();
    autosave.change({ maxResponses: 10, password: "a" });
    await vi.advanceTimersByTimeAsync(1000);
    autosave.change({ password: "b" });
    calls[0]?.reject(new Error("后端接口连接异常"));
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe("error");
    expect(useSettingsSave.getState().error).toBe("后端接口连接异常");
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls[1]?.patch).toEqual({ maxResponses: 10, password: "b" });
    calls[1]?.resolve(merged({}));
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe("saved");
  });

  it("does not retry invalid input until the next change", async () => {
    const { calls, phase, autosave } = setup();
    autosave.change({ redirectUrl: "ftp://x" });
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new ApiError(ResultCode.invalidInput, "跳转地址有误", null, false));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(phase()).toBe("error");
    autosave.change({ redirectUrl: "https://example.com" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[1]?.patch).toEqual({ redirectUrl: "https://example.com" });
  });

  it("flush saves what waits at once, so leaving the designer loses nothing", async () => {
    const { calls, phase, autosave, merged } = setup();
    autosave.change({ progressBar: false });
    const flushed = autosave.flush();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(merged({}));
    await flushed;
    expect(phase()).toBe("saved");
  });

  it("sends what each changed setting was when last seen, and stops on a conflict until 覆盖", async () => {
    const { calls, phase, autosave, merged } = setup();
    autosave.know(merged({ thankYouText: "感谢您的参与！", maxResponses: 0 }));
    autosave.change({ thankYouText: "谢谢" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[0]?.base).toEqual({ thankYouText: "感谢您的参与！" });
    const theirs = merged({ thankYouText: "另一个窗口的感谢语", maxResponses: 0 });
    calls[0]?.reject(
      new ApiError(ResultCode.conflict, "问卷设置已在其他窗口或设备上修改", { settings: theirs }, false),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe("conflict");
    // Nothing more is sent, not even later changes or a flush, until the author chooses.
    autosave.change({ maxResponses: 9 });
    await autosave.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    const overwritten = autosave.overwrite();
    expect(calls[1]?.patch).toEqual({ thankYouText: "谢谢", maxResponses: 9 });
    expect(calls[1]?.base).toBeUndefined();
    calls[1]?.resolve(merged({ thankYouText: "谢谢", maxResponses: 9 }));
    await overwritten;
    expect(phase()).toBe("saved");
  });

  it("刷新 drops the waiting changes and answers the other window's settings", async () => {
    const { calls, phase, autosave, merged } = setup();
    autosave.know(merged({ password: "" }));
    autosave.change({ password: "mine" });
    await vi.advanceTimersByTimeAsync(1000);
    const theirs = merged({ password: "theirs" });
    calls[0]?.reject(new ApiError(ResultCode.conflict, "冲突", { settings: theirs }, false));
    await vi.advanceTimersByTimeAsync(0);
    const generation = useSettingsSave.getState().generation;
    expect(autosave.discard()).toEqual(theirs);
    expect(phase()).toBe("saved");
    expect(useSettingsSave.getState().generation).toBe(generation + 1);
    // The next change is made against what the other window saved.
    autosave.change({ password: "again" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[1]?.base).toEqual({ password: "theirs" });
  });
});
