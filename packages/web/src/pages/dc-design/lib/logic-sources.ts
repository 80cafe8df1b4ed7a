import type { SurveyDefinition } from "@wjgj/core";
import type { SourceQuestion } from "./condition-model.ts";
import { choiceTypes, isAnswerable } from "./question-meta.ts";
import { indexSurvey, plainTitle, questionLabel } from "./survey-index.ts";

/**
 * Questions a condition of `questionId` may read: answerable ones before it (core refuses later ones),
 * plus the question itself for jump rules.
 */
export function conditionSources(
  definition: SurveyDefinition,
  questionId: string,
  includeSelf: boolean,
): SourceQuestion[] {
  const index = indexSurvey(definition);
  const own = index.byId.get(questionId)?.order ?? index.ids.length;
  const sources: SourceQuestion[] = [];
  for (const id of index.ids) {
    const info = index.byId.get(id);
    if (!info || !isAnswerable(info.question.type)) continue;
    if (info.order > own || (info.order === own && !includeSelf)) continue;
    sources.push({
      id,
      label: `${questionLabel(index, id)} ${plainTitle(info.question.title, 18)}`,
      question: info.question,
    });
  }
  return sources;
}

/** Earlier choice questions, the only ones select-connect and select-join can draw options from. */
export function choiceSources(definition: SurveyDefinition, questionId: string): SourceQuestion[] {
  return conditionSources(definition, questionId, false).filter((source) =>
    choiceTypes.has(source.question.type),
  );
}

export interface TargetOption {
  value: string;
  label: string;
}

/** Jump targets after `questionId`: later questions, later pages, submit and screen-out. */
export function jumpTargets(definition: SurveyDefinition, questionId: string): TargetOption[] {
  const index = indexSurvey(definition);
  const own = index.byId.get(questionId);
  if (!own) return [];
  const targets: TargetOption[] = [];
  definition.pages.forEach((page, p) => {
    if (p > own.pageIndex)
      targets.push({
        value: `p:${page.id}`,
        label: `第${p + 1}页${page.title ? ` ${plainTitle(page.title, 12)}` : ""}`,
      });
  });
  for (const id of index.ids.slice(own.order + 1)) {
    const info = index.byId.get(id);
    if (info && isAnswerable(info.question.type))
      targets.push({
        value: `q:${id}`,
        label: `${questionLabel(index, id)} ${plainTitle(info.question.title, 18)}`,
      });
  }
  targets.push(
    { value: "submit", label: "结束作答并提交" },
    { value: "screenOut", label: "甄别（标记为不合格并结束）" },
  );
  return targets;
}
