import { z } from "zod";
import { questionTypeNames } from "../names.ts";
import { blankSchema, blanksType } from "./blanks-base.ts";

const configSchema = z.object({ blanks: z.array(blankSchema).min(1).max(50) });
export type MultiBlankConfig = z.output<typeof configSchema>;

/** 多项填空: labelled blanks stacked under the title (e.g. 姓名/班级/学号). */
export const multiBlankType = blanksType({
  type: "multiBlank",
  name: questionTypeNames.multiBlank,
  configSchema,
  defaults: () => ({
    blanks: [
      { id: "b1", label: "填空1", format: "none", required: true, patterns: [] },
      { id: "b2", label: "填空2", format: "none", required: true, patterns: [] },
    ],
  }),
});
