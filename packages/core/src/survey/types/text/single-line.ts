import { z } from "zod";
import {
  dateRangeRuleSchema,
  lengthRangeSchema,
  numberRangeSchema,
  patternRuleSchema,
} from "../../definition/validation-rules.ts";
import { toNumber } from "../../expression/value.ts";
import { scoreText } from "../../scoring/text-scoring.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { textAnswerAsIs } from "../helpers/as-is.ts";
import {
  formatValueType,
  isNumericFormat,
  matchesFormat,
  textFormatNames,
  textFormatSchema,
} from "../helpers/formats.ts";
import { checkDateRange, checkLength, checkNumberRange, checkPatterns } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { textStats } from "./text-stats.ts";

const configSchema = z.object({
  format: textFormatSchema,
  placeholder: z.string().max(200).optional(),
  length: lengthRangeSchema.optional(),
  /** For 数字/整数/小数 formats. */
  range: numberRangeSchema.optional(),
  /** For 日期 format; bounds may be relative to today. */
  dateRange: dateRangeRuleSchema.optional(),
  patterns: z.array(patternRuleSchema).max(20).default([]),
  /** 不允许重复: no two responses may give the same value. The server enforces it (needs other responses). */
  unique: z.boolean().default(false),
});
export type SingleLineConfig = z.output<typeof configSchema>;

const answerSchema = z.string().max(5000);

function validateSingleLine(config: SingleLineConfig, answer: string, today: string): Issue[] {
  const text = answer.trim();
  if (!matchesFormat(config.format, text)) return [error("format", m.format(textFormatNames[config.format]))];
  const issues = [...checkLength(text, config.length), ...checkPatterns(text, config.patterns)];
  if (isNumericFormat(config.format)) issues.push(...checkNumberRange(Number(text), config.range));
  if (config.format === "date") issues.push(...checkDateRange(text, config.dateRange, today));
  return issues;
}

/** 单行文本 with an input format. `$id` is the text, or a number for numeric formats. */
export const singleLineType = defineQuestionType({
  type: "text",
  name: questionTypeNames.text,
  group: "text",
  configSchema,
  answerSchema,
  answerAsIs: textAnswerAsIs(5000),
  answerable: true,
  valueType: "string",
  valueTypeOf: (config, key) => (key === undefined ? formatValueType(config.format) : undefined),
  uniqueValue: (config, answer) => (config.unique ? answer.trim() : null),
  scoringModes: ["text", "manual"],
  defaults: (): SingleLineConfig => ({ format: "none", patterns: [], unique: false }),
  isEmpty: (answer) => answer.trim() === "",
  validate: (config, answer, env) => validateSingleLine(config, answer, env.today),
  score: (_config, answer, rule) => scoreText(answer, rule),
  toText: (_config, answer) => answer.trim(),
  toValue: (config, answer) => (isNumericFormat(config.format) ? toNumber(answer) : answer.trim()),
  stats: textStats,
});
