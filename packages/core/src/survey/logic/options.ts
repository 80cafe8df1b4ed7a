import type { Option } from "../definition/option.ts";
import { seededShuffle } from "../shared/random.ts";
import { evaluateCondition } from "./conditions.ts";
import type { QuestionNode } from "./plan.ts";
import { pipePattern } from "./refs.ts";
import type { Scope } from "./scope.ts";

/** 其他 texts of a choice answer, whichever choice shape it has. */
export function otherTextsOf(answer: unknown): Readonly<Record<string, string>> {
  if (typeof answer !== "object" || answer === null) return {};
  const record = answer as { optionId?: unknown; otherText?: unknown; otherTexts?: unknown };
  if (typeof record.optionId === "string" && typeof record.otherText === "string") {
    return { [record.optionId]: record.otherText };
  }
  if (typeof record.otherTexts === "object" && record.otherTexts !== null) {
    return record.otherTexts as Record<string, string>;
  }
  return {};
}

/**
 * Select-join: the source's offered options, kept (mode "selected") or dropped ("unselected") by whether the
 * respondent chose them. Ids are kept so answers and conditions can name them; a chosen 其他 shows its text.
 */
function joinedOptions(node: QuestionNode, scope: Scope): Option[] {
  const source = node.question.optionSource;
  if (!source) return [];
  const offered = scope.offeredOf(source.questionId) ?? [];
  const view = scope.answerOf(source.questionId);
  const chosen = new Set(view ? (view.node.module.selected?.(view.answer) ?? []) : []);
  const others = view ? otherTextsOf(view.answer) : {};
  const keep =
    source.mode === "selected"
      ? (option: Option) => chosen.has(option.id)
      : (option: Option) => !chosen.has(option.id);
  return offered.filter(keep).map((option) => {
    const text = others[option.id]?.trim();
    const { other: _other, showIf: _showIf, quota: _quota, ...rest } = option;
    return text && option.other ? { ...rest, label: text } : rest;
  });
}

function connected(node: QuestionNode, option: Option, scope: Scope): boolean {
  const connect = node.question.selectConnect;
  const link = connect?.links.find((candidate) => candidate.optionId === option.id);
  if (!connect || !link) return true;
  const view = scope.answerOf(connect.questionId);
  const chosen = view ? (view.node.module.selected?.(view.answer) ?? []) : [];
  const any = link.sourceOptionIds.some((id) => chosen.includes(id));
  return connect.mode === "chosen" ? any : !any;
}

function pipeLabel(option: Option, scope: Scope): Option {
  if (!option.label.includes("{{")) return option;
  return {
    ...option,
    label: option.label.replace(pipePattern, (_all, id: string, key?: string) => scope.textOf(id, key)),
  };
}

/** Per question: whether its options are offered exactly as written (nothing hides, pipes, links or shuffles). */
const asWritten = new WeakMap<QuestionNode, boolean>();

function offersAsWritten(node: QuestionNode, own: readonly Option[]): boolean {
  let plain = asWritten.get(node);
  if (plain === undefined) {
    plain =
      !node.question.optionSource &&
      !node.question.selectConnect &&
      !node.question.randomizeOptions &&
      own.every((option) => !option.hidden && !option.showIf && !option.label.includes("{{"));
    asWritten.set(node, plain);
  }
  return plain;
}

/**
 * The options a question offers now: own or joined options, minus hidden ones, minus those failing their
 * show condition or select-connect link, with piped labels, shuffled per respondent when configured.
 */
export function offeredOptions(
  node: QuestionNode,
  scope: Scope,
  seed: string | undefined,
): readonly Option[] | null {
  const own = node.module.options?.(node.question.config);
  if (!own && !node.question.optionSource) return null;
  // Most questions offer their own options as written: no copy to make.
  if (own && offersAsWritten(node, own)) return own;
  const base = node.question.optionSource ? joinedOptions(node, scope) : (own ?? []);
  const offered = base
    .filter((option) => !option.hidden)
    .filter((option) => !option.showIf || evaluateCondition(option.showIf, scope))
    .filter((option) => connected(node, option, scope))
    .map((option) => pipeLabel(option, scope));
  const randomize = node.question.randomizeOptions;
  return randomize && seed !== undefined
    ? seededShuffle(offered, `${seed}:${node.id}`, randomize.keepLast)
    : offered;
}
