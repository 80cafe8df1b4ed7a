import { z } from "zod";
import { dateRangeRuleSchema } from "../../definition/validation-rules.ts";
import { isValidDate, toEpochDay } from "../../shared/dates.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addToSummary, emptySummary, mergeSummaries, type NumberSummary } from "../helpers/counters.ts";
import { checkDateRange } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({
  range: dateRangeRuleSchema.optional(),
  maxDays: z.number().int().positive().optional(),
});
export type DateRangeConfig = z.output<typeof configSchema>;

const answerSchema = z.object({ start: z.string().max(10), end: z.string().max(10) });
export type DateRangeAnswer = z.output<typeof answerSchema>;

function validateRange(config: DateRangeConfig, answer: DateRangeAnswer, today: string): Issue[] {
  if (!isValidDate(answer.start)) return [error("format", m.format("开始日期"), ["start"])];
  if (!isValidDate(answer.end)) return [error("format", m.format("结束日期"), ["end"])];
  if (answer.end < answer.start) return [error("rangeOrder", m.rangeOrder(), ["end"])];
  const days = toEpochDay(answer.end) - toEpochDay(answer.start) + 1;
  if (config.maxDays !== undefined && days > config.maxDays) {
    return [error("maxValue", m.maxValue(`${config.maxDays}天`), ["end"])];
  }
  return [
    ...checkDateRange(answer.start, config.range, today, ["start"]),
    ...checkDateRange(answer.end, config.range, today, ["end"]),
  ];
}

/** 日期范围: start and end dates, both inclusive. `$id.start`/`$id.end` are the dates, `$id` the day count. */
export const dateRangeType = defineQuestionType({
  type: "dateRange",
  name: questionTypeNames.dateRange,
  group: "text",
  configSchema,
  answerSchema,
  answerable: true,
  valueType: "number",
  valueTypeOf: (_config, key) => {
    if (key === undefined) return "number";
    return key === "start" || key === "end" ? "date" : undefined;
  },
  scoringModes: [],
  defaults: () => ({}),
  isEmpty: (answer) => answer.start === "" && answer.end === "",
  validate: (config, answer, env) => validateRange(config, answer, env.today),
  toText: (_config, answer) => `${answer.start} 至 ${answer.end}`,
  toValue: (_config, answer, _options, key) => {
    if (key === "start") return answer.start;
    if (key === "end") return answer.end;
    if (!isValidDate(answer.start) || !isValidDate(answer.end)) return null;
    return toEpochDay(answer.end) - toEpochDay(answer.start) + 1;
  },
  stats: {
    empty: (): NumberSummary => emptySummary,
    add: (_config, state, answer) =>
      addToSummary(state, toEpochDay(answer.end) - toEpochDay(answer.start) + 1),
    merge: mergeSummaries,
  },
});
