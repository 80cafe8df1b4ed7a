import { z } from "zod";
import { conditionSchema } from "./condition.ts";
import { idSchema } from "./ids.ts";

/**
 * An option of a choice-like question (also rows/columns of matrices and items of ranking/allocation).
 * `other` makes it a 其他 option with a free-text box; `exclusive` (互斥) may not be combined with others;
 * `quota` caps how many responses may choose it (the server enforces it from the engine's quota keys);
 * `score`/`correct` drive exam and psychometric scoring.
 */
export const optionSchema = z.object({
  id: idSchema,
  label: z.string().max(1000),
  description: z.string().max(2000).optional(),
  image: z.string().max(2000).optional(),
  other: z.object({ textRequired: z.boolean().default(false) }).optional(),
  exclusive: z.boolean().optional(),
  hidden: z.boolean().optional(),
  score: z.number().finite().optional(),
  correct: z.boolean().optional(),
  quota: z.number().int().positive().optional(),
  showIf: conditionSchema.optional(),
});

export type Option = z.output<typeof optionSchema>;
export type OptionInput = z.input<typeof optionSchema>;

/** Random option order per respondent; the last `keepLast` options (e.g. 其他) stay in place. */
export const randomizeSchema = z.object({ keepLast: z.number().int().min(0).default(0) });
export type Randomize = z.output<typeof randomizeSchema>;
