import { z } from "zod";
import { conditionSchema } from "./condition.ts";
import { idSchema } from "./ids.ts";

export const jumpTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("question"), questionId: idSchema }),
  z.object({ kind: z.literal("page"), pageId: idSchema }),
  /** End the questionnaire here and submit what was answered. */
  z.object({ kind: z.literal("submit") }),
  /** End as screened out (甄别): the response is recorded as not qualified. */
  z.object({ kind: z.literal("screenOut") }),
]);
export type JumpTarget = z.output<typeof jumpTargetSchema>;

/** A jump rule; without `when` it always fires once the question is shown (无条件跳题). */
export const jumpSchema = z.object({ when: conditionSchema.optional(), target: jumpTargetSchema });
export type Jump = z.output<typeof jumpSchema>;

/**
 * Select-connect (选项关联): each linked option of this question shows only if any of its source options of
 * `questionId` was chosen (`mode: "chosen"`), or only if none was (`"notChosen"`). Unlinked options are
 * unaffected.
 */
export const selectConnectSchema = z.object({
  questionId: idSchema,
  mode: z.enum(["chosen", "notChosen"]).default("chosen"),
  links: z.array(z.object({ optionId: idSchema, sourceOptionIds: z.array(idSchema).min(1) })),
});
export type SelectConnect = z.output<typeof selectConnectSchema>;

/**
 * Select-join (引用选项): this question's options are the selected (or unselected) options of an earlier
 * choice question, keeping their ids; a chosen 其他 option shows the respondent's text as its label.
 */
export const optionSourceSchema = z.object({
  questionId: idSchema,
  mode: z.enum(["selected", "unselected"]).default("selected"),
});
export type OptionSource = z.output<typeof optionSourceSchema>;
