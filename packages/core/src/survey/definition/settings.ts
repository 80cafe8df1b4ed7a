import { z } from "zod";

/**
 * Settings the engine itself needs. Presentation-only settings (themes, covers, …) live with the designer.
 * - `numbering`: "static" numbers answerable questions by position in the definition; "dynamic" numbers only
 *   the ones currently shown (continuous numbering under show logic); "none" shows no numbers.
 * - `randomSeedScope`: option shuffles are seeded with `context.seed` (normally the respondent id).
 */
export const examSettingsSchema = z.object({
  passMark: z.number().finite().min(0).optional(),
  timeLimitMinutes: z.number().int().positive().optional(),
  showScoreAfterSubmit: z.boolean().default(true),
  showAnswersAfterSubmit: z.boolean().default(false),
});
export type ExamSettings = z.output<typeof examSettingsSchema>;

export const settingsSchema = z.object({
  numbering: z.enum(["static", "dynamic", "none"]).default("dynamic"),
  allowBack: z.boolean().default(true),
  exam: examSettingsSchema.optional(),
});
export type SurveySettings = z.output<typeof settingsSchema>;
