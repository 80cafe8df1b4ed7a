import { z } from "zod";
import { formatNumber } from "../../expression/value.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addToSummary, emptySummary, mergeSummaries, type NumberSummary } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z
  .object({
    min: z.number().finite().default(0),
    max: z.number().finite().default(100),
    step: z.number().finite().positive().default(1),
    unit: z.string().max(20).optional(),
  })
  .refine((config) => config.max > config.min, { message: "最大值必须大于最小值" });
export type SliderConfig = z.output<typeof configSchema>;

function validateSlider(config: SliderConfig, answer: number): Issue[] {
  if (answer < config.min) return [error("minValue", m.minValue(config.min))];
  if (answer > config.max) return [error("maxValue", m.maxValue(config.max))];
  const steps = (answer - config.min) / config.step;
  // Tolerate float noise such as 0.1 + 0.2.
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return [error("step", m.step(config.step))];
  return [];
}

/** 滑块: a number between min and max on a step grid. */
export const sliderType = defineQuestionType({
  type: "slider",
  name: questionTypeNames.slider,
  group: "rating",
  configSchema,
  answerSchema: z.number().finite(),
  answerable: true,
  valueType: "number",
  scoringModes: [],
  defaults: () => ({ min: 0, max: 100, step: 1 }),
  isEmpty: () => false,
  validate: validateSlider,
  toText: (config, answer) => `${formatNumber(answer)}${config.unit ?? ""}`,
  toValue: (_config, answer) => answer,
  stats: {
    empty: (): NumberSummary => emptySummary,
    add: (_config, state, answer) => addToSummary(state, answer),
    merge: mergeSummaries,
  },
});
