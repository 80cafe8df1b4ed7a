import type { AppContext } from "../../context.ts";
import type { Viewer } from "../../http/viewer.ts";
import { loadQuestionnaire, readDefinition, readSettings } from "../questionnaires/store.ts";
import { issueAnswerToken } from "./answer-token.ts";
import { findByPublicId, type OpenQuestionnaire, publicSettings } from "./open.ts";
import { respondentDefinition, withPoints } from "./revisions.ts";

export interface PreviewQuestionnaire extends OpenQuestionnaire {
  /** The draft's version: a preview submission sends it as its revision (previews are never stored). */
  draftVersion: number;
}

/**
 * `anQuestion/getPreviewQuestionary` (/y/{id}/{type}): the owner's current draft, shaped exactly like
 * `anQuestion/getQuestionary` so the page renders it as a respondent will see it — open, ungated, and without
 * an exam's answer key. Only the owner may preview (404 for an unknown id, 403 for someone else's).
 */
export async function openPreview(
  ctx: AppContext,
  viewer: Viewer,
  publicId: string,
): Promise<PreviewQuestionnaire> {
  const found = await findByPublicId(ctx.db, publicId);
  const row = await loadQuestionnaire(ctx.db, viewer, found.id, "read");
  const draft = readDefinition(row.draft);
  return {
    state: "open",
    stateMessage: "",
    gate: null,
    publicId: row.publicId,
    title: row.title,
    kind: row.kind,
    revisionId: null,
    definition: respondentDefinition(draft),
    ...withPoints(draft),
    settings: publicSettings(readSettings(row.settings)),
    draftVersion: row.version,
    // For uploads: preview submissions are never stored, so they do not need it.
    answerToken: issueAnswerToken(ctx, row.publicId, row.version),
  };
}
