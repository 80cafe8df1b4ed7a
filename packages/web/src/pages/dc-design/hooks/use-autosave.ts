import { useEffect } from "react";
import { questionaryApi } from "../../../api/questionary.ts";
import { type Autosave, startAutosave } from "../store/autosave.ts";
import { editorStore } from "../store/use-editor.ts";

let current: Autosave | null = null;

/** The running autosave, for the buttons that must save first (发布, 返回) or resolve a conflict. */
export function autosave(): Autosave | null {
  return current;
}

/** Runs autosave while the designer is mounted. */
export function useAutosave(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const handle = startAutosave(editorStore, { save: (input) => questionaryApi.saveQuestionary(input) });
    current = handle;
    return () => {
      handle.stop();
      if (current === handle) current = null;
    };
  }, [enabled]);
}
