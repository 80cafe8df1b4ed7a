import { App } from "antd";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { saveIndicatorOf } from "../store/save-state.ts";
import { useSettingsSave } from "../store/settings-autosave.ts";
import { editorStore, useEditor } from "../store/use-editor.ts";
import { autosave } from "./use-autosave.ts";
import { settingsAutosave } from "./use-settings-autosave.ts";

// 问卷设置 count as much as the questions: leaving with either unsaved is the same loss.
const hasUnsaved = () =>
  saveIndicatorOf(editorStore.getState()) !== "saved" || useSettingsSave.getState().phase !== "saved";

/**
 * Never lose edits by leaving: closing or reloading the tab asks the browser's question; navigating inside
 * the app first tries to save, and asks only if that did not work (conflict, offline, invalid draft).
 */
export function useLeaveGuard(): void {
  const { modal } = App.useApp();
  const questionsDirty = useEditor((state) => saveIndicatorOf(state) !== "saved");
  const settingsDirty = useSettingsSave((state) => state.phase !== "saved");
  const dirty = questionsDirty || settingsDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let cancelled = false;
    void (async () => {
      await Promise.all([autosave()?.flush(), settingsAutosave()?.flush()]);
      if (cancelled) return;
      if (!hasUnsaved()) {
        blocker.proceed();
        return;
      }
      modal.confirm({
        title: "有修改尚未保存",
        content: "离开后这些修改将丢失。确定离开吗？",
        okText: "离开",
        okButtonProps: { danger: true },
        cancelText: "留在此页",
        onOk: () => blocker.proceed(),
        onCancel: () => blocker.reset(),
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [blocker, modal]);
}
