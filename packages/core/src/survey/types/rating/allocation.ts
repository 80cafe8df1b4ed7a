import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { type Counts, mergeCounts } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({
  options: z.array(optionSchema).min(1).max(50),
  total: z.number().int().positive().default(100),
});
export type AllocationConfig = z.output<typeof configSchema>;

const answerSchema = z.record(z.string(), z.number().int().min(0));
export type AllocationAnswer = z.output<typeof answerSchema>;

function validateAllocation(
  config: AllocationConfig,
  answer: AllocationAnswer,
  offered: ReadonlySet<string>,
): Issue[] {
  const unknown = Object.keys(answer).filter((id) => !offered.has(id));
  if (unknown.length > 0) return unknown.map((id) => error("hiddenOption", m.hiddenOption(), [id]));
  const sum = Object.values(answer).reduce((total, value) => total + value, 0);
  return sum === config.total ? [] : [error("allocationTotal", m.allocationTotal(config.total))];
}

export interface AllocationStats {
  n: number;
  sums: Counts;
}

/**
 * 比重: distribute `total` points over the items (whole numbers). Items with points count as "selected" for
 * conditions; `$id.<optionId>` is the points given to an item.
 */
export const allocationType = defineQuestionType({
  type: "allocation",
  name: questionTypeNames.allocation,
  group: "rating",
  configSchema,
  answerSchema,
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => {
    if (key === undefined) return "list";
    return config.options.some((option) => option.id === key) ? "number" : undefined;
  },
  scoringModes: [],
  defaults: () => ({ options: defaultOptions(3, "项目"), total: 100 }),
  options: (config) => config.options,
  selected: (answer) => Object.keys(answer).filter((id) => (answer[id] ?? 0) > 0),
  // The same object when nothing was dropped: the engine reads a new one as "an option was hidden".
  restrict: (answer, offered) => {
    if (Object.keys(answer).every((id) => offered.has(id))) return answer;
    const kept = Object.entries(answer).filter(([id]) => offered.has(id));
    return kept.length === 0 ? undefined : Object.fromEntries(kept);
  },
  isEmpty: (answer) => Object.keys(answer).length === 0,
  validate: (config, answer, env) =>
    validateAllocation(config, answer, new Set(env.options.map((o) => o.id))),
  toText: (_config, answer, options) =>
    options
      .filter((option) => answer[option.id] !== undefined)
      .map((option) => `${option.label}:${answer[option.id]}`)
      .join("、"),
  toValue: (_config, answer, options, key) =>
    key !== undefined ? (answer[key] ?? 0) : options.map((option) => answer[option.id] ?? 0),
  stats: {
    empty: (): AllocationStats => ({ n: 0, sums: {} }),
    add: (_config, state, answer) => ({ n: state.n + 1, sums: mergeCounts(state.sums, answer) }),
    merge: (a, b) => ({ n: a.n + b.n, sums: mergeCounts(a.sums, b.sums) }),
  },
});
