import type { z } from "zod";
import type { Option } from "../../definition/option.ts";
import type { ScoringMode } from "../../definition/scoring-rule.ts";
import { scoreChoice } from "../../scoring/choice-scoring.ts";
import { singleAnswerAsIs } from "../helpers/as-is.ts";
import {
  choiceLabel,
  optionScore,
  type SingleAnswer,
  singleAnswerSchema,
  validateChoices,
} from "../helpers/choice.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import type { QuestionModule } from "../module.ts";
import type { PaletteGroup } from "../palette.ts";

interface SingleSpec<T extends string, C extends { options: Option[] }, CI> {
  type: T;
  name: string;
  group: PaletteGroup;
  retired?: boolean;
  configSchema: z.ZodType<C, CI>;
  defaults: () => NoInfer<C>;
}

export const singleScoringModes: readonly ScoringMode[] = ["single", "perOption", "manual"];

/**
 * Behaviour shared by every pick-one type (单选, 下拉, 图片单选, 判断题, 投票单选): they differ in config and
 * rendering only. `$id` is the chosen label, `$id.score` its score, `$id.id` its option id.
 */
export function singleChoiceType<T extends string, C extends { options: Option[] }, CI>(
  spec: SingleSpec<T, C, CI>,
): QuestionModule<T, C, SingleAnswer, ChoiceStats, CI> {
  return {
    ...spec,
    answerSchema: singleAnswerSchema,
    answerAsIs: singleAnswerAsIs,
    answerable: true,
    valueType: "string",
    valueTypeOf: (_config, key) => {
      if (key === undefined || key === "id") return "string";
      return key === "score" ? "number" : undefined;
    },
    scoringModes: singleScoringModes,
    options: (config) => config.options,
    selected: (answer) => [answer.optionId],
    restrict: (answer, offered) => (offered.has(answer.optionId) ? answer : undefined),
    isEmpty: (answer) => answer.optionId === "",
    validate: (_config, answer, env) =>
      validateChoices(
        [answer.optionId],
        answer.otherText ? { [answer.optionId]: answer.otherText } : {},
        env.options,
      ),
    score: (_config, answer, rule, options) => scoreChoice(answer ? [answer.optionId] : [], options, rule, 1),
    toText: (_config, answer, options) => choiceLabel(options, answer.optionId, answer.otherText),
    toValue: (_config, answer, options, key) => {
      if (key === "score") return optionScore(options, answer.optionId);
      if (key === "id") return answer.optionId;
      return choiceLabel(options, answer.optionId, answer.otherText);
    },
    stats: {
      empty: () => emptyChoiceStats,
      add: (_config, state, answer) => addChoice(state, [answer.optionId]),
      merge: mergeChoice,
    },
  };
}
