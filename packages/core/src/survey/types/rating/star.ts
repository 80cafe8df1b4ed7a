import { z } from "zod";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { integerIn, ratingStats } from "./rating-stats.ts";

const configSchema = z.object({
  max: z.number().int().min(2).max(10).default(5),
  /** Optional caption per star, e.g. 很不满意 … 很满意. */
  labels: z.array(z.string().max(50)).max(10).optional(),
});
export type StarConfig = z.output<typeof configSchema>;

/** 星级评分: 1…max stars. `$id` is the number of stars. */
export const starType = defineQuestionType({
  type: "star",
  name: questionTypeNames.star,
  group: "rating",
  configSchema,
  answerSchema: z.number(),
  answerable: true,
  valueType: "number",
  scoringModes: [],
  defaults: () => ({ max: 5 }),
  isEmpty: () => false,
  validate: (config, answer) =>
    integerIn(answer, 1, config.max) ? [] : [error("invalidAnswer", m.invalidAnswer())],
  toText: (config, answer) => config.labels?.[answer - 1] ?? `${answer}星`,
  toValue: (_config, answer) => answer,
  stats: ratingStats,
});
