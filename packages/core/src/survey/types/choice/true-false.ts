import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { questionTypeNames } from "../names.ts";
import { singleChoiceType } from "./single-choice-base.ts";

// Exactly two options so that 判断题 reads as 对/错 (labels are editable, e.g. 是/否).
const configSchema = z.object({ options: z.array(optionSchema).length(2) });
export type TrueFalseConfig = z.output<typeof configSchema>;

export const trueFalseType = singleChoiceType({
  type: "trueFalse",
  name: questionTypeNames.trueFalse,
  group: "choice",
  configSchema,
  defaults: () => ({
    options: [
      { id: "true", label: "对" },
      { id: "false", label: "错" },
    ],
  }),
});
