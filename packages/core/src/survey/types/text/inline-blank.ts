import { z } from "zod";
import { questionTypeNames } from "../names.ts";
import { blankSchema, blanksType } from "./blanks-base.ts";

/** A blank in the title is three or more underscores; the nth run is the nth entry of `blanks`. */
export const inlineBlankMarker = /_{3,}/g;

export function countInlineBlanks(title: string): number {
  return title.match(inlineBlankMarker)?.length ?? 0;
}

const configSchema = z.object({ blanks: z.array(blankSchema).min(1).max(50) });
export type InlineBlankConfig = z.output<typeof configSchema>;

/** 横向填空: blanks written as ___ inside the title, e.g. "我今年___岁，在___工作". */
export const inlineBlankType = blanksType({
  type: "inlineBlank",
  name: questionTypeNames.inlineBlank,
  configSchema,
  defaults: () => ({ blanks: [{ id: "b1", label: "", format: "none", required: true, patterns: [] }] }),
});
