import { z } from "zod";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { integerIn, type RatingStats, ratingStats } from "./rating-stats.ts";

const configSchema = z.object({
  minLabel: z.string().max(50).default("不可能"),
  maxLabel: z.string().max(50).default("极有可能"),
});
export type NpsConfig = z.output<typeof configSchema>;

/** Net promoter score from the histogram: % of 9–10 minus % of 0–6, in [-100, 100]; null without answers. */
export function npsScore(stats: RatingStats): number | null {
  if (stats.n === 0) return null;
  let promoters = 0;
  let detractors = 0;
  for (const [point, count] of Object.entries(stats.counts)) {
    if (Number(point) >= 9) promoters += count;
    else if (Number(point) <= 6) detractors += count;
  }
  return Math.round(((promoters - detractors) / stats.n) * 100);
}

/** NPS 净推荐值: 0–10. */
export const npsType = defineQuestionType({
  type: "nps",
  name: questionTypeNames.nps,
  group: "rating",
  configSchema,
  answerSchema: z.number(),
  answerable: true,
  valueType: "number",
  scoringModes: [],
  defaults: () => ({ minLabel: "不可能", maxLabel: "极有可能" }),
  isEmpty: () => false,
  validate: (_config, answer) =>
    integerIn(answer, 0, 10) ? [] : [error("invalidAnswer", m.invalidAnswer())],
  toText: (_config, answer) => String(answer),
  toValue: (_config, answer) => answer,
  stats: ratingStats,
});
