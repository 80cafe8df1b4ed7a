import { create } from "zustand";
import type { TemplateSource } from "../../../components/save-as-template/index.tsx";
import type { OptionListKey } from "../lib/question-meta.ts";

/** Dialogs of the designer; one at a time, opened from anywhere without passing callbacks down. */
export type DesignerDialog =
  | { kind: "batchAdd"; questionId: string; listKey: OptionListKey }
  | { kind: "showLogic"; questionId: string }
  | { kind: "jumpLogic"; questionId: string }
  | { kind: "selectConnect"; questionId: string }
  | { kind: "selectJoin"; questionId: string }
  | { kind: "computed" }
  | { kind: "bankPick" }
  | { kind: "share" }
  | { kind: "saveAsTemplate"; source: TemplateSource }
  | { kind: "publishErrors"; messages: string[] };

export type SideTab = "question" | "survey" | "problems";
export type LeftTab = "palette" | "outline";
/** On a phone the three columns do not fit side by side: one shows at a time, picked in the bottom bar. */
export type MobilePane = "palette" | "canvas" | "settings";

interface UiState {
  dialog: DesignerDialog | null;
  sideTab: SideTab;
  leftTab: LeftTab;
  mobilePane: MobilePane;
  openDialog(dialog: DesignerDialog): void;
  closeDialog(): void;
  setSideTab(tab: SideTab): void;
  setLeftTab(tab: LeftTab): void;
  setMobilePane(pane: MobilePane): void;
}

export const useUi = create<UiState>()((set) => ({
  dialog: null,
  sideTab: "question",
  leftTab: "palette",
  mobilePane: "canvas",
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  // A tab asked for (the problems list after a refused publish) must also be on screen on a phone.
  setSideTab: (sideTab) => set({ sideTab, mobilePane: "settings" }),
  setLeftTab: (leftTab) => set({ leftTab }),
  setMobilePane: (mobilePane) => set({ mobilePane }),
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
