import { parseDefinition, type QuestionnaireKind, type SurveyDefinition } from "@wjgj/core";
import { type Draft, ImportReport } from "./draft.ts";
import { importMessages as m } from "./messages.ts";
import { exportSurveyJs } from "./surveyjs-export.ts";
import { isSurveyJs, surveyJsDraft } from "./surveyjs-import.ts";
import { ImportRefusal } from "./zip.ts";

export { exportSurveyJs };

/** Our own export (the definition itself) goes back in as it is, through the same checks. */
function definitionDraft(definition: SurveyDefinition, kind?: QuestionnaireKind): Draft {
  let number = 0;
  return {
    kind: kind ?? definition.kind,
    title: definition.title,
    ...(definition.description ? { description: definition.description } : {}),
    pages: definition.pages.map((page) => ({
      id: page.id,
      ...(page.title ? { title: page.title } : {}),
      ...(page.description ? { description: page.description } : {}),
      ...(page.showIf ? { showIf: page.showIf } : {}),
      firstNumber: number + 1,
      items: page.questions.map((question) => {
        number += 1;
        return { question, number, label: question.title };
      }),
    })),
    settings: definition.settings as unknown as Record<string, unknown>,
    computed: definition.computed as unknown as Record<string, unknown>[],
    quotas: definition.quotas as unknown as Record<string, unknown>[],
    report: new ImportReport(),
    sourceCount: number,
  };
}

/**
 * A .json upload: a SurveyJS survey, or a definition this site exported (`schemaVersion` and `pages`).
 * Computed values and quotas of our own definitions ride along unchanged.
 */
export function jsonDraft(text: string, fallbackTitle: string, kind?: QuestionnaireKind): Draft {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new ImportRefusal(m.badJson());
  }
  if (typeof json === "object" && json !== null && "schemaVersion" in json) {
    const parsed = parseDefinition(json);
    if (parsed.ok) return definitionDraft(parsed.definition, kind);
  }
  if (!isSurveyJs(json)) throw new ImportRefusal(m.notSurveyJs());
  return surveyJsDraft(json, fallbackTitle, kind);
}
