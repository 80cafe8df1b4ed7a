import type { TemplateCard } from "@wjgj/core";
import { create } from "zustand";

/**
 * The template's card (metadata, visibility, review state) beside the editor's draft: every save answers
 * it anew, and the top bar and 模板设置 show it. Not in the query cache, whose updates would reload the
 * editor.
 */
interface TemplateMetaState {
  card: TemplateCard | null;
  setCard(card: TemplateCard | null): void;
}

export const useTemplateMeta = create<TemplateMetaState>()((set) => ({
  card: null,
  setCard: (card) => set({ card }),
}));
