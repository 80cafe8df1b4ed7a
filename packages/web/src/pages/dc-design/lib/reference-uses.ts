import type { Condition, SurveyDefinition } from "@wjgj/core";

/*
 * Where a question's code ($q8, {{q8}}) is written by hand: computed values' and 表达式 conditions' text, and
 * piping in titles, descriptions and option labels. The designer shows a question's code only when something
 * uses it (issue #33: "引用代码 $q8" on 第7题 read like a contradicting number); the computed-value dialog and the
 * piping picker insert codes without anyone typing them. Called on every edit: plain string scans, no parsing,
 * a few microseconds on a 1,000-question draft.
 */

function usesCode(text: string | undefined, id: string): boolean {
  if (!text?.includes(id)) return false;
  const after = (at: number) => !/[A-Za-z0-9_-]/.test(text.charAt(at + id.length));
  for (let at = text.indexOf(id); at !== -1; at = text.indexOf(id, at + 1)) {
    const before = text.slice(0, at);
    if (after(at) && (before.endsWith("$") || /\{\{\s*$/.test(before))) return true;
  }
  return false;
}

function conditionUses(condition: Condition | undefined, id: string): boolean {
  if (!condition) return false;
  switch (condition.kind) {
    case "all":
    case "any":
      return condition.conditions.some((inner) => conditionUses(inner, id));
    case "not":
      return conditionUses(condition.condition, id);
    case "expression":
      return usesCode(condition.expression, id);
    default:
      return false;
  }
}

/** Whether anything in the draft refers to question `id` by its code. */
export function isReferencedByCode(draft: SurveyDefinition | null, id: string): boolean {
  if (!draft) return false;
  if (draft.computed.some((computed) => usesCode(computed.expression, id))) return true;
  for (const page of draft.pages) {
    if (conditionUses(page.showIf, id)) return true;
    for (const question of page.questions) {
      if (usesCode(question.title, id) || usesCode(question.description, id)) return true;
      if (conditionUses(question.showIf, id)) return true;
      if (question.jumps?.some((jump) => conditionUses(jump.when, id))) return true;
      const options = (question.config as { options?: { label: string }[] }).options;
      if (options?.some((option) => usesCode(option.label, id))) return true;
    }
  }
  return false;
}
