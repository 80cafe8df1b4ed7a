import type { SurveyDefinition } from "../survey/definition/definition.ts";
import { type Answers, answerSource, evaluateStates } from "../survey/logic/evaluate.ts";
import { type Plan, planOf } from "../survey/logic/plan.ts";
import type { EvaluationContext, NodeState } from "../survey/logic/state.ts";

/**
 * Answerable questions the respondent never saw: hidden by show logic (of the question, its page or its
 * group) or jumped over / cut off by a jump. They are "skipped" (跳过), not "left empty" (未作答): the server
 * refuses answers to them, so a stored response holds none.
 */
export function skippedOf(plan: Plan, states: readonly NodeState[]): string[] {
  const skipped: string[] = [];
  for (const node of plan.nodes) {
    const state = states[node.index];
    if (node.kind !== "question" || state?.kind !== "question" || !node.module.answerable) continue;
    if (!state.visible) skipped.push(node.id);
  }
  return skipped;
}

/**
 * The skipped questions of a stored response, re-running the logic with the context it was submitted in
 * (its China day; the seed only shuffles options, which never changes visibility). Deterministic, so the
 * viewer, the exports and the statistics' `skipped:` facts agree for old and new responses alike.
 */
export function skippedQuestionIds(
  definition: SurveyDefinition,
  answers: Answers,
  context: EvaluationContext,
): string[] {
  const plan = planOf(definition);
  return skippedOf(plan, evaluateStates(plan, answerSource(answers), context));
}
