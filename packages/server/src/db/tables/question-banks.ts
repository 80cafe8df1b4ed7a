import type { Generated } from "kysely";

/** 题库: one user's bank of exam questions. */
export interface QuestionBanksTable {
  id: Generated<number>;
  ownerId: number;
  name: string;
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
