import type { Question, SurveyDefinition } from "@wjgj/core";

const byDefinition = new WeakMap<SurveyDefinition, Map<string, Question[]>>();

/**
 * The questions of one type in a definition, in order — computed once per definition object (revisions and
 * papers are cached, so every submit of a questionnaire asks the same object): the submit asks for its 预约 and
 * 商品 questions on every request, and most questionnaires have none.
 */
export function questionsOfType<T extends Question["type"]>(
  definition: SurveyDefinition,
  type: T,
): readonly Extract<Question, { type: T }>[] {
  let types = byDefinition.get(definition);
  if (!types) {
    types = new Map();
    for (const question of definition.pages.flatMap((page) => page.questions)) {
      const list = types.get(question.type);
      if (list) list.push(question);
      else types.set(question.type, [question]);
    }
    byDefinition.set(definition, types);
  }
  return (types.get(type) ?? []) as Extract<Question, { type: T }>[];
}
