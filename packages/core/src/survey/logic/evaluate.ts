import type { SurveyDefinition } from "../definition/definition.ts";
import { computeComputed, computeQuestion, type NodeInputs } from "./node.ts";
import { type Plan, planOf } from "./plan.ts";
import { assembleResult, type EvaluationResult } from "./result.ts";
import type { AnswerSource, EvaluationContext, NodeState } from "./state.ts";

/** Raw answers keyed by question id, as the browser holds them or the server receives them. */
export type Answers = Readonly<Record<string, unknown>>;

export function answerSource(answers: Answers): AnswerSource {
  return (id) => (Object.hasOwn(answers, id) ? answers[id] : undefined);
}

/** One pass in plan order; jumps decide reachability of the nodes after them as the pass goes. */
export function evaluateStates(plan: Plan, raw: AnswerSource, context: EvaluationContext): NodeState[] {
  const states: NodeState[] = [];
  const inputs: NodeInputs = { plan, context, raw, state: (index) => states[index] };
  let skipUntil = 0;
  let ended = false;
  for (const node of plan.nodes) {
    if (node.kind === "computed") {
      states.push(computeComputed(node, inputs));
      continue;
    }
    const current = computeQuestion(node, inputs, !ended && node.index >= skipUntil);
    if (current.jump?.kind === "to") skipUntil = Math.max(skipUntil, current.jump.index);
    else if (current.jump) ended = true;
    states.push(current);
  }
  return states;
}

/**
 * Whole evaluation (整体计算): visible questions and options, page path, end state, errors, computed values
 * and normalised answers for one set of answers. The incremental session produces the same result.
 */
export function evaluateSurvey(
  definition: SurveyDefinition,
  answers: Answers,
  context: EvaluationContext,
): EvaluationResult {
  const plan = planOf(definition);
  return assembleResult(plan, evaluateStates(plan, answerSource(answers), context), context);
}
