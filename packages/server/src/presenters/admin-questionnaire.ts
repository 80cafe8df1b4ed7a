import { chinaDateTime } from "../clock.ts";
import type { QuestionnaireRow } from "../db/tables/questionnaires.ts";
import type { UserRow } from "../db/tables/users.ts";
import { presentQuestionnaireIdentity, presentQuestionnaireTimes } from "./questionnaire.ts";

export type QuestionnaireOwner = Pick<UserRow, "id" | "phone" | "nickName">;

/** A questionnaire as the admin console lists it: whose it is, its state, and any take-down. */
export function presentAdminQuestionnaire(row: QuestionnaireRow, owner: QuestionnaireOwner | undefined) {
  return {
    ...presentQuestionnaireIdentity(row),
    responseCount: row.responseCount,
    questionCount: row.questionCount,
    owner: {
      id: row.ownerId,
      phone: owner?.phone ?? "",
      nickName: owner?.nickName ?? "",
    },
    ...presentQuestionnaireTimes(row),
    takenDownAt: chinaDateTime(row.takenDownAt),
    takenDownReason: row.takenDownReason ?? "",
  };
}

export type AdminQuestionnaire = ReturnType<typeof presentAdminQuestionnaire>;
