import { z } from "zod";
import { conditionSchema } from "./condition.ts";
import { idSchema } from "./ids.ts";
import { jumpSchema, optionSourceSchema, selectConnectSchema } from "./logic.ts";
import { randomizeSchema } from "./option.ts";
import { scoringRuleSchema } from "./scoring-rule.ts";

/**
 * Fields every question shares, whatever its type. Type-specific settings live under `config`, whose schema
 * the type's registry module owns. `title` and `description` accept the rich-text subset and `{{id}}` piping.
 */
export const questionBaseShape = {
  id: idSchema,
  title: z.string().max(5000).default(""),
  description: z.string().max(20000).optional(),
  required: z.boolean().default(false),
  showIf: conditionSchema.optional(),
  jumps: z.array(jumpSchema).optional(),
  selectConnect: selectConnectSchema.optional(),
  optionSource: optionSourceSchema.optional(),
  scoring: scoringRuleSchema.optional(),
  /**
   * 答案解析 of an exam question: plain text (line breaks kept). Part of the answer key — withheld from
   * respondents and returned with the result only when the creator shows correct answers after submitting.
   */
  explanation: z.string().max(5000).optional(),
  /** Shuffle this question's options per respondent (seeded by `context.seed`). */
  randomizeOptions: randomizeSchema.optional(),
  /**
   * 注意力检测 (answer space): the option an attentive respondent must choose. Withheld from respondents with
   * the explanations; an answer from the space that misses it earns no points.
   */
  attentionCheck: z.object({ optionId: idSchema }).optional(),
};

export function questionSchemaOf<T extends string, C extends z.ZodType>(type: T, config: C) {
  return z.object({ ...questionBaseShape, type: z.literal(type), config });
}
