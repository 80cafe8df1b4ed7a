import { z } from "zod";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({ levels: z.number().int().min(1).max(3).default(3) });
export type RegionConfig = z.output<typeof configSchema>;

/** GB/T 2260 codes (province, city, district); names are what the respondent saw, kept for display. */
const answerSchema = z.object({
  codes: z
    .array(z.string().regex(/^\d{6}$/))
    .min(1)
    .max(3),
  names: z.array(z.string().max(50)).max(3).optional(),
});
export type RegionAnswer = z.output<typeof answerSchema>;

/**
 * Checks the code hierarchy without the region table (which lives on the server): a province ends in 0000, a
 * city shares the province's first two digits, a district the city's first four.
 */
function validateRegion(config: RegionConfig, answer: RegionAnswer): Issue[] {
  const [province, city, district] = answer.codes;
  if (answer.codes.length !== config.levels) return [error("regionLevels", m.regionLevels(config.levels))];
  const bad =
    (province !== undefined && !province.endsWith("0000")) ||
    (city !== undefined && (city.slice(0, 2) !== province?.slice(0, 2) || city.endsWith("0000"))) ||
    (district !== undefined && (district.slice(0, 4) !== city?.slice(0, 4) || district.endsWith("00")));
  return bad ? [error("regionCode", m.regionCode())] : [];
}

/** 省市区: 1 (province), 2 (+ city) or 3 (+ district) levels. Statistics count provinces. */
export const regionType = defineQuestionType({
  type: "region",
  name: questionTypeNames.region,
  group: "advanced",
  configSchema,
  answerSchema,
  answerable: true,
  valueType: "list",
  valueTypeOf: (_config, key) => (key === undefined || key === "code" ? "list" : undefined),
  scoringModes: [],
  defaults: () => ({ levels: 3 }),
  isEmpty: (answer) => answer.codes.length === 0,
  validate: validateRegion,
  toText: (_config, answer) => (answer.names ?? answer.codes).join(""),
  toValue: (_config, answer, _options, key) =>
    key === "code" ? answer.codes : (answer.names ?? answer.codes),
  stats: {
    empty: (): ChoiceStats => emptyChoiceStats,
    add: (_config, state, answer) => addChoice(state, answer.codes.slice(0, 1)),
    merge: mergeChoice,
  },
});
