import type { ExamResult } from "../survey/scoring/exam.ts";
import type { Fact } from "./facts.ts";

/** How a question's score came about, as stored in the fact's text. */
export type ScoreMark = "correct" | "wrong" | "pending" | "graded";

/** Manual grades given so far: question id → points. */
export type Grades = Readonly<Record<string, number>>;

/** A manual grade within 0…max (inputs are checked; this keeps stored data sane whatever arrives). */
export function clampGrade(score: number, max: number): number {
  return Math.min(Math.max(Number.isFinite(score) ? score : 0, 0), Math.max(max, 0));
}

/**
 * `score:<q>` facts of an exam response: every scored question with its points, manual ones with the grade
 * given (0 and "pending" until graded). The exam report's per-question rates aggregate these. Like quota
 * facts they belong to no question (id ""): a question scored 0 because it was left blank is not answered.
 */
export function examFacts(exam: ExamResult, grades: Grades): Fact[] {
  return exam.questions.map((question) => {
    const grade = grades[question.questionId];
    if (question.manual) {
      return grade === undefined
        ? { questionId: "", key: `score:${question.questionId}`, num: 0, text: "pending" }
        : {
            questionId: "",
            key: `score:${question.questionId}`,
            num: clampGrade(grade, question.max),
            text: "graded",
          };
    }
    return {
      questionId: "",
      key: `score:${question.questionId}`,
      num: question.score,
      text: question.correct ? "correct" : "wrong",
    };
  });
}

/** Total, pass and pending count after overlaying manual grades on the automatic scores. */
export function gradedTotals(exam: ExamResult, grades: Grades) {
  let total = 0;
  let pendingManual = 0;
  for (const question of exam.questions) {
    if (!question.manual) total += question.score;
    else if (grades[question.questionId] === undefined) pendingManual += 1;
    else total += clampGrade(grades[question.questionId] ?? 0, question.max);
  }
  return {
    total,
    max: exam.max,
    pendingManual,
    passMark: exam.passMark,
    passed: exam.passMark === null ? null : total >= exam.passMark,
  };
}

/** Score sums are kept as integer hundredths of a point (counters are integers; blanks may score 2.5). */
export const EXAM_SUM_SCALE = 100;

/**
 * Counter deltas for one valid exam response's `score:` facts, so the unfiltered exam report reads
 * per-question counts and sums instead of grouping every score fact: `exam:<q>:<mark>` per verdict,
 * `examsum:<q>` (hundredths of a point) and `exam:pending` once per response still waiting for a grade.
 */
export function examCounterEntries(facts: readonly Fact[], sign: 1 | -1): [key: string, delta: number][] {
  const entries: [string, number][] = [];
  let pending = false;
  for (const fact of facts) {
    if (!fact.key.startsWith("score:")) continue;
    const questionId = fact.key.slice("score:".length);
    entries.push([`exam:${questionId}:${fact.text ?? "wrong"}`, sign]);
    const sum = Math.round((fact.num ?? 0) * EXAM_SUM_SCALE);
    if (sum !== 0) entries.push([`examsum:${questionId}`, sign * sum]);
    if (fact.text === "pending") pending = true;
  }
  if (pending) entries.push(["exam:pending", sign]);
  return entries;
}
