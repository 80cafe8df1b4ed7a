import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { questionTypeNames } from "../names.ts";
import { singleChoiceType } from "./single-choice-base.ts";

const configSchema = z.object({
  options: z.array(optionSchema).max(2000).default([]),
  placeholder: z.string().max(100).default("请选择"),
});
export type DropdownConfig = z.output<typeof configSchema>;

export const dropdownType = singleChoiceType({
  type: "dropdown",
  name: questionTypeNames.dropdown,
  group: "choice",
  configSchema,
  defaults: () => ({ options: defaultOptions(3), placeholder: "请选择" }),
});
