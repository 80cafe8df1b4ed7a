import { z } from "zod";
import { idSchema } from "../../definition/ids.ts";
import {
  lengthRangeSchema,
  numberRangeSchema,
  patternRuleSchema,
} from "../../definition/validation-rules.ts";
import { toNumber } from "../../expression/value.ts";
import { scoreText } from "../../scoring/text-scoring.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addCounts, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import {
  formatValueType,
  isNumericFormat,
  matchesFormat,
  textFormatNames,
  textFormatSchema,
} from "../helpers/formats.ts";
import { checkLength, checkNumberRange, checkPatterns } from "../helpers/text-rules.ts";
import type { QuestionModule } from "../module.ts";

export const blankSchema = z.object({
  id: idSchema,
  label: z.string().max(200).default(""),
  format: textFormatSchema,
  required: z.boolean().default(true),
  length: lengthRangeSchema.optional(),
  range: numberRangeSchema.optional(),
  patterns: z.array(patternRuleSchema).max(10).default([]),
});
export type Blank = z.output<typeof blankSchema>;

export const blanksAnswerSchema = z.record(z.string(), z.string().max(5000));
export type BlanksAnswer = z.output<typeof blanksAnswerSchema>;

function validateBlank(blank: Blank, text: string): Issue[] {
  const path = [blank.id];
  if (text === "")
    return blank.required ? [error("blankRequired", m.blankRequired(blank.label || blank.id), path)] : [];
  if (!matchesFormat(blank.format, text))
    return [error("format", m.format(textFormatNames[blank.format]), path)];
  const issues = [...checkLength(text, blank.length, path), ...checkPatterns(text, blank.patterns, path)];
  if (isNumericFormat(blank.format)) issues.push(...checkNumberRange(Number(text), blank.range, path));
  return issues;
}

/**
 * Shared by 多项填空 and 横向填空: an answer maps blank id → text. Once a respondent answers at all, every
 * blank marked required must be filled. Statistics count how often each blank was filled. `$id.<blankId>`
 * is the blank's text (a number for numeric formats); `$id` lists every blank's text.
 */
export function blanksType<T extends string, C extends { blanks: Blank[] }, CI>(spec: {
  type: T;
  name: string;
  configSchema: z.ZodType<C, CI>;
  defaults: () => NoInfer<C>;
}): QuestionModule<T, C, BlanksAnswer, ChoiceStats, CI> {
  const fill = (answer: BlanksAnswer, id: string) => (answer[id] ?? "").trim();
  return {
    ...spec,
    group: "text",
    answerSchema: blanksAnswerSchema,
    answerable: true,
    valueType: "list",
    valueTypeOf: (config, key) => {
      if (key === undefined) return "list";
      const blank = config.blanks.find((candidate) => candidate.id === key);
      return blank ? formatValueType(blank.format) : undefined;
    },
    scoringModes: ["blanks", "manual"],
    isEmpty: (answer) => Object.values(answer).every((text) => text.trim() === ""),
    validate: (config, answer) => {
      const known = new Set(config.blanks.map((blank) => blank.id));
      const unknown = Object.keys(answer).filter((id) => !known.has(id));
      if (unknown.length > 0) return unknown.map((id) => error("invalidAnswer", m.invalidAnswer(), [id]));
      return config.blanks.flatMap((blank) => validateBlank(blank, fill(answer, blank.id)));
    },
    score: (_config, answer, rule) => scoreText(answer, rule),
    toText: (config, answer) =>
      config.blanks
        .map((blank) => fill(answer, blank.id))
        .filter((text) => text !== "")
        .join("、"),
    toValue: (config, answer, _options, key) => {
      if (key === undefined) return config.blanks.map((blank) => fill(answer, blank.id));
      // A numeric blank reads as a number, like a 单行文本 in a numeric format.
      const blank = config.blanks.find((candidate) => candidate.id === key);
      return blank && isNumericFormat(blank.format) ? toNumber(fill(answer, key)) : fill(answer, key);
    },
    stats: {
      empty: () => emptyChoiceStats,
      add: (config, state, answer) => ({
        n: state.n + 1,
        counts: addCounts(
          state.counts,
          config.blanks.filter((blank) => fill(answer, blank.id) !== "").map((blank) => blank.id),
        ),
      }),
      merge: mergeChoice,
    },
  };
}
