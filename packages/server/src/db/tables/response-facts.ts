import type { Selectable } from "kysely";

/**
 * The facts each response contributes (core `responseFacts` + `examFacts`), one row per key: filters,
 * filtered statistics, cross-analysis and text listings read these instead of parsing answers. Rows are
 * kept for every status (the response list filters deleted ones too); statistics join valid responses.
 */
export interface ResponseFactsTable {
  questionnaireId: number;
  responseId: number;
  /** "" for facts of no question (condition quotas, exam scores). */
  questionId: string;
  key: string;
  num: number | null;
  text: string | null;
}

/** Manual grades of essay/upload questions (批改), overlaid on the automatic exam score. */
export interface ResponseGradesTable {
  questionnaireId: number;
  responseId: number;
  questionId: string;
  score: number;
  gradedBy: number;
  gradedAt: string;
}

export type ResponseFactRow = Selectable<ResponseFactsTable>;
export type ResponseGradeRow = Selectable<ResponseGradesTable>;
