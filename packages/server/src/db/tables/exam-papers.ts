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
