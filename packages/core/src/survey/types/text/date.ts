import { z } from "zod";
import { dateRangeRuleSchema } from "../../definition/validation-rules.ts";
import { isValidDate, toEpochDay } from "../../shared/dates.ts";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { textAnswerAsIs } from "../helpers/as-is.ts";
import { addToSummary, emptySummary, mergeSummaries, type NumberSummary } from "../helpers/counters.ts";
import { checkDateRange } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({ range: dateRangeRuleSchema.optional() });
export type DateConfig = z.output<typeof configSchema>;

/** 日期 as YYYY-MM-DD; bounds may be relative to today (e.g. no later than today for a birth date). */
export const dateType = defineQuestionType({
  type: "date",
  name: questionTypeNames.date,
  group: "text",
  configSchema,
  answerSchema: z.string().max(10),
  answerAsIs: textAnswerAsIs(10),
  answerable: true,
  valueType: "date",
  scoringModes: [],
  defaults: () => ({}),
  isEmpty: (answer) => answer === "",
  validate: (config, answer, env) =>
    isValidDate(answer)
      ? checkDateRange(answer, config.range, env.today)
      : [error("format", m.format("日期"))],
  toText: (_config, answer) => answer,
  toValue: (_config, answer) => answer,
  // Summarised as epoch days so the earliest/latest date merge exactly.
  stats: {
    empty: (): NumberSummary => emptySummary,
    add: (_config, state, answer) => addToSummary(state, toEpochDay(answer)),
    merge: mergeSummaries,
  },
});
