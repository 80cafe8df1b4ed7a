import { useEffect } from "react";
import { editorActions } from "../store/use-editor.ts";

/** Fields inside dialogs (logic editors, batch add) are not bound to the draft: they keep the browser's undo. */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest(".ant-modal") !== null;
}

/**
 * Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) undo and redo designer edits. Inputs whose value is driven by the store
 * (titles, option labels) are re-rendered from the undone draft, so handling the keys there too is what users
 * expect.
 */
export function useUndoShortcuts(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const isUndo = key === "z" && !event.shiftKey;
      const isRedo = (key === "z" && event.shiftKey) || key === "y";
      if (!isUndo && !isRedo) return;
      if (inDialog(event.target)) return;
      event.preventDefault();
      if (isUndo) editorActions().undo();
      else editorActions().redo();
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [enabled]);
}
