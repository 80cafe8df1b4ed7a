import { App } from "antd";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { saveIndicatorOf } from "../store/save-state.ts";
import { editorStore, useEditor } from "../store/use-editor.ts";
import { autosave } from "./use-autosave.ts";

const hasUnsaved = () => saveIndicatorOf(editorStore.getState()) !== "saved";

/**
 * Never lose edits by leaving: closing or reloading the tab asks the browser's question; navigating inside
 * the app first tries to save, and asks only if that did not work (conflict, offline, invalid draft).
 */
export function useLeaveGuard(): void {
  const { modal } = App.useApp();
  const dirty = useEditor((state) => saveIndicatorOf(state) !== "saved");
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
      await autosave()?.flush();
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
