import { answerKeyText, type Question } from "@wjgj/core";
import type { Cell } from "./cells.ts";
import type { QuestionColumns, Seen } from "./columns.ts";

// 随机组卷's cells of a row (drawn.ts reads the papers): apart from the database code, so the xlsx export's
// worker thread loads them with row-layout.ts.

export interface DrawnColumns {
  questionId: string;
  /** The answer's columns, then 得分, then 正确答案. */
  headers: string[];
  answer: Pick<QuestionColumns, "headers" | "fill">;
}

/** One response's own paper: its questions by id and each drawn question's score. */
export interface DrawnPaper {
  questions: ReadonlyMap<string, Question>;
  scores: ReadonlyMap<string, number>;
}

/** Writes one drawn question's block (`columns.headers.length` cells from `at`); empty when not drawn. */
export function fillDrawn(
  row: Cell[],
  at: number,
  columns: DrawnColumns,
  paper: DrawnPaper | undefined,
  answer: unknown,
  seen: Seen,
): void {
  const question = paper?.questions.get(columns.questionId);
  if (!question) return;
  const answerWidth = columns.answer.headers.length;
  if (answer !== undefined && answer !== null) {
    try {
      columns.answer.fill(row, at, answer, seen, question);
    } catch {
      row[at] = JSON.stringify(answer);
    }
  }
  row[at + answerWidth] = paper?.scores.get(columns.questionId) ?? 0;
  row[at + answerWidth + 1] = answerKeyText(question) || null;
}
