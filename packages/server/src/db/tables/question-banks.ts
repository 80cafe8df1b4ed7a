import type { ColumnType, Generated } from "kysely";

/** 题库: one user's bank of exam questions. */
export interface QuestionBanksTable {
  id: Generated<number>;
  ownerId: number;
  name: string;
  /** /practice/{id} of the bank while its owner shares it for practice (0105); null otherwise. */
  practicePublicId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
}

/** A question of a bank: a core Question (JSON), its tags (JSON list) and difficulty 1 简单 to 3 困难. */
export interface BankQuestionsTable {
  id: Generated<number>;
  bankId: number;
  position: number;
  question: string;
  tags: string;
  difficulty: number;
}

/** 刷题 progress of one learner on a bank shared for practice (as practice_progress for questionnaires). */
export interface BankPracticeProgressTable {
  id: Generated<number>;
  bankId: number;
  learner: string;
  answered: string;
  wrong: string;
  updatedAt: string;
}
