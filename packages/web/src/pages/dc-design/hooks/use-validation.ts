import { useEffect } from "react";
import { validateDraft } from "../lib/issues.ts";
import { editorStore } from "../store/use-editor.ts";

const VALIDATE_DELAY_MS = 400;

/**
 * Re-checks the draft with core a moment after editing pauses: checking 500 questions on every keystroke
 * would cost more than the keystroke itself, and problems need not appear mid-word.
 */
export function useValidation(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const draft = editorStore.getState().draft;
      if (draft) editorStore.getState().setIssues(validateDraft(draft));
    };
    run();
    const unsubscribe = editorStore.subscribe((state, previous) => {
      if (state.draft === previous.draft) return;
      clearTimeout(timer);
      timer = setTimeout(run, VALIDATE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [enabled]);
}
