import { z } from "zod";
import { numberRangeSchema } from "../../definition/validation-rules.ts";
import { formatNumber } from "../../expression/value.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addToSummary, emptySummary, mergeSummaries, type NumberSummary } from "../helpers/counters.ts";
import { checkNumberRange, decimalPlaces } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({
  range: numberRangeSchema.optional(),
  /** Allowed decimal places; 0 means integers only. */
  decimals: z.number().int().min(0).max(8).default(0),
  unit: z.string().max(20).optional(),
});
export type NumberConfig = z.output<typeof configSchema>;

function validateNumber(config: NumberConfig, answer: number): Issue[] {
  if (config.decimals === 0 && !Number.isInteger(answer)) return [error("notInteger", m.notInteger())];
  if (decimalPlaces(answer) > config.decimals) return [error("decimals", m.decimals(config.decimals))];
  return checkNumberRange(answer, config.range);
}

/** 数字: a number with optional unit, range and decimal places. `$id` is the number. */
export const numberType = defineQuestionType({
  type: "number",
  name: questionTypeNames.number,
  group: "text",
  configSchema,
  answerSchema: z.number().finite(),
  answerable: true,
  valueType: "number",
  scoringModes: [],
  defaults: () => ({ decimals: 0 }),
  isEmpty: () => false,
  validate: validateNumber,
  toText: (config, answer) => `${formatNumber(answer)}${config.unit ?? ""}`,
  toValue: (_config, answer) => answer,
  stats: {
    empty: (): NumberSummary => emptySummary,
    add: (_config, state, answer) => addToSummary(state, answer),
    merge: mergeSummaries,
  },
});
