import { create } from "zustand";
import type { OptionListKey } from "../lib/question-meta.ts";

/** Dialogs of the designer; one at a time, opened from anywhere without passing callbacks down. */
export type DesignerDialog =
  | { kind: "batchAdd"; questionId: string; listKey: OptionListKey }
  | { kind: "showLogic"; questionId: string }
  | { kind: "jumpLogic"; questionId: string }
  | { kind: "selectConnect"; questionId: string }
  | { kind: "selectJoin"; questionId: string }
  | { kind: "computed" }
  | { kind: "share" }
  | { kind: "publishErrors"; messages: string[] };

export type SideTab = "question" | "survey" | "problems";
export type LeftTab = "palette" | "outline";

interface UiState {
  dialog: DesignerDialog | null;
  sideTab: SideTab;
  leftTab: LeftTab;
  openDialog(dialog: DesignerDialog): void;
  closeDialog(): void;
  setSideTab(tab: SideTab): void;
  setLeftTab(tab: LeftTab): void;
}

export const useUi = create<UiState>()((set) => ({
  dialog: null,
  sideTab: "question",
  leftTab: "palette",
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  setSideTab: (sideTab) => set({ sideTab }),
  setLeftTab: (leftTab) => set({ leftTab }),
}));

export const uiActions = () => useUi.getState();

/** Brings a question into view on the canvas (after the selection re-rendered it). */
export function scrollToQuestion(id: string): void {
  requestAnimationFrame(() => {
    document
      .querySelector(`[data-qid="${CSS.escape(id)}"]`)
      ?.scrollIntoView({ block: "center", behavior: "smooth" });
  });
}
