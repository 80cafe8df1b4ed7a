import type { Option, Question, SurveyDefinition } from "@wjgj/core";
import { type OptionListKey, optionListOf } from "../lib/question-meta.ts";
import { mapQuestion } from "./definition-ops.ts";
import { nextId, nextIds } from "./ids.ts";

/** Pure edits of one option list (options, matrix rows or columns) of one question. */

function withList(question: Question, key: OptionListKey, list: Option[]): Question {
  return { ...question, config: { ...question.config, [key]: list } } as Question;
}

function mapList(
  definition: SurveyDefinition,
  questionId: string,
  key: OptionListKey,
  update: (list: Option[], question: Question) => Option[],
): SurveyDefinition {
  return mapQuestion(definition, questionId, (question) => {
    const list = optionListOf(question, key);
    if (!list) return question;
    const next = update(list, question);
    return next === list ? question : withList(question, key, next);
  });
}

/** Fields a type requires on every option beyond id and label (预约时段 needs a capacity, 图片 an image). */
function newOption(question: Question, key: OptionListKey, id: string, label: string): Option {
  if (key === "options" && question.type === "appointment") return { id, label, quota: 10 };
  if (key === "options" && (question.type === "imageSingle" || question.type === "imageMultiple"))
    return { id, label, image: "https://example.com/image.png" };
  return { id, label };
}

/** Lists whose length the schema fixes (判断题 has exactly two options). */
function fixedLength(question: Question, key: OptionListKey): number | null {
  return key === "options" && question.type === "trueFalse" ? 2 : null;
}

function labelPrefix(key: OptionListKey): string {
  return key === "rows" ? "行" : key === "columns" ? "列" : "选项";
}

export interface AddOptionResult {
  definition: SurveyDefinition;
  optionId: string | null;
}

/** Adds an option after `afterIndex` (at the end when omitted), labelled 选项N unless given a label. */
export function addOption(
  definition: SurveyDefinition,
  questionId: string,
  key: OptionListKey,
  options: { afterIndex?: number; label?: string } = {},
): AddOptionResult {
  let optionId: string | null = null;
  const next = mapList(definition, questionId, key, (list, question) => {
    if (fixedLength(question, key) !== null) return list;
    optionId = nextId(new Set(list.map((option) => option.id)), "o");
    const label = options.label ?? `${labelPrefix(key)}${list.length + 1}`;
    const copy = list.slice();
    const at = options.afterIndex === undefined ? copy.length : options.afterIndex + 1;
    copy.splice(Math.max(0, Math.min(at, copy.length)), 0, newOption(question, key, optionId, label));
    return copy;
  });
  return { definition: next, optionId };
}

export function removeOption(
  definition: SurveyDefinition,
  questionId: string,
  key: OptionListKey,
  optionId: string,
): SurveyDefinition {
  return mapList(definition, questionId, key, (list, question) => {
    // Every list keeps one entry (matrices and most types require it) and fixed lists keep their length.
    if (list.length <= 1 || fixedLength(question, key) !== null) return list;
    const next = list.filter((option) => option.id !== optionId);
    return next.length === list.length ? list : next;
  });
}

export function moveOption(
  definition: SurveyDefinition,
  questionId: string,
  key: OptionListKey,
  from: number,
  to: number,
): SurveyDefinition {
  return mapList(definition, questionId, key, (list) => {
    if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
    const copy = list.slice();
    const [moved] = copy.splice(from, 1);
    if (moved) copy.splice(to, 0, moved);
    return copy;
  });
}

export function updateOption(
  definition: SurveyDefinition,
  questionId: string,
  key: OptionListKey,
  optionId: string,
  patch: Partial<Omit<Option, "id">>,
): SurveyDefinition {
  return mapList(definition, questionId, key, (list) => {
    const index = list.findIndex((option) => option.id === optionId);
    const option = list[index];
    if (!option) return list;
    const next = { ...option, ...patch };
    // An undefined value in the patch clears the setting rather than storing a key with no value.
    for (const name of Object.keys(patch) as (keyof Option)[])
      if (next[name] === undefined) delete next[name];
    const copy = list.slice();
    copy[index] = next;
    return copy;
  });
}

/** Lines of pasted text, one option each: trimmed, blanks dropped. */
export function linesToLabels(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/**
 * 批量添加: one option per non-empty line. `replace` relabels the existing options in order (keeping their
 * ids, so logic that points at them survives) and adds or drops the rest; otherwise the lines are appended.
 */
export function batchAddOptions(
  definition: SurveyDefinition,
  questionId: string,
  key: OptionListKey,
  text: string,
  mode: "append" | "replace",
): SurveyDefinition {
  const labels = linesToLabels(text);
  if (labels.length === 0) return definition;
  return mapList(definition, questionId, key, (list, question) => {
    const fixed = fixedLength(question, key);
    if (fixed !== null && (mode === "append" || labels.length !== fixed)) return list;
    if (mode === "append") {
      const ids = nextIds(new Set(list.map((option) => option.id)), "o", labels.length);
      return [...list, ...labels.map((label, i) => newOption(question, key, ids[i] ?? `o${i}`, label))];
    }
    const kept = list
      .slice(0, labels.length)
      .map((option, i) => ({ ...option, label: labels[i] ?? option.label }));
    const fresh = nextIds(new Set(list.map((option) => option.id)), "o", labels.length - kept.length);
    return [
      ...kept,
      ...labels.slice(kept.length).map((label, i) => newOption(question, key, fresh[i] ?? `o${i}`, label)),
    ];
  });
}
