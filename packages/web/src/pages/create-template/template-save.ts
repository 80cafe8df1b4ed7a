import { richTextToPlain, type SaveQuestionaryResult } from "@wjgj/core";
import { templatesApi } from "../../api/templates.ts";
import type { SaveInput } from "../dc-design/store/autosave.ts";
import { useTemplateMeta } from "./template-store.ts";

/** The template's name from the designer's title: plain text, as the card shows it. */
export function templateTitleOf(richTitle: string): string | undefined {
  const title = richTextToPlain(richTitle).trim().slice(0, 100);
  return title === "" ? undefined : title;
}

/**
 * Autosave of the template designer: the draft goes to template/updateTemplate with its title (the row's
 * title and the snapshot's are one). Templates keep no draft versions, so the version only counts saves.
 */
export async function saveTemplateDraft(input: SaveInput): Promise<SaveQuestionaryResult> {
  const title = templateTitleOf(input.definition.title);
  const card = await templatesApi.update({
    id: input.id,
    definition: input.definition,
    ...(title ? { title } : {}),
  });
  useTemplateMeta.getState().setCard(card);
  return {
    version: input.baseVersion + 1,
    updatedAt: card.updatedAt,
    hasUnpublishedChanges: false,
    issues: [],
  };
}
