import type { Generated, Selectable } from "kysely";

export const practiceProgressTable = "practice_progress";

/** 刷题 progress of one learner (`u:<user id>` or `d:<device id>`) on one questionnaire. */
export interface PracticeProgressTable {
  id: Generated<number>;
  questionnaireId: number;
  learner: string;
  /** JSON object: question id → last verdict. */
  answered: string;
  /** JSON array: the 错题本, in paper order. */
  wrong: string;
  updatedAt: string;
}

export type PracticeProgressRow = Selectable<PracticeProgressTable>;
