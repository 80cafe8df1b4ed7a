import {
  checkDefinition,
  type QuestionaryDetail,
  type QuestionarySummary,
  type QuestionnaireKind,
  questionaryStatusNames,
  questionnaireKindNames,
} from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import { hasUnpublishedChanges } from "../commands/questionnaires/drafts.ts";
import { readDefinition, readSettings } from "../commands/questionnaires/store.ts";
import type { QuestionnaireRow } from "../db/tables/questionnaires.ts";

export function presentQuestionnaireSummary(row: QuestionnaireRow): QuestionarySummary {
  const kind = row.kind as QuestionnaireKind;
  return {
    id: row.id,
    publicId: row.publicId,
    kind,
    kindName: questionnaireKindNames[kind] ?? row.kind,
    title: row.title,
    status: row.status,
    statusName: questionaryStatusNames[row.status],
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    responseCount: row.responseCount,
    questionCount: row.questionCount,
    version: row.version,
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
    publishedAt: chinaDateTime(row.publishedAt),
    deletedAt: chinaDateTime(row.deletedAt),
    takenDown: row.takenDownAt !== null,
  };
}

export function presentQuestionnaireDetail(row: QuestionnaireRow): QuestionaryDetail {
  const definition = readDefinition(row.draft);
  return {
    ...presentQuestionnaireSummary(row),
    definition,
    settings: readSettings(row.settings),
    publishedVersion: row.publishedVersion,
    issues: checkDefinition(definition),
  };
}
