import { useEffect } from "react";
import { questionaryApi } from "../../../api/questionary.ts";
import { type Autosave, type AutosaveOptions, startAutosave } from "../store/autosave.ts";
import { editorStore } from "../store/use-editor.ts";

let current: Autosave | null = null;

/** The running autosave, for the buttons that must save first (发布, 返回) or resolve a conflict. */
export function autosave(): Autosave | null {
  return current;
}

const saveQuestionnaire: AutosaveOptions["save"] = (input) => questionaryApi.saveQuestionary(input);

/** Runs autosave while the designer is mounted (the template designer passes its own save). */
export function useAutosave(enabled: boolean, save: AutosaveOptions["save"] = saveQuestionnaire): void {
  useEffect(() => {
    if (!enabled) return;
    const handle = startAutosave(editorStore, { save });
    current = handle;
    return () => {
      handle.stop();
      if (current === handle) current = null;
    };
  }, [enabled, save]);
}
