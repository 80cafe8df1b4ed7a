import { type Condition, getQuestionType, type Question, type ValueType } from "@wjgj/core";
import { choiceTypes, optionListOf } from "./question-meta.ts";
import { plainTitle } from "./survey-index.ts";

/** A question a condition may read, as the builder offers it. */
export interface SourceQuestion {
  id: string;
  label: string;
  question: Question;
}

export interface ChoiceItem {
  id: string;
  label: string;
}

/** The options a selected/notSelected leaf can name: choice options, or every node of a 多级联动. */
export function choicesOf(question: Question): ChoiceItem[] | null {
  if (question.type === "cascader") {
    const items: ChoiceItem[] = [];
    const walk = (nodes: typeof question.config.nodes, prefix: string) => {
      for (const node of nodes) {
        const label = prefix ? `${prefix} / ${node.label}` : node.label;
        items.push({ id: node.id, label });
        if (node.children) walk(node.children, label);
      }
    };
    walk(question.config.nodes, "");
    return items;
  }
  if (!choiceTypes.has(question.type)) return null;
  return (optionListOf(question, "options") ?? []).map((option) => ({
    id: option.id,
    label: plainTitle(option.label, 30),
  }));
}

const partNames: Record<string, string> = {
  score: "得分",
  count: "选择数",
  id: "选项编号",
  start: "开始日期",
  end: "结束日期",
};

/** Keys (`$q.key`) a comparison may read on this question, with the type each yields. */
export function keysOf(question: Question): { key: string; label: string; type: ValueType }[] {
  const module = getQuestionType(question.type);
  if (!module?.valueTypeOf) return [];
  const config = question.config as Record<string, unknown>;
  const candidates: { key: string; label: string }[] = Object.entries(partNames).map(([key, label]) => ({
    key,
    label,
  }));
  for (const list of ["rows", "blanks", "options"]) {
    const items = config[list];
    if (!Array.isArray(items)) continue;
    for (const item of items as { id: string; label?: string }[])
      candidates.push({ key: item.id, label: plainTitle(item.label ?? "", 12) || item.id });
  }
  const keys: { key: string; label: string; type: ValueType }[] = [];
  for (const candidate of candidates) {
    const type = module.valueTypeOf(question.config, candidate.key);
    if (type && type !== "none" && type !== "list") keys.push({ ...candidate, type });
  }
  return keys;
}

/** What `$q` (or `$q.key`) yields, to choose a number or a text box for the compared value. */
export function valueTypeOf(question: Question, key?: string): ValueType {
  const module = getQuestionType(question.type);
  if (!module) return "any";
  if (module.valueTypeOf) return module.valueTypeOf(question.config, key) ?? "any";
  return key ? "any" : module.valueType;
}

/** Leaves made by defaultLeaf whose pre-selected option nobody has chosen yet (by identity: edits make new leaves). */
const untouchedDefaults = new WeakSet<Condition>();

/** A sensible first leaf for a question: its first option for choices, "answered" otherwise. */
export function defaultLeaf(question: Question): Condition {
  const choices = choicesOf(question);
  if (choices && choices.length > 0) {
    const leaf: Condition = {
      kind: "selected",
      questionId: question.id,
      optionIds: [choices[0]?.id ?? ""],
      match: "any",
    };
    untouchedDefaults.add(leaf);
    return leaf;
  }
  return { kind: "answered", questionId: question.id };
}

/**
 * The options of a 选中 leaf after the creator picked in its list. The first option stands in until the first
 * pick, so that first pick replaces it: choosing 不满意 in a new condition gives 不满意, not 满意 or 不满意.
 */
export function pickedOptions(leaf: Condition, picked: readonly string[]): string[] {
  if (untouchedDefaults.has(leaf) && leaf.kind === "selected") {
    const stand = leaf.optionIds[0];
    const chosen = picked.filter((id) => id !== stand);
    if (picked.length > leaf.optionIds.length && chosen.length > 0) return chosen;
  }
  return [...picked];
}

export type GroupCondition = Extract<Condition, { kind: "all" | "any" }>;

/** The builder always edits a group at the top, so one more condition can always be added. */
export function toGroup(condition: Condition | undefined): GroupCondition {
  if (!condition) return { kind: "all", conditions: [] };
  if (condition.kind === "all" || condition.kind === "any") return condition;
  return { kind: "all", conditions: [condition] };
}

/** Stored form: a group of one is just that condition; an empty group is no condition at all. */
export function fromGroup(group: GroupCondition): Condition | undefined {
  if (group.conditions.length === 0) return undefined;
  if (group.conditions.length === 1) return group.conditions[0];
  return group;
}

/** A leaf is complete when it names what it reads and, for choices, at least one option. */
export function isComplete(condition: Condition): boolean {
  switch (condition.kind) {
    case "all":
    case "any":
      return condition.conditions.length > 0 && condition.conditions.every(isComplete);
    case "not":
      return isComplete(condition.condition);
    case "selected":
    case "notSelected":
      return condition.questionId !== "" && condition.optionIds.length > 0;
    case "compare":
      return condition.questionId !== "" && condition.value !== "";
    case "computed":
      return condition.computedId !== "" && condition.value !== "";
    case "expression":
      return condition.expression.trim() !== "";
    default:
      return condition.questionId !== "";
  }
}
