import {
  allowedActions,
  checkDefinition,
  type QuestionaryDetail,
  type QuestionarySummary,
  type QuestionnaireKind,
  questionaryStatusNames,
  questionnaireKindNames,
  type TeamRole,
} from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import { hasUnpublishedChanges } from "../commands/questionnaires/drafts.ts";
import { readDefinition, readSettings } from "../commands/questionnaires/store.ts";
import type { QuestionnaireRow } from "../db/tables/questionnaires.ts";

/** What every listing of a questionnaire starts with: who it is, its kind and its state, with their names. */
export function presentQuestionnaireIdentity(row: QuestionnaireRow) {
  const kind = row.kind as QuestionnaireKind;
  return {
    id: row.id,
    publicId: row.publicId,
    kind,
    kindName: questionnaireKindNames[kind] ?? row.kind,
    title: row.title,
    status: row.status,
    statusName: questionaryStatusNames[row.status],
  };
}

/** Its timestamps in China time, and whether an admin has taken it down. */
export function presentQuestionnaireTimes(row: QuestionnaireRow) {
  return {
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
    publishedAt: chinaDateTime(row.publishedAt),
    deletedAt: chinaDateTime(row.deletedAt),
    takenDown: row.takenDownAt !== null,
    starred: row.starredAt !== null,
  };
}

export function presentQuestionnaireSummary(row: QuestionnaireRow): QuestionarySummary {
  return {
    ...presentQuestionnaireIdentity(row),
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    responseCount: row.responseCount,
    questionCount: row.questionCount,
    version: row.version,
    ...presentQuestionnaireTimes(row),
  };
}

/** The questionnaire as its designer opens it, with what `role` (the caller's) may do on it. */
export function presentQuestionnaireDetail(row: QuestionnaireRow, role: TeamRole): QuestionaryDetail {
  const definition = readDefinition(row.draft);
  return {
    ...presentQuestionnaireSummary(row),
    definition,
    settings: readSettings(row.settings),
    publishedVersion: row.publishedVersion,
    issues: checkDefinition(definition),
    myRole: role,
    permissions: allowedActions(role),
  };
}
