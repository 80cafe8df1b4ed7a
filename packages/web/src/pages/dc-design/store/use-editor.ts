import { useStore } from "zustand";
import { createEditorStore, type EditorState } from "./editor-store.ts";

/**
 * The designer's one store. A module singleton because one designer is open per tab; `load` resets it
 * whenever a questionnaire is opened. Components read slices with selectors and call actions through
 * `editorStore.getState()`, so no setter is ever passed down as a prop.
 */
export const editorStore = createEditorStore();

export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(editorStore, selector);
}

export const editorActions = () => editorStore.getState();
