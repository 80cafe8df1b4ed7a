import type { z } from "zod";
import type { Option } from "../../definition/option.ts";
import type { ScoringMode } from "../../definition/scoring-rule.ts";
import { scoreChoice } from "../../scoring/choice-scoring.ts";
import { multipleAnswerAsIs } from "../helpers/as-is.ts";
import {
  choiceLabel,
  type MultipleAnswer,
  multipleAnswerSchema,
  optionScore,
  validateChoices,
  validateSelectionCount,
} from "../helpers/choice.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import type { QuestionModule } from "../module.ts";
import type { PaletteGroup } from "../palette.ts";

interface MultipleConfigShape {
  options: Option[];
  selection?: { min?: number | undefined; max?: number | undefined } | undefined;
}

interface MultipleSpec<T extends string, C extends MultipleConfigShape, CI> {
  type: T;
  name: string;
  group: PaletteGroup;
  configSchema: z.ZodType<C, CI>;
  defaults: () => NoInfer<C>;
}

export const multipleScoringModes: readonly ScoringMode[] = [
  "allOrNothing",
  "partialNoWrong",
  "partial",
  "perOption",
  "manual",
];

/**
 * Behaviour shared by pick-many types (多选, 图片多选, 投票多选). `$id` is the list of chosen labels,
 * `$id.score` their summed score, `$id.count` how many were chosen, `$id.id` the chosen ids.
 */
export function multipleChoiceType<T extends string, C extends MultipleConfigShape, CI>(
  spec: MultipleSpec<T, C, CI>,
): QuestionModule<T, C, MultipleAnswer, ChoiceStats, CI> {
  return {
    ...spec,
    answerSchema: multipleAnswerSchema,
    answerAsIs: multipleAnswerAsIs,
    answerable: true,
    valueType: "list",
    valueTypeOf: (_config, key) => {
      if (key === undefined || key === "id") return "list";
      return key === "score" || key === "count" ? "number" : undefined;
    },
    scoringModes: multipleScoringModes,
    options: (config) => config.options,
    selected: (answer) => answer.optionIds,
    restrict: (answer, offered) => {
      if (answer.optionIds.every((id) => offered.has(id))) return answer;
      const optionIds = answer.optionIds.filter((id) => offered.has(id));
      return optionIds.length === 0 ? undefined : { ...answer, optionIds };
    },
    isEmpty: (answer) => answer.optionIds.length === 0,
    validate: (config, answer, env) => [
      ...validateChoices(answer.optionIds, answer.otherTexts ?? {}, env.options),
      ...validateSelectionCount(answer.optionIds.length, config.selection),
    ],
    score: (config, answer, rule, options) =>
      scoreChoice(answer?.optionIds ?? [], options, rule, config.selection?.max ?? options.length),
    toText: (_config, answer, options) =>
      answer.optionIds.map((id) => choiceLabel(options, id, answer.otherTexts?.[id])).join("、"),
    toValue: (_config, answer, options, key) => {
      if (key === "score") return answer.optionIds.reduce((sum, id) => sum + optionScore(options, id), 0);
      if (key === "count") return answer.optionIds.length;
      if (key === "id") return answer.optionIds;
      return answer.optionIds.map((id) => choiceLabel(options, id, answer.otherTexts?.[id]));
    },
    stats: {
      empty: () => emptyChoiceStats,
      add: (_config, state, answer) => addChoice(state, answer.optionIds),
      merge: mergeChoice,
    },
  };
}
