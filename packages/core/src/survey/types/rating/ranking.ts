import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { choiceLabel, defaultOptions } from "../helpers/choice.ts";
import { addNested, mergeNested, type NestedCounts } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({
  options: z.array(optionSchema).min(1).max(50),
  /** Rank only the top N (前N项排序); all offered options when absent. */
  rankCount: z.number().int().positive().optional(),
});
export type RankingConfig = z.output<typeof configSchema>;

function validateRanking(
  config: RankingConfig,
  answer: readonly string[],
  offered: ReadonlySet<string>,
): Issue[] {
  if (new Set(answer).size !== answer.length) return [error("invalidAnswer", m.invalidAnswer())];
  const unknown = answer.filter((id) => !offered.has(id));
  if (unknown.length > 0) return unknown.map((id) => error("hiddenOption", m.hiddenOption(), [id]));
  const expected = Math.min(config.rankCount ?? offered.size, offered.size);
  return answer.length === expected ? [] : [error("rankAll", m.rankAll(expected))];
}

export interface RankingStats {
  n: number;
  /** option id → rank (1-based, as text) → count. */
  positions: NestedCounts;
}

/** 排序: option ids from first to last. `$id.<optionId>` is that option's rank; `$id` the ordered labels. */
export const rankingType = defineQuestionType({
  type: "ranking",
  name: questionTypeNames.ranking,
  group: "rating",
  configSchema,
  answerSchema: z.array(z.string().min(1).max(64)).max(50),
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => {
    if (key === undefined) return "list";
    return config.options.some((option) => option.id === key) ? "number" : undefined;
  },
  scoringModes: [],
  defaults: () => ({ options: defaultOptions(4) }),
  options: (config) => config.options,
  selected: (answer) => answer,
  // The same array when nothing was dropped: the engine reads a new one as "an option was hidden".
  restrict: (answer, offered) => {
    if (answer.every((id) => offered.has(id))) return answer;
    const kept = answer.filter((id) => offered.has(id));
    return kept.length === 0 ? undefined : kept;
  },
  isEmpty: (answer) => answer.length === 0,
  validate: (config, answer, env) => validateRanking(config, answer, new Set(env.options.map((o) => o.id))),
  toText: (_config, answer, options) => answer.map((id) => choiceLabel(options, id, undefined)).join(" > "),
  toValue: (_config, answer, options, key) => {
    if (key === undefined) return answer.map((id) => choiceLabel(options, id, undefined));
    const rank = answer.indexOf(key);
    return rank === -1 ? null : rank + 1;
  },
  stats: {
    empty: (): RankingStats => ({ n: 0, positions: {} }),
    add: (_config, state, answer) => ({
      n: state.n + 1,
      positions: answer.reduce((acc, id, index) => addNested(acc, id, [String(index + 1)]), state.positions),
    }),
    merge: (a, b) => ({ n: a.n + b.n, positions: mergeNested(a.positions, b.positions) }),
  },
});
