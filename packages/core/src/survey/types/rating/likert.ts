import { z } from "zod";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { integerIn, ratingStats } from "./rating-stats.ts";

export const likertScaleSchema = z.object({
  points: z.number().int().min(2).max(11).default(5),
  start: z.number().int().min(0).max(1).default(1),
  minLabel: z.string().max(50).default("非常不同意"),
  maxLabel: z.string().max(50).default("非常同意"),
  /** A caption for every point (overrides the end labels when present). */
  labels: z.array(z.string().max(50)).max(11).optional(),
});
export type LikertConfig = z.output<typeof likertScaleSchema>;

export function scalePointValid(config: LikertConfig, value: number): boolean {
  return integerIn(value, config.start, config.start + config.points - 1);
}

export function scaleLabel(config: LikertConfig, value: number): string {
  return config.labels?.[value - config.start] ?? String(value);
}

/** 量表 (Likert): `points` points from `start`, with labels at both ends. `$id` is the point. */
export const likertType = defineQuestionType({
  type: "likert",
  name: questionTypeNames.likert,
  group: "rating",
  configSchema: likertScaleSchema,
  answerSchema: z.number(),
  answerable: true,
  valueType: "number",
  scoringModes: [],
  defaults: () => ({ points: 5, start: 1, minLabel: "非常不同意", maxLabel: "非常同意" }),
  isEmpty: () => false,
  validate: (config, answer) =>
    scalePointValid(config, answer) ? [] : [error("invalidAnswer", m.invalidAnswer())],
  toText: (config, answer) => scaleLabel(config, answer),
  toValue: (_config, answer) => answer,
  stats: ratingStats,
});
