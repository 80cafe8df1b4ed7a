import { evaluateExpression } from "../expression/evaluate.ts";
import { formatNumber } from "../expression/value.ts";
import { error, type Issue } from "../shared/issue.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import { evaluateCondition } from "./conditions.ts";
import { offeredOptions } from "./options.ts";
import type { ComputedNode, Plan, QuestionNode, ResolvedTarget } from "./plan.ts";
import { pipePattern } from "./refs.ts";
import { Scope } from "./scope.ts";
import type {
  AnswerSource,
  ComputedState,
  Discarded,
  EvaluationContext,
  NodeState,
  QuestionState,
} from "./state.ts";

export interface NodeInputs {
  plan: Plan;
  context: EvaluationContext;
  raw: AnswerSource;
  state: (index: number) => NodeState | undefined;
}

function pipe(text: string | undefined, scope: Scope): string | undefined {
  if (text === undefined || !text.includes("{{")) return text;
  return text.replace(pipePattern, (_all, id: string, key?: string) => scope.textOf(id, key));
}

interface Normalised {
  answer: unknown;
  discarded: Discarded;
  issues: Issue[];
}

/**
 * The ids of an offered option list. Most questions offer their own options as written (options.ts), the same
 * array on every evaluation, so the set is built once per list rather than once per answer.
 */
const offeredIdSets = new WeakMap<NonNullable<QuestionState["options"]>, ReadonlySet<string>>();

function offeredIds(offered: NonNullable<QuestionState["options"]>): ReadonlySet<string> {
  let ids = offeredIdSets.get(offered);
  if (!ids) {
    ids = new Set(offered.map((option) => option.id));
    offeredIdSets.set(offered, ids);
  }
  return ids;
}

/** Parses and restricts the raw answer of a visible question. */
function normalise(node: QuestionNode, raw: unknown, offered: QuestionState["options"]): Normalised {
  if (raw === undefined || raw === null) return { answer: undefined, discarded: null, issues: [] };
  let answer: unknown = raw;
  if (!node.module.answerAsIs?.(raw)) {
    const parsed = node.module.answerSchema.safeParse(raw);
    if (!parsed.success)
      return { answer: undefined, discarded: "invalid", issues: [error("invalidAnswer", m.invalidAnswer())] };
    answer = parsed.data;
  }
  let discarded: Discarded = null;
  if (offered && node.module.restrict) {
    const restricted = node.module.restrict(answer, offeredIds(offered));
    if (restricted !== answer) discarded = "hiddenOption";
    answer = restricted;
  }
  if (answer !== undefined && node.module.isEmpty(answer)) answer = undefined;
  return { answer, discarded, issues: [] };
}

function firedJump(node: QuestionNode, selfScope: Scope): ResolvedTarget | null {
  const rules = node.question.jumps ?? [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    const target = node.jumps[i];
    if (rule && target && (!rule.when || evaluateCondition(rule.when, selfScope))) return target;
  }
  return null;
}

/** The page condition sees only what precedes the page, so every item of the page gets the same answer. */
function pageVisible(node: QuestionNode, inputs: NodeInputs): boolean {
  if (!node.pageShowIf) return true;
  const scope = new Scope(inputs.plan, inputs.state, node.pageStart, inputs.context.today);
  return evaluateCondition(node.pageShowIf, scope);
}

/**
 * One question's state from the states before it (and its reachability, decided by earlier jumps). Pure in
 * its inputs: the whole evaluator and the incremental session both call exactly this.
 */
export function computeQuestion(node: QuestionNode, inputs: NodeInputs, reachable: boolean): QuestionState {
  const { plan, context, raw, state } = inputs;
  const scope = new Scope(plan, state, node.index, context.today);
  const group = node.groupIndex === null ? undefined : state(node.groupIndex);
  const groupVisible = group === undefined || (group.kind === "question" && group.visible);
  const visible =
    reachable &&
    groupVisible &&
    pageVisible(node, inputs) &&
    (!node.question.showIf || evaluateCondition(node.question.showIf, scope));
  const options = visible ? offeredOptions(node, scope, context.seed) : null;
  const title = node.hasPipes && visible ? pipe(node.question.title, scope) : undefined;
  const description = node.hasPipes && visible ? pipe(node.question.description, scope) : undefined;
  const rawAnswer = node.module.answerable ? raw(node.id) : undefined;
  if (!visible) {
    const discarded = rawAnswer === undefined || rawAnswer === null ? null : "hiddenQuestion";
    return {
      kind: "question",
      reachable,
      visible,
      options,
      answer: undefined,
      discarded,
      issues: [],
      jump: null,
      title,
      description,
    };
  }
  const normalised = normalise(node, rawAnswer, options);
  const issues: Issue[] = normalised.issues;
  if (normalised.answer !== undefined) {
    issues.push(
      ...node.module.validate(node.question.config, normalised.answer, {
        today: context.today,
        options: options ?? [],
      }),
    );
  } else if (node.question.required && node.module.answerable && normalised.discarded !== "invalid") {
    issues.push(error("required", m.required()));
  }
  const self: QuestionState = {
    kind: "question",
    reachable,
    visible,
    options,
    answer: normalised.answer,
    discarded: normalised.discarded,
    issues,
    jump: null,
    title,
    description,
  };
  if (node.jumps.length > 0) {
    // Jump rules may test the question's own answer, so they see nodes up to and including this one.
    const own = { index: node.index, state: self };
    self.jump = firedJump(node, new Scope(plan, state, node.index + 1, context.today, own));
  }
  return self;
}

export function computeComputed(node: ComputedNode, inputs: NodeInputs): ComputedState {
  if (!node.expr) return { kind: "computed", value: null };
  const scope = new Scope(inputs.plan, inputs.state, node.index, inputs.context.today);
  let value = evaluateExpression(node.expr, scope);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) value = null;
    else if (node.computed.decimals !== undefined) value = Number(value.toFixed(node.computed.decimals));
    else value = Number(formatNumber(value));
  }
  return { kind: "computed", value };
}
