import type { SurveyDefinition } from "../definition/definition.ts";
import { type Answers, answerSource, evaluateStates } from "../logic/evaluate.ts";
import { type Plan, planOf } from "../logic/plan.ts";
import type { EvaluationContext, NodeState } from "../logic/state.ts";

export interface QuestionScore {
  questionId: string;
  score: number;
  max: number;
  /** Needs a person to grade it; `score` is 0 until then. */
  manual: boolean;
  /** Full marks on an automatically scored question. */
  correct: boolean;
}

export interface ExamResult {
  total: number;
  max: number;
  /** Questions waiting for manual grading. */
  pendingManual: number;
  passMark: number | null;
  /** null when there is no pass mark. Pending manual grades count as 0 until graded. */
  passed: boolean | null;
  questions: QuestionScore[];
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), Math.max(max, 0));
}

/**
 * Scores visible questions that carry a scoring rule their type supports. Hidden questions neither score
 * nor count towards the maximum: the respondent never saw them.
 */
export function scoreStates(plan: Plan, states: readonly NodeState[]): ExamResult {
  const questions: QuestionScore[] = [];
  for (const node of plan.nodes) {
    const state = states[node.index];
    const rule = node.kind === "question" ? node.question.scoring : undefined;
    if (node.kind !== "question" || !rule || state?.kind !== "question" || !state.visible) continue;
    if (!node.module.score || !node.module.scoringModes.includes(rule.mode)) continue;
    const options = state.options ?? node.module.options?.(node.question.config) ?? [];
    const result = node.module.score(node.question.config, state.answer, rule, options);
    const max = Math.max(0, result.max);
    const score = clamp(result.score, max);
    questions.push({
      questionId: node.id,
      score,
      max,
      manual: result.manual,
      correct: !result.manual && max > 0 && score === max,
    });
  }
  const total = questions.reduce((sum, q) => sum + q.score, 0);
  const max = questions.reduce((sum, q) => sum + q.max, 0);
  const passMark = plan.definition.settings.exam?.passMark ?? null;
  return {
    total,
    max,
    pendingManual: questions.filter((q) => q.manual).length,
    passMark,
    passed: passMark === null ? null : total >= passMark,
    questions,
  };
}

/** Scores a set of answers (logic applied first, so hidden questions are left out). */
export function scoreExam(
  definition: SurveyDefinition,
  answers: Answers,
  context: EvaluationContext,
): ExamResult {
  const plan = planOf(definition);
  return scoreStates(plan, evaluateStates(plan, answerSource(answers), context));
}
