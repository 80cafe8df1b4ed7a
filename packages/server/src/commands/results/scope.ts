import { type Question, type SurveyDefinition, withoutPersonalData } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import type { QuestionnaireRow } from "../../db/tables/questionnaires.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { loadQuestionnaireWithRole, readDefinition } from "../questionnaires/store.ts";

export interface ResultsScope {
  row: QuestionnaireRow;
  /** The published revision's definition (the draft's before the first publish): what statistics list. */
  definition: SurveyDefinition;
  /**
   * The viewer may not see personal data: `definition` then lacks those questions (so statistics, text
   * answers, cross analysis and rankings leave them out) and callers blank IP addresses and answers.
   */
  hidePersonal: boolean;
}

/**
 * The questionnaire whose results the viewer asks for: 404 when missing, 403 when someone else's. Results
 * stay readable from the recycle bin; changes to responses (`manage`) need the questionnaire editable.
 */
export async function resultsScope(
  db: Db,
  viewer: Viewer,
  questionnaireId: number,
  access: "view" | "manage" | "reveal",
): Promise<ResultsScope> {
  const action = { view: "results", manage: "manageResponses", reveal: "revealPersonal" } as const;
  const { row, hidePersonal } = await loadQuestionnaireWithRole(
    db,
    viewer,
    questionnaireId,
    action[access],
    "any",
  );
  const revision =
    row.publishedVersion === null ? null : await publishedRevision(db, row.id, row.publishedVersion);
  const definition = revision?.definition ?? readDefinition(row.draft);
  return { row, definition: hidePersonal ? withoutPersonalData(definition) : definition, hidePersonal };
}

/** The question `questionId` of the definition; 400 naming `field` when it has none. */
export function findQuestion(
  definition: SurveyDefinition,
  questionId: string,
  field = "questionId",
): Question {
  const question = definition.pages.flatMap((page) => page.questions).find((q) => q.id === questionId);
  if (!question) throw InvalidInputError.field(field, "resultQuestionInvalid");
  return question;
}
