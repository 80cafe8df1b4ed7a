import { z } from "zod";

/** Hard rules block submission; soft rules only warn (the respondent may still submit). */
export const ruleLevelSchema = z.enum(["error", "warning"]).default("error");

export const lengthRangeSchema = z.object({
  min: z.number().int().min(0).optional(),
  max: z.number().int().min(0).optional(),
  level: ruleLevelSchema,
});
export type LengthRange = z.output<typeof lengthRangeSchema>;

export const numberRangeSchema = z.object({
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  level: ruleLevelSchema,
});
export type NumberRange = z.output<typeof numberRangeSchema>;

/**
 * Several regex rules, each with its own message. Patterns are length-capped, and `checkDefinition` refuses
 * (and the engine never runs) patterns with nested quantifiers or backreferences: see safe-regex.ts.
 */
export const patternRuleSchema = z.object({
  pattern: z.string().min(1).max(500),
  flags: z
    .string()
    .regex(/^[imsu]*$/)
    .optional(),
  message: z.string().min(1).max(200),
  level: ruleLevelSchema,
});
export type PatternRule = z.output<typeof patternRuleSchema>;

/** A date bound: a fixed date, or `days` relative to the respondent's today (0 = today, -1 = yesterday). */
export const dateBoundSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("absolute"), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  z.object({ kind: z.literal("relative"), days: z.number().int() }),
]);
export type DateBound = z.output<typeof dateBoundSchema>;

export const dateRangeRuleSchema = z.object({
  min: dateBoundSchema.optional(),
  max: dateBoundSchema.optional(),
  level: ruleLevelSchema,
});
export type DateRangeRule = z.output<typeof dateRangeRuleSchema>;

/** Selection count bounds for multi-select types. */
export const selectionRangeSchema = z.object({
  min: z.number().int().min(0).optional(),
  max: z.number().int().min(1).optional(),
});
