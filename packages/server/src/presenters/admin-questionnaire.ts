import { type QuestionnaireKind, questionaryStatusNames, questionnaireKindNames } from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { QuestionnaireRow } from "../db/tables/questionnaires.ts";
import type { UserRow } from "../db/tables/users.ts";

export type QuestionnaireOwner = Pick<UserRow, "id" | "phone" | "nickName">;

/** A questionnaire as the admin console lists it: whose it is, its state, and any take-down. */
export function presentAdminQuestionnaire(row: QuestionnaireRow, owner: QuestionnaireOwner | undefined) {
  const kind = row.kind as QuestionnaireKind;
  return {
    id: row.id,
    publicId: row.publicId,
    kind,
    kindName: questionnaireKindNames[kind] ?? row.kind,
    title: row.title,
    status: row.status,
    statusName: questionaryStatusNames[row.status],
    responseCount: row.responseCount,
    questionCount: row.questionCount,
    owner: {
      id: row.ownerId,
      phone: owner?.phone ?? "",
      nickName: owner?.nickName ?? "",
    },
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
    publishedAt: chinaDateTime(row.publishedAt),
    deletedAt: chinaDateTime(row.deletedAt),
    takenDown: row.takenDownAt !== null,
    takenDownAt: chinaDateTime(row.takenDownAt),
    takenDownReason: row.takenDownReason ?? "",
  };
}

export type AdminQuestionnaire = ReturnType<typeof presentAdminQuestionnaire>;
