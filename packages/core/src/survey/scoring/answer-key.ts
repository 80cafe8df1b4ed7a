import type { SurveyDefinition } from "../definition/definition.ts";
import type { Question } from "../definition/question.ts";
import { richTextToPlain } from "../definition/rich-text.ts";
import { getQuestionType } from "../types/registry.ts";

/** How the answer key joins several correct options (as exports join a multi-choice answer) and alternatives. */
export const ANSWER_KEY_OPTIONS_JOIN = "┋";
export const ANSWER_KEY_ALTERNATIVES_JOIN = " 或 ";

/**
 * A scored question's right answer as a teacher reads it: the correct options' labels, a fill-in's accepted
 * answers (any one counts), each blank's answers in turn. "" when there is no single right answer: 人工评分,
 * 每个选项单独计分 (a psychometric scale), or a question without a scoring rule.
 */
export function answerKeyText(question: Question): string {
  const rule = question.scoring;
  if (!rule) return "";
  switch (rule.mode) {
    case "single":
    case "allOrNothing":
    case "partialNoWrong":
    case "partial": {
      const options = getQuestionType(question.type)?.options?.(question.config) ?? [];
      return options
        .filter((option) => option.correct)
        .map((option) => richTextToPlain(option.label).trim())
        .join(ANSWER_KEY_OPTIONS_JOIN);
    }
    case "text":
      return rule.accepted.join(ANSWER_KEY_ALTERNATIVES_JOIN);
    case "blanks": {
      // In the blanks' own order, named as the respondent saw them (or 填空N where a blank has no label).
      const config = question.config as { blanks?: { id: string; label?: string }[] };
      return (config.blanks ?? [])
        .map((blank, i) => {
          const accepted = rule.accepted[blank.id] ?? [];
          const name = richTextToPlain(blank.label ?? "").trim() || `填空${i + 1}`;
          return accepted.length > 0 ? `${name}：${accepted.join(ANSWER_KEY_ALTERNATIVES_JOIN)}` : "";
        })
        .filter(Boolean)
        .join("；");
    }
    case "perOption":
    case "manual":
      return "";
  }
}

/**
 * 显示每题分值: each scored question's full points, as the paper shows them after the title (「（5分）」), when
 * the exam's setting asks for it; {} otherwise. Computed before the answer key is stripped from what
 * respondents get, and sent beside it: the points say nothing of the right answer.
 */
export function paperPoints(definition: SurveyDefinition): Record<string, number> {
  const points: Record<string, number> = {};
  if (definition.settings.exam?.showPointsOnPaper !== true) return points;
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    const module = getQuestionType(question.type);
    if (!question.scoring || !module?.score) continue;
    const options = module.options?.(question.config) ?? [];
    const max = module.score(question.config as never, undefined, question.scoring, options).max;
    if (max > 0) points[question.id] = max;
  }
  return points;
}
