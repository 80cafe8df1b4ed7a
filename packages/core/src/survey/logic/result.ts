import type { Option } from "../definition/option.ts";
import type { ExprValue } from "../expression/value.ts";
import type { Issue } from "../shared/issue.ts";
import { evaluateCondition } from "./conditions.ts";
import type { Plan } from "./plan.ts";
import { displayOrder } from "./question-order.ts";
import { Scope } from "./scope.ts";
import type { EvaluationContext, NodeState, QuestionState } from "./state.ts";

export interface EndState {
  kind: "submit" | "screenOut";
  /** The question whose jump ended the questionnaire. */
  questionId: string;
}

/** What both the whole evaluation and the session report; equal inputs give deeply equal results. */
export interface EvaluationResult {
  /** Visible items (questions and layout) in display order: definition order unless 题目随机 shuffles it. */
  visibleQuestions: string[];
  /**
   * Offered options of visible choice-like questions, in display order, with labels after piping/joining.
   * Frozen: a list offered as written is the same array on every evaluation (`optionsShown`).
   */
  options: Record<string, readonly OptionShown[]>;
  /** Pages the respondent passes through (pages with at least one visible item). */
  pagePath: string[];
  end: EndState | null;
  errors: Record<string, Issue[]>;
  warnings: Record<string, Issue[]>;
  computed: Record<string, ExprValue>;
  /** Normalised answers of visible questions only: what should be submitted. */
  answers: Record<string, unknown>;
  /** Piped title/description of visible questions that use `{{…}}`. */
  texts: Record<string, { title: string; description?: string }>;
  /** Display numbers per the numbering setting. */
  numbers: Record<string, number>;
  /** Quotas this response counts towards: `option:<question>:<option>` and `quota:<quota id>`. */
  quotaKeys: string[];
  /** No blocking errors (warnings allowed). */
  valid: boolean;
}

/** An offered option as a result reports it. */
export interface OptionShown {
  readonly id: string;
  readonly label: string;
}

const shownLists = new WeakMap<readonly Option[], readonly OptionShown[]>();

/**
 * The ids and labels of an offered list. Most questions offer their own options as written (options.ts), the
 * same array every time: its projection is made once, not once per response (a submit reports every visible
 * question's list).
 */
function optionsShown(offered: readonly Option[]): readonly OptionShown[] {
  let shown = shownLists.get(offered);
  if (!shown) {
    shown = Object.freeze(offered.map(({ id, label }) => Object.freeze({ id, label })));
    shownLists.set(offered, shown);
  }
  return shown;
}

/** Whether any option of the plan's questions carries a quota (most questionnaires: none). */
const optionQuotas = new WeakMap<Plan, boolean>();

function hasOptionQuotas(plan: Plan): boolean {
  let found = optionQuotas.get(plan);
  if (found === undefined) {
    // Offered options are a question's own (joined ones drop their quota: options.ts joinedOptions).
    found = plan.nodes.some(
      (node) =>
        node.kind === "question" &&
        (node.module.options?.(node.question.config) ?? []).some((option) => option.quota !== undefined),
    );
    optionQuotas.set(plan, found);
  }
  return found;
}

function quotaKeys(plan: Plan, states: readonly NodeState[], context: EvaluationContext): string[] {
  const keys: string[] = [];
  if (hasOptionQuotas(plan)) collectOptionQuotas(plan, states, keys);
  if (plan.definition.quotas.length === 0) return keys;
  const scope = new Scope(plan, (index) => states[index], plan.nodes.length, context.today);
  for (const quota of plan.definition.quotas)
    if (evaluateCondition(quota.when, scope)) keys.push(`quota:${quota.id}`);
  return keys;
}

function collectOptionQuotas(plan: Plan, states: readonly NodeState[], keys: string[]): void {
  for (const node of plan.nodes) {
    const current = states[node.index];
    if (node.kind !== "question" || current?.kind !== "question" || current.answer === undefined) continue;
    const chosen = new Set(node.module.selected?.(current.answer) ?? []);
    for (const option of current.options ?? []) {
      if (option.quota !== undefined && chosen.has(option.id)) keys.push(`option:${node.id}:${option.id}`);
    }
  }
}

function numbering(
  plan: Plan,
  states: readonly NodeState[],
  order: readonly number[],
): Record<string, number> {
  const mode = plan.definition.settings.numbering;
  const numbers: Record<string, number> = {};
  if (mode === "none") return numbers;
  let next = 1;
  for (const index of order) {
    const node = plan.nodes[index];
    if (node?.kind !== "question" || !node.module.answerable) continue;
    const visible = (states[index] as QuestionState | undefined)?.visible === true;
    if (mode === "static" || visible) {
      if (visible) numbers[node.id] = next;
      next++;
    }
  }
  return numbers;
}

export function assembleResult(
  plan: Plan,
  states: readonly NodeState[],
  context: EvaluationContext,
): EvaluationResult {
  const order = displayOrder(plan, context.seed);
  const result: EvaluationResult = {
    visibleQuestions: order
      .filter((index) => (states[index] as QuestionState | undefined)?.visible === true)
      .map((index) => plan.nodes[index]?.id ?? ""),
    ...submissionParts(plan, states, context),
    pagePath: [],
    errors: {},
    warnings: {},
    texts: {},
    numbers: numbering(plan, states, order),
    valid: true,
  };
  // What only a page shows: the pages passed, piped texts and each visible question's issues.
  const pagesSeen = new Set<number>();
  for (const node of plan.nodes) {
    const current = states[node.index];
    if (node.kind !== "question" || current?.kind !== "question" || !current.visible) continue;
    pagesSeen.add(node.pageIndex);
    if (current.title !== undefined) {
      result.texts[node.id] =
        current.description === undefined
          ? { title: current.title }
          : { title: current.title, description: current.description };
    }
    const errors = current.issues.filter((issue) => issue.level === "error");
    const warnings = current.issues.filter((issue) => issue.level === "warning");
    if (errors.length > 0) {
      result.errors[node.id] = errors;
      result.valid = false;
    }
    if (warnings.length > 0) result.warnings[node.id] = warnings;
  }
  result.pagePath = plan.pageIds.filter((_id, index) => pagesSeen.has(index));
  return result;
}

/** What a submission keeps of an evaluation (validate-submission.ts): `assembleResult` without its display parts. */
export type SubmissionParts = Pick<
  EvaluationResult,
  "options" | "end" | "computed" | "answers" | "quotaKeys"
>;

/**
 * The parts of an evaluation a stored response needs — answers, offered options, the end, computed values and
 * quota keys — without what only a page shows (display order, numbers, piped texts, page path, per-question
 * issues): the server runs this alone on every submit; `assembleResult` adds the rest for a page.
 */
export function submissionParts(
  plan: Plan,
  states: readonly NodeState[],
  context: EvaluationContext,
): SubmissionParts {
  const parts: SubmissionParts = {
    options: {},
    end: null,
    computed: {},
    answers: {},
    quotaKeys: quotaKeys(plan, states, context),
  };
  for (const node of plan.nodes) {
    const current = states[node.index];
    if (node.kind === "computed") {
      parts.computed[node.id] = current?.kind === "computed" ? current.value : null;
      continue;
    }
    if (current?.kind !== "question" || !current.visible) continue;
    if (current.options) parts.options[node.id] = optionsShown(current.options);
    if (current.answer !== undefined) parts.answers[node.id] = current.answer;
    if (current.jump && current.jump.kind !== "to")
      parts.end = { kind: current.jump.kind, questionId: node.id };
  }
  return parts;
}
