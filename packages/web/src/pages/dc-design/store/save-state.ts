import type { FieldError, SurveyDefinition } from "@wjgj/core";

export type SavePhase = "idle" | "saving" | "conflict" | "error";

export interface SaveState {
  /** Draft version the server holds; the next save sends it as baseVersion. */
  version: number;
  /** The definition the server holds, by reference: the draft is dirty exactly when it differs. */
  saved: SurveyDefinition | null;
  phase: SavePhase;
  /** On a 409: the version someone else saved. */
  conflictVersion: number | null;
  error: string | null;
  fieldErrors: FieldError[];
  savedAt: string;
}

export const initialSave: SaveState = {
  version: 0,
  saved: null,
  phase: "idle",
  conflictVersion: null,
  error: null,
  fieldErrors: [],
  savedAt: "",
};

/** What the top bar shows. */
export type SaveIndicator = "saved" | "dirty" | "saving" | "conflict" | "error";

export function saveIndicatorOf(state: { draft: SurveyDefinition | null; save: SaveState }): SaveIndicator {
  if (state.save.phase === "conflict") return "conflict";
  if (state.save.phase === "saving") return "saving";
  if (state.save.phase === "error") return "error";
  return state.draft !== state.save.saved ? "dirty" : "saved";
}
