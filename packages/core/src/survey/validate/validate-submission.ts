import { skippedOf } from "../../results/skipped.ts";
import type { SurveyDefinition } from "../definition/definition.ts";
import type { ExprValue } from "../expression/value.ts";
import { type Answers, answerSource, evaluateStates } from "../logic/evaluate.ts";
import { planOf } from "../logic/plan.ts";
import { type EndState, type EvaluationResult, submissionParts } from "../logic/result.ts";
import type { EvaluationContext } from "../logic/state.ts";
import { type ExamResult, scoreStates } from "../scoring/exam.ts";
import { error, type Issue } from "../shared/issue.ts";
import { surveyMessages as m } from "../shared/messages.ts";

export interface SubmissionIssue extends Issue {
  /** null for problems not tied to a question (an unknown key). */
  questionId: string | null;
}

export interface SubmissionResult {
  ok: boolean;
  errors: SubmissionIssue[];
  warnings: SubmissionIssue[];
  /** Normalised answers of visible questions, ready to store. */
  answers: Record<string, unknown>;
  /** Present when any question has a scoring rule. */
  score: ExamResult | null;
  quotaKeys: string[];
  /** Options each visible choice-like question offered, as the respondent saw them (stored with the answers). */
  options: EvaluationResult["options"];
  /**
   * Values of answered 不允许重复 questions, normalised: the server rejects the response when another
   * response of the questionnaire already holds the same value for the same question.
   */
  unique: { questionId: string; value: string }[];
  end: EndState | null;
  computed: Record<string, ExprValue>;
  /** Answerable questions hidden or jumped over by logic (跳过), recorded as `skipped:` facts. */
  skipped: string[];
}

/**
 * The server's submit check: the same logic as the respondent page, but strict. Whatever the page would
 * silently drop (answers to hidden questions or options, ids that do not exist, malformed values) is a
 * rejection here, together with missing required answers and failed hard rules (soft rules come back as
 * warnings and do not block). Unique-across-responses rules need other responses, so the values to check
 * come back in `unique` for the server to enforce.
 */
export function validateSubmission(
  definition: SurveyDefinition,
  answers: Answers,
  context: EvaluationContext,
): SubmissionResult {
  const plan = planOf(definition);
  const errors: SubmissionIssue[] = [];
  const warnings: SubmissionIssue[] = [];
  const unique: SubmissionResult["unique"] = [];
  for (const id of Object.keys(answers)) {
    const node = plan.nodes[plan.indexById.get(id) ?? -1];
    if (node?.kind !== "question" || !node.module.answerable) {
      errors.push({ ...error("unknownQuestion", m.unknownQuestion(), [id]), questionId: null });
    }
  }
  const states = evaluateStates(plan, answerSource(answers), context);
  for (const node of plan.nodes) {
    const state = states[node.index];
    if (node.kind !== "question" || state?.kind !== "question") continue;
    if (state.discarded === "hiddenQuestion")
      errors.push({ ...error("hiddenQuestion", m.hiddenQuestion()), questionId: node.id });
    if (state.discarded === "hiddenOption")
      errors.push({ ...error("hiddenOption", m.hiddenOption()), questionId: node.id });
    for (const issue of state.issues) {
      (issue.level === "error" ? errors : warnings).push({ ...issue, questionId: node.id });
    }
    const value =
      state.answer === undefined ? null : node.module.uniqueValue?.(node.question.config, state.answer);
    if (value) unique.push({ questionId: node.id, value });
  }
  const result = submissionParts(plan, states, context);
  const scored = plan.nodes.some((node) => node.kind === "question" && node.question.scoring !== undefined);
  return {
    ok: errors.length === 0,
    errors,
    warnings,
    answers: result.answers,
    score: scored ? scoreStates(plan, states) : null,
    quotaKeys: result.quotaKeys,
    options: result.options,
    unique,
    end: result.end,
    computed: result.computed,
    skipped: skippedOf(plan, states),
  };
}
