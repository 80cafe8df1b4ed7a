import {
  definitionSchema,
  type SurveyDefinition,
  type SurveyDefinitionInput,
} from "../definition/definition.ts";
import type { QuestionInput } from "../definition/question.ts";

/** Test and bench helper: a one-page (or multi-page) definition parsed through the real schema. */
export function buildSurvey(
  pages: QuestionInput[] | QuestionInput[][],
  extra: Partial<Omit<SurveyDefinitionInput, "pages">> = {},
): SurveyDefinition {
  const pageList =
    Array.isArray(pages[0]) || pages.length === 0 ? (pages as QuestionInput[][]) : [pages as QuestionInput[]];
  return definitionSchema.parse({
    schemaVersion: 1,
    kind: "survey",
    title: "测试问卷",
    ...extra,
    pages: pageList.map((questions, i) => ({ id: `p${i + 1}`, questions })),
  });
}

export const choice = (id: string, optionIds: string[], extra: Partial<QuestionInput> = {}): QuestionInput =>
  ({
    id,
    type: "single",
    title: id,
    config: { options: optionIds.map((optionId) => ({ id: optionId, label: optionId.toUpperCase() })) },
    ...extra,
  }) as QuestionInput;

export const multi = (id: string, optionIds: string[], extra: Partial<QuestionInput> = {}): QuestionInput =>
  ({
    id,
    type: "multiple",
    title: id,
    config: { options: optionIds.map((optionId) => ({ id: optionId, label: optionId.toUpperCase() })) },
    ...extra,
  }) as QuestionInput;

export const text = (id: string, extra: Partial<QuestionInput> = {}): QuestionInput =>
  ({ id, type: "text", title: id, config: {}, ...extra }) as QuestionInput;

export const today = { today: "2024-06-15" };
