import { z } from "zod";
import type { Option } from "../../definition/option.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";

export const singleAnswerSchema = z.object({
  optionId: z.string().min(1).max(64),
  otherText: z.string().max(2000).optional(),
});
export type SingleAnswer = z.output<typeof singleAnswerSchema>;

export const multipleAnswerSchema = z.object({
  optionIds: z.array(z.string().min(1).max(64)).max(500),
  otherTexts: z.record(z.string(), z.string().max(2000)).optional(),
});
export type MultipleAnswer = z.output<typeof multipleAnswerSchema>;

/**
 * Rules shared by every choice-like answer: chosen ids must be offered right now (a hidden or made-up id is
 * tampering), no duplicates, 其他 text when required, and 互斥 options alone.
 */
export function validateChoices(
  chosen: readonly string[],
  otherTexts: Readonly<Record<string, string>>,
  offered: readonly Option[],
): Issue[] {
  // A handful of chosen ids among a few dozen options: linear lookups, no Map or Set built per answer. Long
  // lists (a request may send thousands of ids) get the Map and Set, so the work stays linear.
  const small = chosen.length <= 8 && offered.length <= 64;
  const byId = small ? null : new Map(offered.map((option) => [option.id, option]));
  const issues: Issue[] = [];
  const repeated = small
    ? chosen.some((id, index) => chosen.indexOf(id) !== index)
    : new Set(chosen).size !== chosen.length;
  if (repeated) issues.push(error("invalidAnswer", m.invalidAnswer()));
  for (const id of chosen) {
    const option = byId ? byId.get(id) : offered.find((candidate) => candidate.id === id);
    if (!option) {
      issues.push(error("hiddenOption", m.hiddenOption(), [id]));
      continue;
    }
    if (option.other?.textRequired && (otherTexts[id] ?? "").trim() === "") {
      issues.push(error("otherTextRequired", m.otherTextRequired(), [id]));
    }
    if (option.exclusive && chosen.length > 1) {
      issues.push(error("exclusiveOption", m.exclusiveOption(option.label), [id]));
    }
  }
  return issues;
}

export function validateSelectionCount(
  count: number,
  range: { min?: number; max?: number } | undefined,
): Issue[] {
  if (range?.min !== undefined && count < range.min) return [error("minSelect", m.minSelect(range.min))];
  if (range?.max !== undefined && count > range.max) return [error("maxSelect", m.maxSelect(range.max))];
  return [];
}

/** Label as the respondent saw it; a 其他 option shows the typed text when there is one. */
export function choiceLabel(options: readonly Option[], id: string, otherText: string | undefined): string {
  const option = options.find((candidate) => candidate.id === id);
  if (option?.other && otherText && otherText.trim() !== "") return otherText;
  return option?.label ?? id;
}

export function optionScore(options: readonly Option[], id: string): number {
  return options.find((option) => option.id === id)?.score ?? 0;
}

export function defaultOptions(count: number, prefix = "选项"): Option[] {
  return Array.from({ length: count }, (_, i) => ({ id: `o${i + 1}`, label: `${prefix}${i + 1}` }));
}
