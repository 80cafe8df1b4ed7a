import type { Generated } from "kysely";

/** 随机组卷: the paper one candidate drew for one published revision (a core definition as JSON). */
export interface ExamPapersTable {
  id: Generated<number>;
  questionnaireId: number;
  revisionId: number;
  candidate: string;
  definition: string;
  createdAt: string;
}

/** 重新评分: one run over a questionnaire's responses against revision `revisionId`. */
export interface ExamRescoresTable {
  id: Generated<number>;
  questionnaireId: number;
  revisionId: number;
  status: "queued" | "running" | "done" | "failed";
  total: number;
  done: number;
  changed: number;
  /** The last response id re-scored. */
  lastId: number;
  createdBy: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * One tag of one bank question on a candidate's paper, with the question's full marks on that paper, as
 * the bank tagged it when the paper was drawn: the exam report's 知识点掌握 adds the candidates' score
 * facts up per tag through these rows (joined on questionnaire, revision and candidate, like the paper).
 */
export interface ExamPaperTagsTable {
  id: Generated<number>;
  questionnaireId: number;
  revisionId: number;
  candidate: string;
  /** The paper's question id, `bank_<item id>`. */
  questionId: string;
  tag: string;
  maxScore: number;
}
