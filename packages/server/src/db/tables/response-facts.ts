import type { Selectable } from "kysely";

/**
 * The facts each response contributes (core `responseFacts` + `examFacts`): filters, filtered statistics,
 * cross-analysis and text listings read these instead of parsing answers. Rows are kept for every status
 * (the response list filters deleted ones too); statistics join valid responses.
 *
 * Both databases store them in two places (migrations 0255 and 0260, commands/results/fact-packs.ts): facts
 * carrying a number or text, and every `score:` fact, are rows of `response_facts`; the bare keys of choices,
 * matrix cells, answered marks, quotas and skips are packed into one `response_fact_keys` row per response
 * (on SQLite its row id is the response's id). The view `response_facts_all` reads both as the one table
 * `response_facts` used to be: readers of those bare families read the view (or the packs themselves, where
 * a whole questionnaire is read), readers of text and score facts keep the table.
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

/** A response's bare fact keys, packed (see ResponseFactsTable). */
export interface ResponseFactKeysTable {
  questionnaireId: number;
  responseId: number;
  /** JSON array of `[questionId, key]` pairs. */
  keys: string;
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
