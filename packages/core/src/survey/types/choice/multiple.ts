import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { selectionRangeSchema } from "../../definition/validation-rules.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { questionTypeNames } from "../names.ts";
import { multipleChoiceType } from "./multiple-choice-base.ts";

const configSchema = z.object({
  options: z.array(optionSchema).max(500).default([]),
  selection: selectionRangeSchema.optional(),
  columns: z.number().int().min(1).max(6).default(1),
});
export type MultipleConfig = z.output<typeof configSchema>;

export const multipleType = multipleChoiceType({
  type: "multiple",
  name: questionTypeNames.multiple,
  group: "choice",
  configSchema,
  defaults: () => ({ options: defaultOptions(3), columns: 1 }),
});
