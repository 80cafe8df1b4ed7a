import type { SaveQuestionaryResult } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/errors.ts";
import { definitionOf, detailOf, single } from "../testing/fixtures.ts";
import { type SaveInput, startAutosave } from "./autosave.ts";
import { createEditorStore } from "./editor-store.ts";
import { saveIndicatorOf } from "./save-state.ts";

interface PendingSave {
  input: SaveInput;
  resolve: (result: SaveQuestionaryResult) => void;
  reject: (error: unknown) => void;
}

function setup() {
  const store = createEditorStore();
  store.getState().load(detailOf(definitionOf([single("q1", "性别")]), 3));
  const calls: PendingSave[] = [];
  const save = (input: SaveInput) =>
    new Promise<SaveQuestionaryResult>((resolve, reject) => calls.push({ input, resolve, reject }));
  const autosave = startAutosave(store, { save, delayMs: 1000, retryMs: 5000 });
  const ok = (version: number): SaveQuestionaryResult => ({
    version,
    updatedAt: "2024-05-01 10:00:01",
    hasUnpublishedChanges: true,
    issues: [],
  });
  return { store, state: () => store.getState(), calls, autosave, ok };
}

describe("autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves once, 1 s after the last of several edits, with the acknowledged version", async () => {
    const { state, calls, ok } = setup();
    state().setQuestionTitle("q1", "您");
    await vi.advanceTimersByTimeAsync(600);
    state().setQuestionTitle("q1", "您的性别");
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input.baseVersion).toBe(3);
    expect(calls[0]?.input.definition.pages[0]?.questions[0]?.title).toBe("您的性别");
    expect(saveIndicatorOf(state())).toBe("saving");
    calls[0]?.resolve(ok(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(saveIndicatorOf(state())).toBe("saved");
    expect(state().save.version).toBe(4);
    expect(state().meta?.hasUnpublishedChanges).toBe(true);
  });

  it("saves edits made during a request right after it, against the new version", async () => {
    const { state, calls, ok } = setup();
    state().setTitle("一");
    await vi.advanceTimersByTimeAsync(1000);
    state().setTitle("二");
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(ok(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(saveIndicatorOf(state())).toBe("dirty");
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.input).toMatchObject({ baseVersion: 4, definition: { title: "二" } });
  });

  it("stops on a 409, keeps the local draft, and 覆盖 saves it against the other version", async () => {
    const { state, calls, autosave, ok } = setup();
    state().setTitle("我的修改");
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(
      new ApiError(409, "问卷已在其他窗口或设备上修改，请刷新后再编辑", { currentVersion: 9 }, false),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(saveIndicatorOf(state())).toBe("conflict");
    expect(state().save.conflictVersion).toBe(9);
    // Further edits are kept but not sent while the conflict is open.
    state().setTitle("我的修改2");
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(state().draft?.title).toBe("我的修改2");

    const done = autosave.overwrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]?.input).toMatchObject({ baseVersion: 9, definition: { title: "我的修改2" } });
    calls[1]?.resolve(ok(10));
    await done;
    expect(saveIndicatorOf(state())).toBe("saved");
    expect(state().save.version).toBe(10);
  });

  it("retries after a network failure but not after the server refused the definition", async () => {
    const { state, calls } = setup();
    state().setTitle("x");
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new ApiError(0, "网络异常", null, true));
    await vi.advanceTimersByTimeAsync(0);
    expect(saveIndicatorOf(state())).toBe("error");
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    calls[1]?.reject(
      new ApiError(400, "问卷内容有误", { errors: [{ field: "definition.title", message: "太长" }] }, false),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(2);
    expect(state().save.fieldErrors).toEqual([{ field: "definition.title", message: "太长" }]);
  });

  it("does not save when an undo returns to the saved draft, and flush saves at once", async () => {
    const { state, calls, autosave, ok } = setup();
    state().setTitle("x");
    state().undo();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(0);
    state().setTitle("y");
    const flushed = autosave.flush();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(ok(4));
    await flushed;
    expect(saveIndicatorOf(state())).toBe("saved");
  });
});
