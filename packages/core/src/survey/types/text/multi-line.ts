import { z } from "zod";
import { lengthRangeSchema, patternRuleSchema } from "../../definition/validation-rules.ts";
import { scoreText } from "../../scoring/text-scoring.ts";
import { textAnswerAsIs } from "../helpers/as-is.ts";
import { checkLength, checkPatterns } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { textStats } from "./text-stats.ts";

const configSchema = z.object({
  rows: z.number().int().min(2).max(20).default(4),
  placeholder: z.string().max(200).optional(),
  length: lengthRangeSchema.optional(),
  patterns: z.array(patternRuleSchema).max(20).default([]),
});
export type MultiLineConfig = z.output<typeof configSchema>;

/** 多行文本; in exams usually an essay graded manually (`scoring: { mode: "manual" }`). */
export const multiLineType = defineQuestionType({
  type: "textarea",
  name: questionTypeNames.textarea,
  group: "text",
  configSchema,
  answerSchema: z.string().max(20000),
  answerAsIs: textAnswerAsIs(20000),
  answerable: true,
  valueType: "string",
  scoringModes: ["text", "manual"],
  defaults: () => ({ rows: 4, patterns: [] }),
  isEmpty: (answer) => answer.trim() === "",
  validate: (config, answer) => [
    ...checkLength(answer.trim(), config.length),
    ...checkPatterns(answer, config.patterns),
  ],
  score: (_config, answer, rule) => scoreText(answer, rule),
  toText: (_config, answer) => answer.trim(),
  toValue: (_config, answer) => answer.trim(),
  stats: textStats,
});
