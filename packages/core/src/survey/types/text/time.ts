import { z } from "zod";
import { ruleLevelSchema } from "../../definition/validation-rules.ts";
import { isValidTime } from "../../shared/dates.ts";
import { error, issueAt } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { textAnswerAsIs } from "../helpers/as-is.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const configSchema = z.object({
  range: z.object({ min: hhmm.optional(), max: hhmm.optional(), level: ruleLevelSchema }).optional(),
});
export type TimeConfig = z.output<typeof configSchema>;

/** 时间 as HH:mm (seconds optional). Statistics count answers per hour of the day. */
export const timeType = defineQuestionType({
  type: "time",
  name: questionTypeNames.time,
  group: "text",
  configSchema,
  answerSchema: z.string().max(8),
  answerAsIs: textAnswerAsIs(8),
  answerable: true,
  valueType: "time",
  scoringModes: [],
  defaults: () => ({}),
  isEmpty: (answer) => answer === "",
  validate: (config, answer) => {
    if (!isValidTime(answer)) return [error("format", m.format("时间"))];
    const range = config.range;
    const hm = answer.slice(0, 5);
    if (range?.min && hm < range.min) return [issueAt(range.level, "minValue", m.minValue(range.min))];
    if (range?.max && hm > range.max) return [issueAt(range.level, "maxValue", m.maxValue(range.max))];
    return [];
  },
  toText: (_config, answer) => answer,
  toValue: (_config, answer) => answer,
  stats: {
    empty: (): ChoiceStats => emptyChoiceStats,
    add: (_config, state, answer) => addChoice(state, [answer.slice(0, 2)]),
    merge: mergeChoice,
  },
});
